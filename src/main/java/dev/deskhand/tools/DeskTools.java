package dev.deskhand.tools;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;

import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.modelcontextprotocol.spec.McpSchema.ElicitResult;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.ai.mcp.annotation.McpTool;
import org.springframework.ai.mcp.annotation.McpTool.McpAnnotations;
import org.springframework.ai.mcp.annotation.McpToolParam;
import org.springframework.ai.mcp.annotation.context.McpSyncRequestContext;

import dev.deskhand.audit.Redaction;
import dev.deskhand.desk.Desk;
import dev.deskhand.desk.HumanRequest;
import dev.deskhand.errors.DeskhandException;

/**
 * Handing the desk to the human: {@code request_human}. No capability of its own, like
 * {@code request_access}: it changes nothing on the desktop, it only asks a person and
 * refuses every agent's input while they work.
 */
// Parameter names are snake_case on purpose: they become the tools' JSON argument names.
public class DeskTools {

	private static final Logger logger = LoggerFactory.getLogger(DeskTools.class);

	static final int MAX_REASON = 500;

	static final Duration DEFAULT_TIMEOUT = Duration.ofMinutes(5);

	static final Duration MAX_TIMEOUT = Duration.ofHours(1);

	static final Map<String, Object> SCHEMA = Map.of("type", "object", "properties",
			Map.of("outcome", Map.of("type", "string", "title", "When you are finished", "enum",
					List.of("done", "decline"), "description",
					"done: you did it and hand the desk back; decline: you will not, the agent goes on without")),
			"required", List.of("outcome"));

	private final CallContexts contexts;

	private final Desk desk;

	private final ExecutorService elicitations;

	private final ToolRunner runner;

	DeskTools(CallContexts contexts, Desk desk, ExecutorService elicitations, ToolRunner runner) {
		this.contexts = contexts;
		this.desk = desk;
		this.elicitations = elicitations;
		this.runner = runner;
	}

	@McpTool(name = "request_human", description = """
			Ask the person at the desk to do something only a human should: a captcha, a login, a \
			payment, a confirmation. The request shows in the operator console (and to the client's user \
			when the client supports elicitation); while it waits, input from every agent is refused. \
			Returns {"outcome":"done"} when they hand the desk back, {"outcome":"declined"} when they \
			will not; E_TIMEOUT when nobody answered in time. One request per session at a time \
			(E_BUSY otherwise); cancelling the call withdraws the request. Take a screenshot afterwards: \
			the screen has changed.""", annotations = @McpAnnotations(title = "Request the human", readOnlyHint = false,
			destructiveHint = false, idempotentHint = false, openWorldHint = false))
	public CallToolResult requestHuman(McpSyncRequestContext context,
			@McpToolParam(
					description = "What the human should do and why, in one sentence they will read") String reason,
			@McpToolParam(description = "Seconds to wait for them (default 300, at most 3600)",
					required = false) Number timeout) {
		return this.runner.run("request_human", () -> {
			if (reason == null || reason.isBlank()) {
				throw DeskhandException.args("reason is required: one sentence for the human");
			}
			if (reason.length() > MAX_REASON) {
				throw DeskhandException.args("reason has " + reason.length() + " characters; at most " + MAX_REASON);
			}
			Duration wait = timeout(timeout);
			CallContext call = this.contexts.of(context);
			// the console card and the elicitation show what the agent wrote, with bidi
			// overrides and invisible characters spelled out
			String shown = Redaction.summary(reason.strip(), MAX_REASON);
			String outcome = this.desk.requestHuman(call.handle(), call.session().principal(), shown, wait,
					call.cancellation(), (request) -> {
						if (context.elicitEnabled()) {
							elicit(context, request);
						}
					});
			Map<String, Object> result = new LinkedHashMap<>();
			result.put("outcome", outcome);
			return ToolResults.json(result);
		});
	}

	static Duration timeout(Number seconds) {
		if (seconds == null) {
			return DEFAULT_TIMEOUT;
		}
		double value = seconds.doubleValue();
		if (!(value > 0) || value > MAX_TIMEOUT.toSeconds()) {
			throw DeskhandException
				.args("timeout must be more than 0 and at most " + MAX_TIMEOUT.toSeconds() + " s, got " + seconds);
		}
		return Duration.ofMillis(Math.round(value * 1000));
	}

	// On a thread of its own, so the operator can answer meanwhile; the first answer
	// counts.
	private void elicit(McpSyncRequestContext context, HumanRequest request) {
		String message = "Deskhand: the agent (" + request.principal() + ") asks for you: " + request.reason()
				+ ". Agents' input is paused; answer when you have finished.";
		this.elicitations.execute(() -> {
			try {
				ElicitResult result = context.elicit(McpSchema.ElicitFormRequest.builder(message, SCHEMA).build());
				boolean done = result.action() == ElicitResult.Action.ACCEPT && result.content() != null
						&& "done".equals(result.content().get("outcome"));
				this.desk.answer(request.id(), done ? "done" : "declined", "elicitation");
			}
			catch (RuntimeException ex) {
				// The client failed or timed out: the operator and the timeout remain.
				logger.debug("elicitation for human request {} failed: {}", request.id(), ex.toString());
			}
		});
	}

}
