package dev.deskhand.tools;

import dev.deskhand.actions.Caller;
import dev.deskhand.approval.AgentSession;
import dev.deskhand.approval.HumanChannel;
import dev.deskhand.input.Cancellation;

/**
 * Who is calling, how to ask their human, and how to tell the client how far a long call
 * got.
 *
 * @param session the agent session (principal and MCP session together)
 * @param channel elicitation when the client supports it, else only the operator API
 * @param progress MCP progress notifications, when the client sent a progress token
 * @param cancellation fires when the client cancels the request
 * ({@code notifications/cancelled})
 */
record CallContext(AgentSession session, HumanChannel channel, Progress progress,
		Cancellation cancellation) implements Caller {

}
