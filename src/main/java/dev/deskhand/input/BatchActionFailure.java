package dev.deskhand.input;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;

/**
 * A job of several actions failed at one of them: the driver failed it, or the failsafe,
 * a cancellation, the session's end or the job's timeout stopped the job while it ran.
 * The message is the one the agent has always seen ("action N of M (...) failed: ..." for
 * a failure of the action itself, the stopper's own words otherwise); which action it was
 * is {@link #index()}, for callers that answer per action (the vendor endpoints), so
 * nobody has to read it out of the words.
 */
public final class BatchActionFailure extends DeskhandException {

	private final int index;

	/**
	 * @param index the failed action's index in the job, from 0
	 */
	public BatchActionFailure(ErrorCode code, String message, int index, Throwable cause) {
		super(code, message, cause);
		this.index = index;
	}

	/**
	 * @return the failed action's index in the job, from 0: the actions before it ran,
	 * the ones after did not
	 */
	public int index() {
		return this.index;
	}

}
