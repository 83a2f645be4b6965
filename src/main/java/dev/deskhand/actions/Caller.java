package dev.deskhand.actions;

import dev.deskhand.approval.AgentSession;
import dev.deskhand.approval.HumanChannel;

/**
 * Who makes a call, how to ask their human, and how to tell them how far it got: what the
 * guarded path needs of a transport (MCP, the in-process tools).
 */
public interface Caller {

	/** The agent session: principal and protocol session together. */
	AgentSession session();

	/** Elicitation when the client supports it, else only the operator API. */
	HumanChannel channel();

	ActionProgress progress();

	/** The session's opaque handle: what per-session state is keyed by. */
	default String handle() {
		return session().handle();
	}

}
