package dev.deskhand.tools;

import java.time.Duration;

import dev.deskhand.approval.Approver;
import dev.deskhand.approval.HumanChannel;
import dev.deskhand.approval.HumanChannelDecorator;
import dev.deskhand.approval.OperatorUrls;
import dev.deskhand.approval.PendingApproval;

/**
 * Tells the MCP client, through progress notifications, that its call waits for a human,
 * who and where: now and every few seconds until someone answers or the ask times out. A
 * client that cannot answer elicitation (the Inspector CLI) would otherwise sit in
 * silence; one that shows progress shows where to go. Clients that reset their request
 * timeout on progress (the TypeScript SDK's {@code resetTimeoutOnProgress}) then keep
 * waiting for a slow human instead of giving up.
 */
final class ApprovalProgressChannel extends HumanChannelDecorator {

	static final Duration PERIOD = Duration.ofSeconds(3);

	private final Progress progress;

	private final Duration askTimeout;

	private final OperatorUrls operatorUrls;

	ApprovalProgressChannel(HumanChannel delegate, Progress progress, Duration askTimeout, OperatorUrls operatorUrls) {
		super(delegate);
		this.progress = progress;
		this.askTimeout = askTimeout;
		this.operatorUrls = operatorUrls;
	}

	@Override
	public void ask(PendingApproval pending) {
		inner().ask(pending);
		String message = message(pending, this.operatorUrls.console());
		// Progress runs to the ask timeout, when an unanswered request becomes a deny.
		this.progress.every(PERIOD, (double) this.askTimeout.toSeconds(), (elapsed) -> message, pending::isAnswered);
	}

	/**
	 * {@code waiting for an operator to approve pointer input (left-click at (618, 450)
	 * on the desktop): http://127.0.0.1:8081/actuator/console}. The summary is the one
	 * the approver reads; this client sent what it shows.
	 * @param console the console's URL, or {@code null} when there is no operators' port
	 */
	static String message(PendingApproval pending, String console) {
		var request = pending.request();
		boolean client = pending.approvers().contains(Approver.ELICITATION);
		String who = client ? "you (the approval prompt sent to this client) or an operator" : "an operator";
		String where = (console != null) ? console
				: "the operators' port is off (management.server.port=-1), so nobody can answer";
		return "waiting for " + who + " to approve " + request.kinds() + " (" + request.summary() + "): " + where;
	}

}
