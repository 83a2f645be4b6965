package dev.deskhand.tools;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.trajectory.SentImage;
import dev.deskhand.trajectory.TrajectoryRecorder;

/**
 * Runs a tool body so that nothing escapes it: every failure becomes an {@code isError}
 * result {@code E_CODE: message} (an exception thrown from an MCP tool method breaks the
 * HTTP exchange), and every call is timed as {@code deskhand.tool.calls} tagged by tool
 * and outcome, and recorded in the session's trajectory with the images it sent.
 */
public class ToolRunner {

	private static final Logger logger = LoggerFactory.getLogger(ToolRunner.class);

	private final MeterRegistry registry;

	private final TrajectoryRecorder trajectories;

	public ToolRunner(MeterRegistry registry) {
		this(registry, TrajectoryRecorder.OFF);
	}

	public ToolRunner(MeterRegistry registry, TrajectoryRecorder trajectories) {
		this.registry = registry;
		this.trajectories = trajectories;
	}

	public CallToolResult run(String tool, Supplier<CallToolResult> body) {
		Timer.Sample sample = Timer.start(this.registry);
		TrajectoryRecorder.Call step = this.trajectories.begin(tool);
		String outcome = "ok";
		String message = null;
		CallToolResult result = null;
		try {
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
			sample.stop(Timer.builder("deskhand.tool.calls")
				.description("Tool calls by tool and outcome (ok or an E_* code)")
				.tag("tool", tool)
				.tag("outcome", outcome)
				.register(this.registry));
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
