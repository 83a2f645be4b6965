package dev.deskhand.agents.openai;

import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.deskhand.actions.ActionOutcome;
import dev.deskhand.actions.ActionArguments;
import dev.deskhand.actions.DesktopActions;
import dev.deskhand.agents.AgentsProperties;
import dev.deskhand.agents.BatchStep;
import dev.deskhand.agents.EndpointCaller;
import dev.deskhand.agents.FailedAction;
import dev.deskhand.agents.VendorCalls;
import dev.deskhand.agents.EndpointSessions;
import dev.deskhand.agents.VendorComputer;
import dev.deskhand.approval.AgentSession;
import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.Echo;
import dev.deskhand.input.InputAction;
import dev.deskhand.screen.DisplayChoice;
import dev.deskhand.screen.ModelProfiles;
import dev.deskhand.screen.Screenshot;

/**
 * OpenAI's {@code computer} tool, natively: one {@code computer_call} in, its
 * {@code computer_call_output} out. The call's whole batch is validated first, runs as
 * one {@code computer_batch} (one approval, the lease, the input queue, the failsafe),
 * and is answered with one screenshot of what it left. Usable in-process as it is; the
 * HTTP endpoint is {@link VendorComputer}.
 */
public class OpenAiComputer implements VendorComputer {

	private final EndpointSessions sessions;

	private final ActionArguments arguments;

	private final DesktopActions desktop;

	private final VendorCalls calls;

	private final AgentsProperties properties;

	public OpenAiComputer(EndpointSessions sessions, ActionArguments arguments, DesktopActions desktop,
			VendorCalls calls, AgentsProperties properties) {
		this.sessions = sessions;
		this.arguments = arguments;
		this.desktop = desktop;
		this.calls = calls;
		this.properties = properties;
	}

	@Override
	public String vendor() {
		return "openai";
	}

	/** One {@code computer_call} item. */
	@Override
	@SuppressWarnings("unchecked")
	public Map<String, Object> answer(String principal, String handle, Object body) {
		if (body instanceof Map<?, ?> call) {
			return run(principal, handle, (Map<String, Object>) call);
		}
		throw DeskhandException.args("send one computer_call object");
	}

	/**
	 * @param principal the authenticated agent
	 * @param handle the Deskhand session to run in, or {@code null} for a new one
	 * @param call the {@code computer_call} item as the Responses API emitted it
	 * @return the {@code computer_call_output} item, with {@code deskhand_session} and
	 * what each action did under {@code deskhand}
	 * @throws DeskhandException E_ARGS when the call or any of its actions is malformed
	 * (nothing ran), E_NOT_FOUND for a session that is not the agent's
	 */
	public Map<String, Object> run(String principal, String handle, Map<String, Object> call) {
		if (!"computer_call".equals(call.get("type"))) {
			throw DeskhandException.args("type must be computer_call, got " + Echo.of(call.get("type")));
		}
		if (!(call.get("call_id") instanceof String callId) || callId.isBlank()) {
			throw DeskhandException.args("call_id must be the computer_call's call_id");
		}
		List<?> actions = actions(call);
		List<Map<String, Object>> checks = safetyChecks(call.get("pending_safety_checks"));
		AgentSession session = this.sessions.open(principal, handle, ModelProfiles.OPENAI);
		EndpointCaller caller = new EndpointCaller(session);
		DisplayChoice display = this.arguments.display(session.handle(), null);

		// everything is translated and validated before anything runs
		List<OpenAiActions.Step> steps = new ArrayList<>();
		List<InputAction> parsed = new ArrayList<>();
		List<Integer> lastInputOf = new ArrayList<>();
		for (int i = 0; i < actions.size(); i++) {
			try {
				OpenAiActions.Step step = OpenAiActions.translate(actions.get(i),
						this.properties.scrollPixelsPerClick());
				for (BatchStep action : step.actions()) {
					parsed.add(action.toAction(this.arguments, session.handle(), display));
				}
				steps.add(step);
				lastInputOf.add(parsed.size());
			}
			catch (DeskhandException ex) {
				throw VendorCalls.at("actions", i, ex);
			}
		}

		Reply reply = new Reply(callId, session.handle(), steps);
		try {
			confirm(session, checks, parsed);
		}
		catch (DeskhandException ex) {
			return reply.failed(-1, ex, observe(caller, display));
		}
		reply.acknowledged(checks);
		if (parsed.isEmpty()) {
			return reply.done(observe(caller, display));
		}
		try {
			ActionOutcome outcome = this.desktop.performAll(caller, display, parsed, true, "done");
			return reply.done(outcome.screenshot());
		}
		catch (DeskhandException ex) {
			return reply.failed(FailedAction.of(ex, lastInputOf), ex, observe(caller, display));
		}
	}

