package dev.deskhand.agents;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;

import dev.deskhand.approval.AgentSession;
import dev.deskhand.approval.AgentSessions;
import dev.deskhand.errors.DeskhandException;
import dev.deskhand.tracing.CallKeys;
import dev.deskhand.tracing.TraceIds;
import dev.deskhand.trajectory.SentImage;
import dev.deskhand.trajectory.TrajectoryRecorder;

/**
 * A vendor endpoint's request as one step of its session's record, as an MCP tool call is
 * one (docs/replay.md): the request's arguments (typed text redacted), the audit records
 * it produced (approvals, each batch's input action), how it ended and the screenshot the
 * reply carried. A request that failed before it had a session (bad arguments, another
 * agent's handle) has no record to go into, as for MCP. Each request is also observed as
 * {@code deskhand.endpoint.requests}: a span named after the step, with the phases of its
 * batches (approval wait, lease, queue wait, execution, encoding) as children, like an
 * MCP tool call's.
 */
public final class EndpointSteps {

	private final TrajectoryRecorder trajectories;

	private final AgentSessions sessions;

	private final ObservationRegistry observations;

	/** The observation of one vendor endpoint request (its timer, its span). */
	static final String REQUEST = "deskhand.endpoint.requests";

	public EndpointSteps(TrajectoryRecorder trajectories, AgentSessions sessions, ObservationRegistry observations) {
		this.trajectories = trajectories;
		this.sessions = sessions;
		this.observations = observations;
	}

	/**
	 * Runs {@code reply} as one recorded step.
	 * @param tool the step's name, {@code openai_computer}
	 * @param via the endpoint, {@code /agents/openai/computer}
	 * @param request the request body as the vendor's loop sent it
	 * @param reply runs the request; its answer names the session
	 * ({@code deskhand_session})
	 */
	public Map<String, Object> record(String tool, String via, Object request, Supplier<Map<String, Object>> reply) {
		Observation call = Observation.createNotStarted(REQUEST, this.observations)
			.contextualName(tool)
			.lowCardinalityKeyValue(CallKeys.TOOL, tool)
			.start();
		TrajectoryRecorder.Call step = this.trajectories.begin(tool, via);
		step.traced(TraceIds.of(call));
		String outcome = "ok";
		String message = null;
		List<SentImage> images = List.of();
		try (Observation.Scope scope = call.openScope()) {
			Map<String, Object> answer = reply.get();
			if (answer.get(EndpointSessions.FIELD) instanceof String handle) {
				AgentSession session = this.sessions.find(handle).orElse(null);
				if (session != null) {
					this.trajectories.identify(handle, session.principal(), session.client(), arguments(request));
					call.highCardinalityKeyValue(CallKeys.SESSION, handle);
					call.highCardinalityKeyValue(CallKeys.PRINCIPAL, session.principal());
				}
			}
			String error = failureOf(answer);
			if (error != null) {
				int colon = error.indexOf(": ");
				boolean coded = error.startsWith("E_") && colon > 0;
				outcome = coded ? error.substring(0, colon) : "error";
				message = coded ? error.substring(colon + 2) : error;
			}
			images = imagesOf(answer);
			return answer;
		}
		catch (DeskhandException ex) {
			outcome = ex.code().name();
			message = ex.getMessage();
			throw ex;
		}
		finally {
			step.finish(outcome, message, images);
			call.lowCardinalityKeyValue(CallKeys.OUTCOME, outcome);
			if (outcome.startsWith("E_")) {
				call.highCardinalityKeyValue(CallKeys.ERROR_CODE, outcome);
			}
			call.stop();
		}
	}

	@SuppressWarnings("unchecked")
	private static Map<String, Object> arguments(Object request) {
		return (request instanceof Map<?, ?> map) ? (Map<String, Object>) map : Map.of("body", request);
	}

	/**
	 * The first failure a reply reports, as {@code E_CODE: message}: OpenAI's
	 * {@code deskhand.error} and each action's {@code error}, a Gemini function
	 * response's {@code error}, an Anthropic {@code tool_result} with {@code is_error}.
	 * @return {@code null} when everything ran
	 */
	static String failureOf(Object reply) {
		if (reply instanceof Map<?, ?> map) {
			if (map.get("error") instanceof String error) {
				return error;
			}
			if (Boolean.TRUE.equals(map.get("is_error"))) {
				return textOf(map.get("content"));
			}
			for (Object value : map.values()) {
				String found = failureOf(value);
				if (found != null) {
					return found;
				}
			}
		}
		else if (reply instanceof List<?> list) {
			for (Object item : list) {
				String found = failureOf(item);
				if (found != null) {
					return found;
				}
			}
		}
		return null;
	}

	private static String textOf(Object content) {
		if (content instanceof List<?> blocks) {
			for (Object block : blocks) {
				if (block instanceof Map<?, ?> map && map.get("text") instanceof String text) {
					return text;
				}
			}
		}
		return "error";
	}

	/**
	 * The images a reply carries, in order, in each vendor's shape: OpenAI's
	 * {@code image_url} data URL, Gemini's {@code inline_data}, Anthropic's base64
	 * {@code source}.
	 */
	static List<SentImage> imagesOf(Object reply) {
		List<SentImage> images = new ArrayList<>();
		collect(reply, images);
		return images;
	}

	private static void collect(Object value, List<SentImage> images) {
		if (value instanceof Map<?, ?> map) {
			SentImage image = imageOf(map);
			if (image != null) {
				images.add(image);
				return;
			}
			map.values().forEach((child) -> collect(child, images));
		}
		else if (value instanceof List<?> list) {
			list.forEach((item) -> collect(item, images));
		}
	}

	private static SentImage imageOf(Map<?, ?> map) {
		if (map.get("image_url") instanceof String url && url.startsWith("data:") && url.contains(";base64,")) {
			return SentImage.ofBase64(url.substring(url.indexOf(',') + 1),
					url.substring("data:".length(), url.indexOf(';')));
		}
		if (map.get("inline_data") instanceof Map<?, ?> inline && inline.get("data") instanceof String data
				&& inline.get("mime_type") instanceof String type) {
			return SentImage.ofBase64(data, type);
		}
		if ("base64".equals(map.get("type")) && map.get("data") instanceof String data
				&& map.get("media_type") instanceof String type) {
			return SentImage.ofBase64(data, type);
		}
		return null;
	}

}
