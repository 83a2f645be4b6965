package dev.deskhand.platform.windows;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.OptionalLong;

/**
 * When to try {@code OpenClipboard} again. The clipboard is open to one window at a time,
 * and other programs (clipboard managers, remote desktop clients, Office) hold it open
 * for a few milliseconds after every change; {@code OpenClipboard} fails at once rather
 * than waiting. Pauses double from {@link #FIRST_PAUSE} up to {@link #LONGEST_PAUSE},
 * never past the timeout, and there is always a first attempt, even with a zero timeout.
 * Pure.
 */
final class WindowsClipboardRetry {

	static final Duration FIRST_PAUSE = Duration.ofMillis(1);

	static final Duration LONGEST_PAUSE = Duration.ofMillis(50);

	private final long timeoutNanos;

	WindowsClipboardRetry(Duration timeout) {
		// TimeUnit's conversion saturates where Duration.toNanos() throws
		this.timeoutNanos = Math.max(0, TimeUnit.NANOSECONDS.convert(timeout));
	}

	/**
	 * The pause before the next attempt.
	 * @param failedAttempts how many attempts have failed, at least 1
	 * @param elapsedNanos the time since the first attempt began
	 * @return the pause in nanoseconds, or empty when the timeout is spent and the caller
	 * should give up
	 */
	OptionalLong pauseAfter(int failedAttempts, long elapsedNanos) {
		long left = remainingNanos(elapsedNanos);
		if (left <= 0) {
			return OptionalLong.empty();
		}
		int doublings = Math.min(Math.max(failedAttempts - 1, 0), 20);
		long pause = Math.min(FIRST_PAUSE.toNanos() << doublings, LONGEST_PAUSE.toNanos());
		return OptionalLong.of(Math.min(pause, left));
	}

	/** What is left of the timeout, never negative. */
	long remainingNanos(long elapsedNanos) {
		return Math.max(this.timeoutNanos - elapsedNanos, 0);
	}

}
