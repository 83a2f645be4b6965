package dev.deskhand.tools;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;

import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.ElicitResult;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.ai.mcp.annotation.context.McpSyncRequestContext;

import dev.deskhand.approval.Decision;
import dev.deskhand.approval.HumanChannel;
import dev.deskhand.approval.PendingApproval;

/**
 * Asks the MCP client's user through elicitation: a form with approve/deny and
 * once/session. The question runs on a thread of its own, so an operator can answer the
 * same request meanwhile; whichever answer comes first counts. Only built for agents in
 * {@code deskhand.approval.elicitation-agents}: the client answering is the agent's own,
 * a person only when that client is a person's app.
 */
final class ElicitationChannel implements HumanChannel {

	private static final Logger logger = LoggerFactory.getLogger(ElicitationChannel.class);

	static final Map<String, Object> SCHEMA = Map.of("type", "object", "properties",
			Map.of("decision",
					Map.of("type", "string", "title", "Decision", "enum", List.of("approve", "deny"), "description",
							"Let the agent do this?"),
					"scope",
					Map.of("type", "string", "title", "For", "enum", List.of("once", "session"), "description",
							"once: this action only; session: this kind of action for the rest of the session")),
			"required", List.of("decision"));

	private final McpSyncRequestContext context;

	private final ExecutorService executor;

	ElicitationChannel(McpSyncRequestContext context, ExecutorService executor) {
		this.context = context;
		this.executor = executor;
	}

	@Override
	public void ask(PendingApproval pending) {
		String message = message(pending);
		try {
			this.executor.execute(() -> elicit(pending, message));
		}
		catch (RejectedExecutionException ex) {
			// Shutting down: the operator and the ask timeout still decide, never an
			// allow.
			logger.debug("elicitation for approval {} not sent: {}", pending.id(), ex.toString());
		}
	}

	@Override
	public boolean asksTheCaller() {
		return true;
	}

	private void elicit(PendingApproval pending, String message) {
		try {
			ElicitResult result = this.context.elicit(McpSchema.ElicitFormRequest.builder(message, SCHEMA).build());
			pending.complete(decision(result));
		}
		catch (RuntimeException ex) {
			// The client failed, timed out or went away: leave the request to the
			// operator and the ask timeout.
			logger.debug("elicitation for approval {} failed: {}", pending.id(), ex.toString());
		}
	}

	static Decision decision(ElicitResult result) {
		if (result.action() != ElicitResult.Action.ACCEPT || result.content() == null) {
			return Decision.deny("elicitation");
		}
		boolean approved = "approve".equals(result.content().get("decision"));
		Decision.Scope scope = "session".equals(result.content().get("scope")) ? Decision.Scope.SESSION
				: Decision.Scope.ONCE;
		return new Decision(approved, scope, "elicitation");
	}

	static String message(PendingApproval pending) {
		var request = pending.request();
		return "Deskhand: the agent (" + request.session().principal()
				+ ((request.session().client() != null) ? " via " + request.session().client() : "") + ") wants to "
				+ request.summary() + " [" + request.tool() + "; needs "
				+ String.join(", ", request.capabilities().stream().map((c) -> c.key()).sorted().toList())
				+ "]. Approve?";
	}

}
