package dev.deskhand.platform;

import java.util.concurrent.TimeUnit;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;

/** The wait between keystrokes that a driver's typing pace asks for. */
public final class TypingPause {

	private TypingPause() {
	}

	/**
	 * Sleeps {@code nanos} (nothing when it is not positive).
	 * @throws DeskhandException E_TIMEOUT when the typing thread is interrupted (the
	 * input queue's timeout or a cancellation), with the interrupt kept
	 */
	public static void sleep(long nanos) {
		if (nanos <= 0) {
			return;
		}
		try {
			TimeUnit.NANOSECONDS.sleep(nanos);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new DeskhandException(ErrorCode.E_TIMEOUT, "typing was interrupted", ex);
		}
	}

}
