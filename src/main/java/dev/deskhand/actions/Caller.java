package dev.deskhand.actions;

import dev.deskhand.approval.AgentSession;
import dev.deskhand.approval.HumanChannel;
import dev.deskhand.input.Cancellation;

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

	/** Fires when the caller gives up on the call; its input stops at the next step. */
	default Cancellation cancellation() {
		return Cancellation.none();
	}

	/** The session's opaque handle: what per-session state is keyed by. */
	default String handle() {
		return session().handle();
	}

}
