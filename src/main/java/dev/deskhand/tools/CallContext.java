package dev.deskhand.tools;

import dev.deskhand.approval.AgentSession;
import dev.deskhand.approval.HumanChannel;

/**
 * Who is calling and how to ask their human.
 *
 * @param session the agent session (principal and MCP session together)
 * @param channel elicitation when the client supports it, else only the operator API
 */
record CallContext(AgentSession session, HumanChannel channel) {

	/** The session's opaque handle: what per-session state is keyed by. */
	String handle() {
		return this.session.handle();
	}

}
