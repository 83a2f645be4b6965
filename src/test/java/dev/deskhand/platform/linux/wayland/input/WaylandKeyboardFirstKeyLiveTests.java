package dev.deskhand.platform.linux.wayland.input;

import dev.deskhand.platform.linux.wayland.wire.WaylandConnection;

import java.time.Duration;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import dev.deskhand.platform.HeldInputs;
import dev.deskhand.testing.Pause;
import dev.deskhand.testing.SwaySession;
import dev.deskhand.testing.WaylandWitness;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The first key of a fresh virtual keyboard is not lost: with no keyboard in the seat
 * before, the focused GTK client binds its {@code wl_keyboard} only after the seat
 * announces one, and keys sent before that are dropped.
 */
class WaylandKeyboardFirstKeyLiveTests {

	static final Duration WAIT = Duration.ofSeconds(10);

	/**
	 * What the driver waits; {@code -Ddeskhand.test.settle=0} shows the loss without it.
	 */
	static final Duration SETTLE = Duration.ofMillis(Long.getLong("deskhand.test.settle", 300));

	private static SwaySession sway;

	private static WaylandWitness witness;

	@BeforeAll
	static void start() {
		sway = SwaySession.shared();
		witness = WaylandWitness.open(sway, SwaySession.WITNESS_APP_ID);
	}

	@AfterAll
	static void stop() {
		if (witness != null) {
			witness.close();
		}
	}

	@Test
	void theFirstKeysOfAFreshKeyboardArrive() {
		for (int run = 0; run < 3; run++) {
			awaitNoKeyboardInTheSeat();
			witness.focus();
			witness.clearText();
			try (WaylandConnection connection = WaylandConnection.open(sway.runtimeDir().resolve(sway.waylandDisplay()),
					Duration.ofSeconds(5));
					WaylandKeyboard keyboard = WaylandKeyboard.create(connection, new HeldInputs(), 8, SETTLE)) {
				keyboard.typeText("xyz");
				witness.awaitText("xyz", WAIT);
				assertThat(witness.events("key")).first()
					.satisfies((first) -> assertThat(first.path("name").asString()).isEqualTo("x"));
			}
		}
	}

	private static void awaitNoKeyboardInTheSeat() {
		long deadline = System.nanoTime() + WAIT.toNanos();
		while (sway.seatHasKeyboard()) {
			if (System.nanoTime() > deadline) {
				throw new AssertionError("another client holds a keyboard in the seat: " + sway.seatsJson());
			}
			Pause.millis(20);
		}
	}

}
