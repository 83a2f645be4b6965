package dev.deskhand.approval;

import java.time.Instant;
import java.util.concurrent.CompletableFuture;

/**
 * An approval request waiting for a human. Whoever answers first (the MCP client's user
 * through elicitation, or an operator) completes it; later answers are ignored.
 */
public final class PendingApproval {

	private final String id;

	private final ApprovalRequest request;

	private final Instant requestedAt;

	private final CompletableFuture<Decision> decision = new CompletableFuture<>();

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

	public boolean isAnswered() {
		return this.decision.isDone();
	}

	CompletableFuture<Decision> decision() {
		return this.decision;
	}

}
