package dev.deskhand.approval;

import java.time.Instant;
import java.util.concurrent.CompletableFuture;

/**
 * An approval request waiting for a human. Whoever answers first (the MCP client's user
 * through elicitation, or an operator) completes it; later answers are ignored.
 */
public final class PendingApproval {

	// Compared by identity: no answer a human gives is this instance.
	private static final Decision WITHDRAWN = Decision.deny("withdrawn");

	private final String id;

	private final ApprovalRequest request;

	private final Instant requestedAt;

	private final CompletableFuture<Decision> decision = new CompletableFuture<>();

	// Set before the withdrawal completes the decision, so whoever sees that decision
	// sees why.
	private volatile String withdrawnBecause;

	PendingApproval(String id, ApprovalRequest request, Instant requestedAt) {
		this.id = id;
		this.request = request;
		this.requestedAt = requestedAt;
	}

	public String id() {
		return this.id;
	}

	public ApprovalRequest request() {
		return this.request;
	}

	public Instant requestedAt() {
		return this.requestedAt;
	}

	/** Answers the request; {@code false} when it was already answered. */
	public boolean complete(Decision answer) {
		return this.decision.complete(answer);
	}

	/**
	 * Ends the request unanswered because its caller is gone: the waiting call fails and
	 * runs nothing, a later answer finds nothing to answer.
	 * @return {@code false} when it was already answered (then that answer stands)
	 */
	public boolean withdraw(String reason) {
		this.withdrawnBecause = reason;
		return this.decision.complete(WITHDRAWN);
	}

	/** Why it was withdrawn, when {@code answer} is the withdrawal. */
	String withdrawnBecause(Decision answer) {
		return (answer == WITHDRAWN) ? this.withdrawnBecause : null;
	}

	public boolean isAnswered() {
		return this.decision.isDone();
	}

	CompletableFuture<Decision> decision() {
		return this.decision;
	}

}
