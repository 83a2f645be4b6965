package dev.deskhand.approval;

/**
 * A way to put a pending approval in front of a human, other than the operator API (which
 * always sees every pending request). Must not block: answer later through
 * {@link PendingApproval#complete(Decision)}. Only a channel the caller's
 * {@link ApprovalProperties#approvers approvers} include may ask its client: an agent not
 * trusted with elicitation gets {@link #NONE} (with progress, at most), and its client's
 * answers would not count anyway.
 */
@FunctionalInterface
public interface HumanChannel {

	/** No channel but the operator API. */
	HumanChannel NONE = (pending) -> {
	};

	void ask(PendingApproval pending);

	/** Whether this channel sends the request to the calling agent's own client. */
	default boolean asksTheCaller() {
		return false;
	}

}