	private static List<?> actions(Map<String, Object> call) {
		Object batch = call.get("actions");
		if (batch == null && call.get("action") != null) {
			// the computer-use preview's shape: one action per call
			batch = List.of(call.get("action"));
		}
		if (!(batch instanceof List<?> list) || list.isEmpty()) {
			throw DeskhandException.args("a computer_call needs actions (or action), got none");
		}
		return list;
	}

	@SuppressWarnings("unchecked")
	private static List<Map<String, Object>> safetyChecks(Object raw) {
		if (raw == null) {
			return List.of();
		}
		if (!(raw instanceof List<?> list) || !list.stream()
			.allMatch((check) -> check instanceof Map<?, ?> map && map.get("id") instanceof String)) {
			throw DeskhandException.args("pending_safety_checks must be a list of {id, code, message}");
		}
		return (List<Map<String, Object>>) list;
	}

	/** The model's own safety checks go to a person unless the desktop is a sandbox. */
	private void confirm(AgentSession session, List<Map<String, Object>> checks, List<InputAction> actions) {
		if (checks.isEmpty()) {
			return;
		}
		List<String> said = new ArrayList<>();
		for (Map<String, Object> check : checks) {
			said.add(check.getOrDefault("code", "safety check") + ": "
					+ VendorCalls.shortened(String.valueOf(check.getOrDefault("message", ""))));
		}
		this.calls.confirm(session, "OpenAI", "openai_safety_check", said, actions);
	}

	private Screenshot observe(EndpointCaller caller, DisplayChoice display) {
		return this.calls.observe(caller, display, "screenshot after an OpenAI computer_call");
	}

	/** The {@code computer_call_output} being built. */
	private static final class Reply {

		private final Map<String, Object> item = new LinkedHashMap<>();

		private final String session;

		private final List<OpenAiActions.Step> steps;

		private List<Map<String, Object>> acknowledged = List.of();

		Reply(String callId, String session, List<OpenAiActions.Step> steps) {
			this.session = session;
			this.steps = steps;
			this.item.put("type", "computer_call_output");
			this.item.put("call_id", callId);
		}

		void acknowledged(List<Map<String, Object>> checks) {
			this.acknowledged = checks;
		}

		Map<String, Object> done(Screenshot shot) {
			return finish(shot, this.steps.size(), -1, null);
		}

		/**
		 * @param failed the step that failed, or -1 when none ran at all
		 */
		Map<String, Object> failed(int failed, DeskhandException ex, Screenshot shot) {
			return finish(shot, Math.max(failed, 0), failed, ex);
		}

		private Map<String, Object> finish(Screenshot shot, int executed, int failed, DeskhandException ex) {
			this.item.put("acknowledged_safety_checks", this.acknowledged);
			Map<String, Object> output = new LinkedHashMap<>();
			output.put("type", "computer_screenshot");
			if (shot != null) {
				output.put("image_url", "data:" + shot.format().mimeType() + ";base64,"
						+ Base64.getEncoder().encodeToString(shot.image()));
			}
			this.item.put("output", output);
			this.item.put(EndpointSessions.FIELD, this.session);
			List<Map<String, Object>> statuses = new ArrayList<>();
			for (int i = 0; i < this.steps.size(); i++) {
				Map<String, Object> status = new LinkedHashMap<>();
				status.put("index", i);
				status.put("type", this.steps.get(i).type());
				if (i < executed) {
					status.put("status", "done");
					status.put("text", this.steps.get(i).done());
				}
				else if (i == failed) {
					status.put("status", "failed");
					status.put("error", ex.render());
				}
				else {
					status.put("status", "not_executed");
				}
				statuses.add(status);
			}
			Map<String, Object> deskhand = new LinkedHashMap<>();
			deskhand.put("executed", executed);
			deskhand.put("actions", statuses);
			if (ex != null) {
				deskhand.put("error", ex.render());
			}
			if (shot != null) {
				deskhand.put("width", shot.width());
				deskhand.put("height", shot.height());
			}
			this.item.put("deskhand", deskhand);
			return this.item;
		}

	}

}
