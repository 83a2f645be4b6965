package dev.deskhand.testing;

import java.time.Duration;

/**
 * A sleep for tests and harnesses: an interrupt keeps its flag and ends the wait with an
 * exception.
 */
public final class Pause {

	private Pause() {
	}

	public static void millis(long millis) {
		try {
			Thread.sleep(millis);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("interrupted", ex);
		}
	}

	public static void of(Duration duration) {
		millis(duration.toMillis());
	}

}
