package dev.deskhand.agents;

import java.util.List;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.input.BatchActionFailure;

/**
 * Which of a vendor's actions failed, when they ran as one batch: the input queue names
 * the batch action it failed or stopped at ({@link BatchActionFailure}), and this maps it
 * back to the vendor action it was translated from. A failure that names no action (a
 * denial, a busy lease, a guard's refusal: nothing ran) counts as the first one's.
 */
public final class FailedAction {

	private FailedAction() {
	}

	/**
	 * @param endsOf for each vendor action, how many batch actions had been queued once
	 * it was (a running total)
	 * @return the index of the vendor action whose batch action failed
	 */
	public static int of(DeskhandException ex, List<Integer> endsOf) {
		BatchActionFailure failure = find(ex);
		if (failure == null) {
			return 0;
		}
		for (int i = 0; i < endsOf.size(); i++) {
			if (endsOf.get(i) > failure.index()) {
				return i;
			}
		}
		return 0;
	}

	// The guarded path passes the queue's failure on as it is; a caller that adds words
	// keeps it as the cause.
	private static BatchActionFailure find(Throwable ex) {
		for (Throwable cause = ex; cause != null; cause = cause.getCause()) {
			if (cause instanceof BatchActionFailure failure) {
				return failure;
			}
			if (cause.getCause() == cause) {
				return null;
			}
		}
		return null;
	}

}
