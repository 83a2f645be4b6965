package dev.deskhand.tools;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.observation.DefaultMeterObservationHandler;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.tracing.CallKeys;
import dev.deskhand.tracing.TraceIds;
import dev.deskhand.trajectory.SentImage;
import dev.deskhand.trajectory.TrajectoryRecorder;

/**
 * Runs a tool body so that nothing escapes it: every failure becomes an {@code isError}
 * result {@code E_CODE: message} (an exception thrown from an MCP tool method breaks the
 * HTTP exchange), and every call is observed as {@code deskhand.tool.calls} (a timer
 * tagged by tool and outcome, and with tracing a span whose children are the call's
 * phases) and recorded in the session's trajectory with the images it sent and its trace
 * id.
 */
public class ToolRunner {

	private static final Logger logger = LoggerFactory.getLogger(ToolRunner.class);

	private final ObservationRegistry observations;

	private final TrajectoryRecorder trajectories;

	/** Times calls into {@code registry}, without traces or a session record. */
	public ToolRunner(MeterRegistry registry) {
		this(timing(registry), TrajectoryRecorder.OFF);
	}

	public ToolRunner(ObservationRegistry observations, TrajectoryRecorder trajectories) {
		this.observations = observations;
		this.trajectories = trajectories;
	}

	private static ObservationRegistry timing(MeterRegistry registry) {
		ObservationRegistry observations = ObservationRegistry.create();
		observations.observationConfig()
			.observationHandler(new DefaultMeterObservationHandler(registry,
					DefaultMeterObservationHandler.IgnoredMeters.LONG_TASK_TIMER));
		return observations;
	}

	public CallToolResult run(String tool, Supplier<CallToolResult> body) {
		Observation call = Observation.createNotStarted(CallKeys.TOOL_CALL, this.observations)
			.contextualName(tool)
			.lowCardinalityKeyValue(CallKeys.TOOL, tool)
			.start();
		TrajectoryRecorder.Call step = this.trajectories.begin(tool);
		step.traced(TraceIds.of(call));
		String outcome = "ok";
		String message = null;
		CallToolResult result = null;
		try (Observation.Scope scope = call.openScope()) {
			result = body.get();
			if (Boolean.TRUE.equals(result.isError())) {
				outcome = "error";
				message = textOf(result);
			}
			return result;
		}
		catch (DeskhandException ex) {
			outcome = ex.code().name();
			message = ex.getMessage();
			logger.debug("{} -> {}", tool, ex.render());
			return ToolResults.error(ex);
		}
		catch (RuntimeException ex) {
			outcome = ErrorCode.E_FAIL.name();
			message = tool + " failed: " + ex.getMessage();
			logger.warn("{} failed unexpectedly", tool, ex);
			return ToolResults.error(new DeskhandException(ErrorCode.E_FAIL, tool + " failed: " + ex.getMessage(), ex));
		}
		finally {
			step.finish(outcome, message, step.recording() ? imagesOf(result) : List.of());
			call.lowCardinalityKeyValue(CallKeys.OUTCOME, outcome);
			if (outcome.startsWith("E_")) {
				call.highCardinalityKeyValue(CallKeys.ERROR_CODE, outcome);
			}
			call.stop();
		}
	}

	private static List<SentImage> imagesOf(CallToolResult result) {
		List<SentImage> images = new ArrayList<>();
		if (result != null && result.content() != null) {
			for (McpSchema.Content content : result.content()) {
				if (content instanceof McpSchema.ImageContent image && image.data() != null) {
					images.add(SentImage.ofBase64(image.data(), image.mimeType()));
				}
			}
		}
		return images;
	}

	private static String textOf(CallToolResult result) {
		if (result.content() != null) {
			for (McpSchema.Content content : result.content()) {
				if (content instanceof McpSchema.TextContent text) {
					return text.text();
				}
			}
		}
		return null;
	}

}
