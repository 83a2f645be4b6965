package dev.deskhand.tools;

import java.util.concurrent.ExecutorService;

import io.modelcontextprotocol.spec.McpSchema;
import org.springframework.ai.mcp.annotation.context.McpSyncRequestContext;

import dev.deskhand.approval.AgentSessions;
import dev.deskhand.approval.HumanChannel;
import dev.deskhand.security.AgentPrincipals;

/** Resolves a tool call's {@link CallContext} from the MCP request. */
class CallContexts {

	private final AgentSessions sessions;

	private final ExecutorService elicitations;

	CallContexts(AgentSessions sessions, ExecutorService elicitations) {
		this.sessions = sessions;
		this.elicitations = elicitations;
	}

	CallContext of(McpSyncRequestContext context) {
		String principal = AgentPrincipals.of(context.transportContext());
		McpSchema.Implementation client = context.clientInfo();
		var session = this.sessions.resolve(principal, context.sessionId(), (client != null) ? client.name() : null);
		HumanChannel channel = context.elicitEnabled() ? new ElicitationChannel(context, this.elicitations)
				: HumanChannel.NONE;
		return new CallContext(session, channel);
	}

}
