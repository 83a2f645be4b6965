package dev.deskhand.agents;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.deskhand.errors.DeskhandException;

/**
 * Which of a vendor's actions failed, when they ran as one batch: read from the input
 * queue's words for the job's failed action ("action N of M (..."). Doubtful by nature
 * (it reads a message); a failure that names no action (a denial, a busy lease) counts as
 * the first one's.
 */
public final class FailedAction {

	private static final Pattern FAILED = Pattern.compile("action (\\d+) of \\d+ \\(");

	private FailedAction() {
	}

	/**
	 * @param endsOf for each vendor action, how many batch actions had been queued once
	 * it was (a running total)
	 * @return the index of the vendor action whose batch action failed
	 */
	public static int of(DeskhandException ex, List<Integer> endsOf) {
		Matcher matcher = FAILED.matcher(String.valueOf(ex.getMessage()));
		if (!matcher.find()) {
			return 0;
		}
		int failed = Integer.parseInt(matcher.group(1));
		for (int i = 0; i < endsOf.size(); i++) {
			if (endsOf.get(i) >= failed) {
				return i;
			}
		}
		return 0;
	}

}
