package dev.deskhand.platform.linux.gnome;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import org.freedesktop.dbus.connections.impl.DBusConnection;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import dev.deskhand.platform.DisplayInfo;
import dev.deskhand.platform.Frame;
import dev.deskhand.platform.Point;
import dev.deskhand.platform.Rect;
import dev.deskhand.platform.ScreenDamage;
import dev.deskhand.testing.GnomeSession;
import dev.deskhand.testing.GnomeWitness;
import dev.deskhand.testing.Pause;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link GnomeCapture}'s damage against a live headless mutter: a still screen answers no
 * damage (so a look reuses its picture), and a window that appears damages the display it
 * is on, whose next capture shows the window's colour. The witness is the window itself,
 * a separate GTK3 process.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class GnomeCaptureLiveTests {

	private static final Duration TIMEOUT = Duration.ofSeconds(10);

	@Test
	void aStillScreenHasNoDamageAndANewWindowDamagesItsDisplay() throws Exception {
		GnomeSession session = GnomeSession.shared();
		try (DBusConnection bus = session.connect();
				GnomeDisplays displays = GnomeDisplays.watch(bus, TIMEOUT, () -> new Point(0, 0));
				GnomeCapture capture = new GnomeCapture(bus, session.pipewireSocket(), displays::displays, TIMEOUT)) {
			List<DisplayInfo> all = displays.displays();
			assertThat(all).hasSize(GnomeSession.MONITORS.size());
			for (DisplayInfo display : all) {
				assertThat(capture.takeDamage(display.id(), display.bounds())).isEqualTo(ScreenDamage.UNKNOWN);
				capture.capture(display.bounds());
			}
			// another consumer of the same display starts from unknown too
			assertThat(capture.takeDamage("other", all.get(0).bounds())).isEqualTo(ScreenDamage.UNKNOWN);
			awaitStill(capture, all);

			Path script = session.writeFile("damage-witness.py", MutterScreenCastLiveTests.WITNESS_SCRIPT);
			Process witness = session.startClient("damage-witness", List.of("/usr/bin/python3", script.toString()));
			try {
				DisplayInfo damaged = awaitDamage(capture, all);
				Frame frame = awaitColour(capture, damaged);
				assertThat(frame.width()).isEqualTo((int) Math.round(damaged.bounds().width() * damaged.scaleFactor()));
			}
			finally {
				witness.destroy();
				witness.waitFor(5, TimeUnit.SECONDS);
			}
		}
	}

	/**
	 * A look right after an input returns the frame that input brought, not the one
	 * before it: the input here is the witness's tick (a pane painted at once), stamped
	 * as Deskhand's last input just before it is sent. The wait is long (10 s) so that a
	 * slow machine cannot make the check flaky; the driver's is
	 * {@link GnomeCapture#FRESH_FRAME_WAIT}. Without the wait, the first look after GTK
	 * painted mostly showed the old frame.
	 */
	@Test
	void aLookRightAfterAnInputShowsTheFrameItBrought() throws Exception {
		GnomeSession session = GnomeSession.shared();
		AtomicLong lastInput = new AtomicLong(Long.MIN_VALUE);
		try (DBusConnection bus = session.connect();
				GnomeDisplays displays = GnomeDisplays.watch(bus, TIMEOUT, () -> new Point(0, 0));
				GnomeCapture capture = new GnomeCapture(bus, session.pipewireSocket(), displays::displays,
						lastInput::get, Duration.ofSeconds(10), TIMEOUT);
				GnomeWitness witness = GnomeWitness.open(session, "Meta-0")) {
			DisplayInfo meta0 = displays.displays().get(0);
			assertThat(meta0.id()).isEqualTo("Meta-0");
			Rect pane = new Rect(meta0.bounds().x() + 24, meta0.bounds().y() + 440, 600, 176);
			awaitStill(capture, displays.displays());
			assertThat(paneColouredPixels(capture.capture(pane))).as("the tick pane before the first tick").isZero();

			lastInput.set(System.nanoTime());
			witness.tick("one line");
			assertThat(paneColouredPixels(capture.capture(pane))).as("the tick pane in the first look after the tick")
				.isGreaterThan(pane.width() * pane.height() / 2);
		}
	}

	// pixels of the tick pane's light background (cairo's 0.97, 0.97, 0.95: 0xF8F8F3),
	// within 2 a channel
	private static int paneColouredPixels(Frame frame) {
		int count = 0;
		for (int y = 0; y < frame.height(); y++) {
			for (int x = 0; x < frame.width(); x++) {
				int rgb = frame.rgb(x, y);
				if (Math.abs((rgb >> 16 & 0xFF) - 0xF8) <= 2 && Math.abs((rgb >> 8 & 0xFF) - 0xF8) <= 2
						&& Math.abs((rgb & 0xFF) - 0xF3) <= 2) {
					count++;
				}
			}
		}
		return count;
	}

	// until two answers in a row, half a second apart, say nothing changed on any display
	private static void awaitStill(GnomeCapture capture, List<DisplayInfo> displays) {
		long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
		int stillInARow = 0;
		while (stillInARow < 2) {
			assertThat(System.nanoTime()).as("the screen never stopped changing").isLessThan(deadline);
			Pause.millis(500);
			boolean still = true;
			for (DisplayInfo display : displays) {
				still &= capture.takeDamage(display.id(), display.bounds()).equals(ScreenDamage.NONE);
			}
			stillInARow = still ? stillInARow + 1 : 0;
		}
	}

	// the display a new frame came for, whose damage covers it whole
	private static DisplayInfo awaitDamage(GnomeCapture capture, List<DisplayInfo> displays) {
		long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
		while (System.nanoTime() < deadline) {
			for (DisplayInfo display : displays) {
				ScreenDamage damage = capture.takeDamage(display.id(), display.bounds());
				assertThat(damage.unknown()).isFalse();
				if (!damage.areas().isEmpty()) {
					assertThat(damage.areas()).containsExactly(display.bounds());
					return display;
				}
			}
			Pause.millis(50);
		}
		throw new AssertionError("no display was damaged by a new window");
	}

	private static Frame awaitColour(GnomeCapture capture, DisplayInfo display) {
		long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
		Rect bounds = display.bounds();
		while (System.nanoTime() < deadline) {
			Frame frame = capture.capture(bounds);
			for (int y = 0; y < frame.height(); y += 8) {
				for (int x = 0; x < frame.width(); x += 8) {
					if (frame.rgb(x, y) == MutterScreenCastLiveTests.WITNESS_RGB) {
						return frame;
					}
				}
			}
			Pause.millis(100);
		}
		throw new AssertionError("the damaged display " + display.id() + " never showed the window's colour");
	}

}
