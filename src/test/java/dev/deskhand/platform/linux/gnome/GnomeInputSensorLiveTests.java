package dev.deskhand.platform.linux.gnome;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import org.freedesktop.dbus.connections.impl.DBusConnection;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import dev.deskhand.platform.InputSnapshot;
import dev.deskhand.platform.Point;
import dev.deskhand.testing.GnomeSession;
import dev.deskhand.testing.Pause;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link GnomeInputSensor} against a live headless mutter 43: two RemoteDesktop sessions
 * of the test's own, one standing for Deskhand's input (it tells when it last injected),
 * one for the person at the desk. The person's input must be noticed, Deskhand's own not;
 * a held chord is not seen (what the failsafe misses on GNOME).
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class GnomeInputSensorLiveTests {

	private static final Duration TIMEOUT = Duration.ofSeconds(5);

	private static final int CONTROL_L = 0xffe3;

	private static final int ALT_L = 0xffe9;

	private static final int ESCAPE = 0xff1b;

	@Test
	void thePersonsInputIsNoticedAndDeskhandsOwnIsNot() throws Exception {
		GnomeSession session = GnomeSession.shared();
		Point deskhandsPointer = new Point(321, 123);
		try (DBusConnection bus = session.connect();
				TestInputSession deskhand = TestInputSession.start(session);
				TestInputSession person = TestInputSession.start(session);
				GnomeInputSensor sensor = GnomeInputSensor.open(bus, List.of("Control_L", "Alt_L", "Escape"),
						() -> deskhandsPointer, deskhand::lastEvent, TIMEOUT)) {
			// Deskhand's own input, as the watcher polls (every 25 ms), for longer than
			// the
			// other input counts as recent: never the person
			for (int i = 0; i < 10; i++) {
				deskhand.nudgePointer();
				deskhand.tapShift();
				long until = System.nanoTime() + Duration.ofMillis(80).toNanos();
				while (System.nanoTime() < until) {
					assertThat(otherInput(sensor)).as("a reading after Deskhand's own input").isFalse();
					Pause.millis(25);
				}
			}
			Pause.millis(600);
			assertThat(otherInput(sensor)).isFalse();

			person.nudgePointer();
			assertThat(awaitOtherInput(sensor, true)).as("the person's pointer move is noticed").isTrue();
			// the person stopped: soon not recent any more
			assertThat(awaitOtherInput(sensor, false)).as("the person stopped").isFalse();

			Pause.millis(300);
			person.tapShift();
			assertThat(awaitOtherInput(sensor, true)).as("the person's key is noticed").isTrue();

			// the failsafe chord held by the person is not seen; the pointer is
			// Deskhand's
			person.key(CONTROL_L, true);
			person.key(ALT_L, true);
			person.key(ESCAPE, true);
			try {
				assertThat(sensor.isHeld(List.of("Control_L", "Alt_L", "Escape"))).isFalse();
				assertThat(sensor.pointerPosition()).isEqualTo(deskhandsPointer);
				assertThat(sensor.snapshot().map(InputSnapshot::pointer)).contains(deskhandsPointer);
			}
			finally {
				person.key(ESCAPE, false);
				person.key(ALT_L, false);
				person.key(CONTROL_L, false);
			}
		}
	}

	private static boolean otherInput(GnomeInputSensor sensor) {
		Optional<InputSnapshot> snapshot = sensor.snapshot();
		assertThat(snapshot).as("mutter's idle time").isPresent();
		return snapshot.get().otherInput();
	}

	private static boolean awaitOtherInput(GnomeInputSensor sensor, boolean expected) {
		long deadline = System.nanoTime() + Duration.ofSeconds(2).toNanos();
		boolean seen = otherInput(sensor);
		while (seen != expected && System.nanoTime() < deadline) {
			Pause.millis(10);
			seen = otherInput(sensor);
		}
		return seen;
	}

}
