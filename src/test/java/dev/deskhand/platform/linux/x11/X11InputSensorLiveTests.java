package dev.deskhand.platform.linux.x11;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.InputStateSensor;
import dev.deskhand.platform.Point;
import dev.deskhand.platform.Rect;
import dev.deskhand.testing.TestDesktop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The failsafe's sensor against a real X server, with keys and pointer moved by other
 * clients (xdotool, a probe connection) and checked against xdotool and the test's own
 * XQueryKeymap.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class X11InputSensorLiveTests {

	private static final Logger logger = LoggerFactory.getLogger(X11InputSensorLiveTests.class);

	private static final Duration WAIT = Duration.ofSeconds(10);

	/*
	 * Not the failsafe's ctrl+alt+Escape: Spring contexts that other test classes left
	 * cached run their failsafe on this shared display, would trip on it and release the
	 * keys mid-test.
	 */
	private static final List<String> CHORD = List.of("Control_L", "Alt_L", "Pause");

	/** Keycode 93 has no keysym in Xvfb's evdev/us keymap. */
	private static final int EMPTY_KEYCODE = 93;

	private static final long F30 = 0xffdb;

	private TestDesktop desktop;

	private X11DesktopDriver driver;

	private InputStateSensor sensor;

	@BeforeAll
	void open() {
		this.desktop = TestDesktop.shared();
		this.driver = X11DesktopDriver.connect(this.desktop.display());
		this.sensor = this.driver.openSensor(List.of());
	}

	@AfterAll
	void close() {
		if (this.sensor != null) {
			this.sensor.close();
		}
		if (this.driver != null) {
			this.driver.close();
		}
	}

	@Test
	void seesAChordThatAnotherProcessHolds() {
		assertThat(this.sensor.isHeld(CHORD)).isFalse();
		try {
			this.desktop.run(WAIT, "xdotool", "keydown", "ctrl+alt+Pause").requireSuccess("xdotool keydown");
			assertThat(this.desktop.keysDown()).contains(37, 64, 127);
			awaitHeld(this.sensor, CHORD, true);
			assertThat(this.sensor.isHeld(List.of("Control_L", "Alt_L"))).isTrue();
			assertThat(this.sensor.isHeld(List.of("Control_L", "Shift_L"))).isFalse();
			assertThat(this.sensor.isHeld(List.of("Control_R", "Alt_L", "Pause"))).isFalse();
		}
		finally {
			this.desktop.run(WAIT, "xdotool", "keyup", "ctrl+alt+Pause");
			this.driver.releaseAll();
		}
		awaitHeld(this.sensor, CHORD, false);
		assertThat(this.desktop.keysDown()).isEmpty();
	}

	@Test
	void aKeysymCountsAsHeldOnAnyOfItsKeycodes() {
		// Alt_L sits on 64 and, for the modifier map's sake, on 204
		try (X11Connection probe = X11Connection.open(this.desktop.display(), "probe")) {
			try {
				probe.fakeKey(204, true);
				probe.sync();
				assertThat(this.desktop.keysDown()).containsExactly(204);
				awaitHeld(this.sensor, List.of("Alt_L"), true);
			}
			finally {
				probe.fakeKey(204, false);
				probe.sync();
			}
		}
		awaitHeld(this.sensor, List.of("Alt_L"), false);
		assertThat(this.desktop.keysDown()).isEmpty();
	}

	@Test
	void pointerPositionAgreesWithXdotool() {
		for (Point target : List.of(new Point(0, 0), new Point(1919, 1079), new Point(321, 654))) {
			this.desktop.run(WAIT, "xdotool", "mousemove", Integer.toString(target.x()), Integer.toString(target.y()))
				.requireSuccess("xdotool mousemove");
			dev.deskhand.testing.Pointer seen = this.desktop.pointerLocation();
			assertThat(new Point(seen.x(), seen.y())).isEqualTo(target);
			assertThat(this.sensor.pointerPosition()).isEqualTo(target);
		}
	}

	@Test
	void unknownKeyNamesAndEmptyChordsAreArgumentErrors() {
		for (List<String> keys : List.of(List.of("Control_L", "NoSuchKey"), List.of(""), List.<String>of())) {
			assertThatExceptionOfType(DeskhandException.class).as("%s", keys)
				.isThrownBy(() -> this.sensor.isHeld(keys))
				.satisfies((ex) -> assertThat(ex.code()).isEqualTo(ErrorCode.E_ARGS));
		}
	}

	@Test
	void pollsCostWellUnderAMillisecondAndDoNotWaitForCapture() throws Exception {
		List<Long> idle = measurePolls(300, 0);
		// a thread capturing the whole screen non-stop holds the observation connection's
		// lock
		Rect screen = this.driver.displays().displays().get(0).bounds();
		AtomicBoolean capturing = new AtomicBoolean(true);
		AtomicInteger captures = new AtomicInteger();
		Thread capture = new Thread(() -> {
			while (capturing.get()) {
				this.driver.capture().capture(screen);
				captures.incrementAndGet();
			}
		}, "x11-sensor-test-capture");
		capture.start();
		List<Long> busy;
		int capturesWhileMeasuring;
		try {
			while (captures.get() < 3) {
				Thread.sleep(5);
			}
			int before = captures.get();
			// spaced like the failsafe's polls, so that captures run in between
			busy = measurePolls(200, 2);
			capturesWhileMeasuring = captures.get() - before;
		}
		finally {
			capturing.set(false);
			capture.join();
		}
		logger.info(
				"sensor poll (isHeld of 3 keys + pointerPosition): median {} ms, p90 {} ms over {} polls; while"
						+ " {} full-screen captures ran: median {} ms, p90 {} ms over {} polls",
				millis(percentile(idle, 50)), millis(percentile(idle, 90)), idle.size(), capturesWhileMeasuring,
				millis(percentile(busy, 50)), millis(percentile(busy, 90)), busy.size());
		assertThat(percentile(idle, 50)).isLessThan(Duration.ofMillis(5).toNanos());
		assertThat(capturesWhileMeasuring).isGreaterThan(3);
		assertThat(percentile(busy, 50)).isLessThan(Duration.ofMillis(5).toNanos());
	}

	private List<Long> measurePolls(int polls, long pauseMillis) throws InterruptedException {
		List<Long> costs = new ArrayList<>();
		for (int i = 0; i < polls + 20; i++) {
			long start = System.nanoTime();
			this.sensor.isHeld(CHORD);
			this.sensor.pointerPosition();
			if (i >= 20) {
				costs.add(System.nanoTime() - start);
			}
			Thread.sleep(pauseMillis);
		}
		return costs;
	}

	@Test
	void followsAKeymapChange() {
		// a desktop of its own: rebinding a key on the shared one would leak into other
		// tests
		try (TestDesktop own = TestDesktop.start("800x600x24");
				X11InputSensor ownSensor = X11InputSensor.open(own.display());
				X11Connection probe = X11Connection.open(own.display(), "probe")) {
			assertThat(ownSensor.isHeld(List.of("F30"))).as("F30 is on no key yet").isFalse();
			long[] row = new long[probe.keyboardMapping().keysymsPerKeycode()];
			row[0] = F30;
			probe.changeKeyboardMapping(EMPTY_KEYCODE, row.length, row, 1);
			probe.fakeKey(EMPTY_KEYCODE, true);
			probe.sync();
			try {
				awaitHeld(ownSensor, List.of("F30"), true);
			}
			finally {
				probe.fakeKey(EMPTY_KEYCODE, false);
				probe.sync();
			}
			awaitHeld(ownSensor, List.of("F30"), false);
		}
	}

	@Test
	void reportsNothingHeldAndTheLastPositionOnceTheServerIsGone() {
		TestDesktop own = TestDesktop.start("800x600x24");
		X11InputSensor ownSensor;
		try {
			ownSensor = X11InputSensor.open(own.display());
			own.run(WAIT, "xdotool", "mousemove", "17", "23").requireSuccess("xdotool mousemove");
			assertThat(ownSensor.pointerPosition()).isEqualTo(new Point(17, 23));
			own.run(WAIT, "xdotool", "keydown", "Escape").requireSuccess("xdotool keydown");
			awaitHeld(ownSensor, List.of("Escape"), true);
		}
		finally {
			own.close();
		}
		try (ownSensor) {
			for (int i = 0; i < 50; i++) {
				assertThat(ownSensor.isHeld(List.of("Escape"))).isFalse();
				assertThat(ownSensor.pointerPosition()).isEqualTo(new Point(17, 23));
			}
			assertThatExceptionOfType(DeskhandException.class).isThrownBy(() -> ownSensor.isHeld(List.of("NoSuchKey")))
				.satisfies((ex) -> assertThat(ex.code()).isEqualTo(ErrorCode.E_ARGS));
		}
		assertThat(ownSensor.isHeld(List.of("Escape"))).as("after close").isFalse();
	}

	private static void awaitHeld(InputStateSensor sensor, List<String> keys, boolean expected) {
		// another client's key events reach the server in their own time: poll as the
		// failsafe does
		long deadline = System.nanoTime() + Duration.ofSeconds(2).toNanos();
		while (sensor.isHeld(keys) != expected) {
			if (System.nanoTime() > deadline) {
				throw new AssertionError(keys + " should be " + (expected ? "held" : "released"));
			}
			try {
				Thread.sleep(10);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				throw new AssertionError("interrupted", ex);
			}
		}
	}

	private static long percentile(List<Long> values, int percent) {
		List<Long> sorted = new ArrayList<>(values);
		sorted.sort(Long::compare);
		return sorted.get(Math.min(sorted.size() - 1, sorted.size() * percent / 100));
	}

	private static String millis(long nanos) {
		return String.format("%.3f", nanos / 1e6);
	}

}
