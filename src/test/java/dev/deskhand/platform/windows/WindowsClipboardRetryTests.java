package dev.deskhand.platform.windows;

import java.time.Duration;
import java.util.OptionalLong;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** When {@code OpenClipboard} is tried again, on a simulated clock. */
class WindowsClipboardRetryTests {

	private static final long MS = 1_000_000;

	@Test
	void pausesDoubleUpToTheLongestPause() {
		WindowsClipboardRetry retry = new WindowsClipboardRetry(Duration.ofSeconds(10));
		assertThat(retry.pauseAfter(1, 0)).isEqualTo(OptionalLong.of(1 * MS));
		assertThat(retry.pauseAfter(2, 0)).isEqualTo(OptionalLong.of(2 * MS));
		assertThat(retry.pauseAfter(3, 0)).isEqualTo(OptionalLong.of(4 * MS));
		assertThat(retry.pauseAfter(7, 0)).isEqualTo(OptionalLong.of(50 * MS));
		assertThat(retry.pauseAfter(1000, 0)).as("no overflow").isEqualTo(OptionalLong.of(50 * MS));
	}

	@Test
	void theLastPauseEndsAtTheTimeoutAndThenItGivesUp() {
		WindowsClipboardRetry retry = new WindowsClipboardRetry(Duration.ofMillis(100));
		assertThat(retry.pauseAfter(10, 90 * MS)).isEqualTo(OptionalLong.of(10 * MS));
		assertThat(retry.pauseAfter(10, 100 * MS)).isEmpty();
		assertThat(retry.pauseAfter(1, 150 * MS)).isEmpty();
	}

	@Test
	void aSimulatedHolderIsWaitedForWithinTheTimeoutAndNotLonger() {
		Duration timeout = Duration.ofMillis(500);
		WindowsClipboardRetry retry = new WindowsClipboardRetry(timeout);
		long clock = 0;
		int failed = 0;
		while (true) {
			failed++;
			OptionalLong pause = retry.pauseAfter(failed, clock);
			if (pause.isEmpty()) {
				break;
			}
			assertThat(pause.getAsLong()).isPositive();
			clock += pause.getAsLong();
		}
		assertThat(clock).isEqualTo(timeout.toNanos());
		// 1+2+4+8+16+32 ms, then 50 ms pauses: a holder is asked a few dozen times, not
		// spun on
		assertThat(failed).isBetween(10, 20);
	}

	@Test
	void aZeroOrNegativeTimeoutStillMakesOneAttemptButNoSecond() {
		assertThat(new WindowsClipboardRetry(Duration.ZERO).pauseAfter(1, 0)).isEmpty();
		assertThat(new WindowsClipboardRetry(Duration.ofMillis(-5)).pauseAfter(1, 0)).isEmpty();
		assertThat(new WindowsClipboardRetry(Duration.ofSeconds(Long.MAX_VALUE)).pauseAfter(1, Long.MAX_VALUE / 2))
			.isEqualTo(OptionalLong.of(MS));
	}

	@Test
	void theRemainingTimeIsNeverNegative() {
		WindowsClipboardRetry retry = new WindowsClipboardRetry(Duration.ofMillis(100));
		assertThat(retry.remainingNanos(30 * MS)).isEqualTo(70 * MS);
		assertThat(retry.remainingNanos(300 * MS)).isZero();
	}

}
