package dev.deskhand.platform.linux.wayland.input;

import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class WaylandKeyboardPaceTests {

	private final AtomicLong now = new AtomicLong(1_000_000_000L);

	private double load = 0.5;

	private final WaylandKeyboardPace pace = new WaylandKeyboardPace(this.now::get, () -> this.load);

	@Test
	void aBurstGoesAtOnceAndLongerTextAtThePacedRate() {
		this.pace.refresh();
		assertThat(this.pace.nanosBefore(64)).isZero();
		for (int sent = 0; sent < WaylandKeyboardPace.BURST_STROKES; sent += 64) {
			assertThat(this.pace.nanosBefore(64)).as("within the burst").isZero();
			this.pace.sent(64);
		}
		// past the burst: 64 strokes at 2,500 a second are 25.6 ms
		assertThat(this.pace.nanosBefore(64)).isEqualTo(64 * 400_000L);
		this.now.addAndGet(64 * 400_000L);
		assertThat(this.pace.nanosBefore(64)).isZero();
	}

	@Test
	void timeDrainsTheBacklog() {
		this.pace.refresh();
		this.pace.sent(1000);
		assertThat(this.pace.nanosBefore(64)).isPositive();
		this.now.addAndGet(1_000_000_000L);
		assertThat(this.pace.nanosBefore(64)).isZero();
	}

	@Test
	void aStarvedHostTypesSlowerUpToTheCap() {
		this.load = 10;
		this.pace.refresh();
		this.pace.sent(WaylandKeyboardPace.BURST_STROKES);
		this.pace.sent(64);
		// 2.5 times as long per stroke; the burst allowance scales alike
		assertThat(this.pace.nanosBefore(64)).isEqualTo((long) (128 * 400_000L * 2.5));
	}

	@Test
	void anUnknownLoadCountsAsNone() {
		this.load = -1;
		this.pace.refresh();
		this.pace.sent(WaylandKeyboardPace.BURST_STROKES + 64);
		assertThat(this.pace.nanosBefore(64)).isEqualTo(128 * 400_000L);
	}

}
