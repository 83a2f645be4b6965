package dev.deskhand.tools;

import java.util.function.Supplier;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;

/**
 * Runs a tool body so that nothing escapes it: every failure becomes an {@code isError}
 * result {@code E_CODE: message} (an exception thrown from an MCP tool method breaks the
 * HTTP exchange), and every call is timed as {@code deskhand.tool.calls} tagged by tool
 * and outcome.
 */
public class ToolRunner {

	private static final Logger logger = LoggerFactory.getLogger(ToolRunner.class);

	private final MeterRegistry registry;

	public ToolRunner(MeterRegistry registry) {
		this.registry = registry;
	}

	public CallToolResult run(String tool, Supplier<CallToolResult> body) {
		Timer.Sample sample = Timer.start(this.registry);
		String outcome = "ok";
		try {
			CallToolResult result = body.get();
			if (Boolean.TRUE.equals(result.isError())) {
				outcome = "error";
			}
			return result;
		}
		catch (DeskhandException ex) {
			outcome = ex.code().name();
			logger.debug("{} -> {}", tool, ex.render());
			return ToolResults.error(ex);
		}
		catch (RuntimeException ex) {
			outcome = ErrorCode.E_FAIL.name();
			logger.warn("{} failed unexpectedly", tool, ex);
			return ToolResults.error(new DeskhandException(ErrorCode.E_FAIL, tool + " failed: " + ex.getMessage(), ex));
		}
		finally {
			sample.stop(Timer.builder("deskhand.tool.calls")
				.description("Tool calls by tool and outcome (ok or an E_* code)")
				.tag("tool", tool)
				.tag("outcome", outcome)
				.register(this.registry));
		}
	}

}
