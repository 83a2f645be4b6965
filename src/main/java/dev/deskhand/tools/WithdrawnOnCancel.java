package dev.deskhand.tools;

import dev.deskhand.approval.HumanChannel;
import dev.deskhand.approval.HumanChannelDecorator;
import dev.deskhand.approval.PendingApproval;
import dev.deskhand.input.Cancellation;

/**
 * Withdraws a call's pending approval when the call is cancelled (the client sent
 * {@code notifications/cancelled}, its MCP session ended, its connection dropped): an
 * approval must not outlive its caller, or an operator approving the card later would run
 * a click nobody waits for.
 */
final class WithdrawnOnCancel extends HumanChannelDecorator {

	private final Cancellation cancellation;

	WithdrawnOnCancel(HumanChannel channel, Cancellation cancellation) {
		super(channel);
		this.cancellation = cancellation;
	}

	@Override
	public void ask(PendingApproval pending) {
		// Registered for the rest of the call, which is no longer than the approval
		// waits: withdrawing an answered request changes nothing.
		this.cancellation.onCancel((reason) -> pending.withdraw(reason.getMessage()));
		if (!pending.isAnswered()) {
			inner().ask(pending);
		}
	}

}
