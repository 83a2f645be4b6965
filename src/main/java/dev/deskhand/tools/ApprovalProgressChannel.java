package dev.deskhand.tools;

import java.time.Duration;

import dev.deskhand.approval.HumanChannel;
import dev.deskhand.approval.PendingApproval;

/**
 * Tells the MCP client, through progress notifications, that its call waits for a human:
 * now and every few seconds until someone answers or the ask times out. Clients that
 * reset their request timeout on progress (the TypeScript SDK's
 * {@code resetTimeoutOnProgress}) then keep waiting for a slow human instead of giving
 * up.
 */
final class ApprovalProgressChannel implements HumanChannel {

	static final Duration PERIOD = Duration.ofSeconds(3);

	private final HumanChannel delegate;

	private final Progress progress;

	private final Duration askTimeout;

	ApprovalProgressChannel(HumanChannel delegate, Progress progress, Duration askTimeout) {
		this.delegate = delegate;
		this.progress = progress;
		this.askTimeout = askTimeout;
	}

	@Override
	public void ask(PendingApproval pending) {
		this.delegate.ask(pending);
		String message = "waiting for approval: " + pending.request().summary();
		// Progress runs to the ask timeout, when an unanswered request becomes a deny.
		this.progress.every(PERIOD, (double) this.askTimeout.toSeconds(), (elapsed) -> message, pending::isAnswered);
	}

	@Override
	public boolean asksTheCaller() {
		return this.delegate.asksTheCaller();
	}

}
