package dev.deskhand.platform.linux.x11;

import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class X11TypingPaceTests {

	private long now = TimeUnit.SECONDS.toNanos(100);

	private double contention = 0.3;

	private final X11TypingPace pace = new X11TypingPace(() -> this.now, () -> this.contention);

	@Test
	void theFirstRebindNeedsNoWait() {
		assertThat(this.pace.nanosUntilRebind()).isZero();
	}

	@Test
	void waits20msPlus2msPerKeyOfThePreviousChunk() {
		this.pace.refresh();
		this.pace.rebound();
		this.pace.keysSent(30);
		assertThat(millis(this.pace.nanosUntilRebind())).isEqualTo(80);
		this.now += TimeUnit.MILLISECONDS.toNanos(50);
		assertThat(millis(this.pace.nanosUntilRebind())).isEqualTo(30);
		this.now += TimeUnit.MILLISECONDS.toNanos(30);
		assertThat(this.pace.nanosUntilRebind()).isZero();
	}

	@Test
	void aBacklogDrainsWhileIdleSoLongAsciiTextDoesNotDelayALaterRebind() {
		this.pace.refresh();
		this.pace.keysSent(10_000);
		this.now += TimeUnit.SECONDS.toNanos(30);
		this.pace.keysSent(5);
		assertThat(millis(this.pace.nanosUntilRebind())).isEqualTo(30);
	}

	@Test
	void aRebindStartsANewBacklog() {
		this.pace.refresh();
		this.pace.keysSent(100);
		this.now += TimeUnit.MILLISECONDS.toNanos(220);
		this.pace.rebound();
		this.pace.keysSent(1);
		assertThat(millis(this.pace.nanosUntilRebind())).isEqualTo(22);
	}

	@Test
	void scalesWithRunnableProcessesPerCoreUpToFourTimes() {
		this.contention = 2.5;
		this.pace.refresh();
		this.pace.rebound();
		this.pace.keysSent(10);
		assertThat(millis(this.pace.nanosUntilRebind())).isEqualTo(100);
		assertThat(X11TypingPace.factor(9)).isEqualTo(4);
		assertThat(X11TypingPace.factor(0.5)).isEqualTo(1);
		assertThat(X11TypingPace.factor(-1)).as("load average unavailable").isEqualTo(1);
	}

	@Test
	void theFirstKeyAfterARebindWaitsForTheClientToFetchTheKeymapLongerUnderLoad() {
		this.pace.refresh();
		assertThat(millis(this.pace.nanosAfterRebind())).isEqualTo(8);
		this.contention = 2.5;
		this.pace.refresh();
		assertThat(millis(this.pace.nanosAfterRebind())).isEqualTo(20);
	}

	private static long millis(long nanos) {
		return TimeUnit.NANOSECONDS.toMillis(nanos);
	}

}
