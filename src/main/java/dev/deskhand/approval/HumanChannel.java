package dev.deskhand.approval;

/**
 * A way to put a pending approval in front of a human, other than the operator API (which
 * always sees every pending request). Must not block: answer later through
 * {@link PendingApproval#complete(Decision)}.
 */
@FunctionalInterface
public interface HumanChannel {

	/** No channel but the operator API. */
	HumanChannel NONE = (pending) -> {
	};

	void ask(PendingApproval pending);

}
