package dev.deskhand.approval;

import java.time.Instant;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An approval request waiting for a human. Whoever answers first (an operator, or the MCP
 * client's user through elicitation where the agent is trusted with it) completes it;
 * later answers are ignored, and so is an elicitation answer for an agent that is not
 * trusted with elicitation, however it got here.
 */
public final class PendingApproval {

	private static final Logger logger = LoggerFactory.getLogger(PendingApproval.class);

	// Compared by identity: no answer a human gives is this instance.
	private static final Decision WITHDRAWN = Decision.deny("withdrawn");

	private final String id;

	private final ApprovalRequest request;

	private final Instant requestedAt;

	private final Set<Approver> approvers;

	private final CompletableFuture<Decision> decision = new CompletableFuture<>();

	// Set before the withdrawal completes the decision, so whoever sees that decision
	// sees why.
	private volatile String withdrawnBecause;

	PendingApproval(String id, ApprovalRequest request, Instant requestedAt, Set<Approver> approvers) {
		this.id = id;
		this.request = request;
		this.requestedAt = requestedAt;
		this.approvers = Set.copyOf(approvers);
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

	/**
	 * Who may answer: the operator, and the caller's client when the agent is trusted
	 * with elicitation and its client can be asked.
	 */
	public Set<Approver> approvers() {
		return this.approvers;
	}

	/**
	 * Answers the request; {@code false} when it was already answered, or when the answer
	 * comes through elicitation and this request's agent is not trusted with it.
	 */
	public boolean complete(Decision answer) {
		if (Approver.ELICITATION.key().equals(answer.by()) && !this.approvers.contains(Approver.ELICITATION)) {
			logger.warn("ignored an elicitation answer to approval {}: agent '{}' is not in "
					+ "deskhand.approval.elicitation-agents", this.id, this.request.session().principal());
			return false;
		}
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
