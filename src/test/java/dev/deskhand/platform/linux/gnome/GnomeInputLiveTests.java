package dev.deskhand.platform.linux.gnome;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import org.freedesktop.dbus.connections.impl.DBusConnection;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.DisplayInfo;
import dev.deskhand.platform.Frame;
import dev.deskhand.platform.MouseButton;
import dev.deskhand.platform.Point;
import dev.deskhand.platform.ScrollDirection;
import dev.deskhand.testing.DriverWitness.KeyEvent;
import dev.deskhand.testing.DriverWitness.PointerEvent;
import dev.deskhand.testing.GnomeDriverWitness;
import dev.deskhand.testing.GnomeSession;
import dev.deskhand.testing.GnomeWitness;
import dev.deskhand.testing.MixedText;
import dev.deskhand.testing.WitnessEvents;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/**
 * {@link MutterRemoteDesktop} against a live headless mutter ({@link GnomeSession}),
 * asserted through GTK witness windows of another process, one fullscreen on each monitor
 * ({@link GnomeDriverWitness}, which also gives them the focus with a click of its own):
 * {@code Meta-0} at scale 1.25 (layout (0,0) 1024x640) and {@code Meta-1} at scale 1
 * (layout (1024,0) 1024x768). Positions are compared in layout units, what GTK reports.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class GnomeInputLiveTests {

	private static final Logger logger = LoggerFactory.getLogger(GnomeInputLiveTests.class);

	private static final Duration TIMEOUT = Duration.ofSeconds(10);

	private static final Duration WAIT = Duration.ofSeconds(10);

	private static DBusConnection bus;

	private static GnomeDriverWitness leftWitness;

	private static GnomeDriverWitness rightWitness;

	private static GnomeWitness left;

	private static GnomeWitness right;

	private static MutterRemoteDesktop input;

	@BeforeAll
	static void open() throws Exception {
		GnomeSession session = GnomeSession.shared();
		bus = session.connect();
		leftWitness = GnomeDriverWitness.open(session, "Meta-0");
		left = leftWitness.window();
		rightWitness = GnomeDriverWitness.open(session, "Meta-1");
		right = rightWitness.window();
		input = MutterRemoteDesktop.open(bus, session.runtimeDir().resolve("wayland-0"),
				() -> MutterDisplayConfig.read(bus, TIMEOUT), TIMEOUT);
	}

	@AfterAll
	static void close() throws Exception {
		if (input != null) {
			input.close();
		}
		if (leftWitness != null) {
			leftWitness.close();
		}
		if (rightWitness != null) {
			rightWitness.close();
		}
		if (bus != null) {
			bus.close();
		}
	}

	@BeforeEach
	void clear() {
		input.releaseAll();
		left.log().clearEvents();
		right.log().clearEvents();
	}

	@Test
	void theDisplaysAreTheRigsInLayoutUnits() {
		List<DisplayInfo> displays = MutterDisplayConfig.read(bus, TIMEOUT);
		assertThat(displays).extracting(DisplayInfo::bounds)
			.containsExactly(GnomeWitness.layoutBounds("Meta-0"), GnomeWitness.layoutBounds("Meta-1"));
	}

	@Test
	void theWitnessesFocusThemselvesWithoutDeskhandAndShowTheirRedSquare() {
		leftWitness.focus();
		awaitFocus(left, true);
		awaitFocus(right, false);
		rightWitness.focus();
		awaitFocus(left, false);
		awaitFocus(right, true);
		for (GnomeDriverWitness witness : List.of(leftWitness, rightWitness)) {
			Frame square = witness.screenshot(witness.redSquare());
			// 20x20 layout units: 25x25 pixels at 1.25
			assertThat(square.width()).isEqualTo(witness == leftWitness ? 25 : 20);
			for (int y = 0; y < square.height(); y++) {
				for (int x = 0; x < square.width(); x++) {
					assertThat(square.rgb(x, y)).as("%s at %d,%d", witness, x, y).isEqualTo(0xFF0000);
				}
			}
		}
	}

	@Test
	void motionArrivesWhereItWasSentOnBothMonitorsTheScaledOneIncluded() {
		// odd layout positions on the 1.25 monitor land between its pixels' layout steps
		int[][] points = { { 517, 333 }, { 3, 637 }, { 1021, 5 }, { 1024 + 401, 299 }, { 1024 + 1023, 767 },
				{ 250, 101 } };
		for (int[] point : points) {
			GnomeWitness witness = (point[0] < 1024) ? left : right;
			witness.log().clearEvents();
			input.pointer().moveTo(point[0], point[1]);
			JsonNode seen = witness.log()
				.await((e) -> (WitnessEvents.is(e, "motion") || WitnessEvents.is(e, "enter"))
						&& Math.abs(witness.desktopX(e) - point[0]) <= 1
						&& Math.abs(witness.desktopY(e) - point[1]) <= 1, WAIT);
			assertThat(witness.desktopX(seen)).as("x of %s", List.of(point[0], point[1]))
				.isCloseTo(point[0], within(1.0));
			assertThat(witness.desktopY(seen)).isCloseTo(point[1], within(1.0));
			assertThat(input.lastPointer()).isEqualTo(new Point(point[0], point[1]));
		}
	}

	@Test
	void eachButtonPressesAndReleasesWhereThePointerIs() {
		input.pointer().moveTo(1024 + 300, 200);
		for (MouseButton button : MouseButton.values()) {
			right.log().clearEvents();
			input.pointer().press(button);
			assertThat(input.injected().buttons()).containsExactly(MutterPointer.buttonCode(button));
			input.pointer().release(button);
			List<PointerEvent> seen = awaitButtons(right, 2);
			assertThat(seen).extracting(PointerEvent::pressed, PointerEvent::button)
				.containsExactly(org.assertj.core.groups.Tuple.tuple(true, button),
						org.assertj.core.groups.Tuple.tuple(false, button));
			assertThat(seen.get(0).x()).isCloseTo(1024 + 300, within(1.0));
			assertThat(seen.get(0).y()).isCloseTo(200, within(1.0));
			assertThat(input.injected().buttons()).isEmpty();
		}
	}

	@Test
	void twoQuickClicksAreADoubleClickOnTheScaledMonitor() {
		Point at = new Point(401, 257);
		input.pointer().click(at, MouseButton.LEFT);
		input.pointer().click(at, MouseButton.LEFT);
		awaitButtons(left, 4);
		assertThat(left.clickCounts()).containsExactly(1, 2);
		assertThat(left.buttons().get(2).x()).isCloseTo(401, within(1.0));
		assertThat(left.buttons().get(2).y()).isCloseTo(257, within(1.0));
	}

	@Test
	void scrollsInFourDirectionsWithTheirSigns() {
		input.pointer().moveTo(500, 300);
		List<ScrollDirection> sent = List.of(ScrollDirection.UP, ScrollDirection.DOWN, ScrollDirection.LEFT,
				ScrollDirection.RIGHT);
		for (ScrollDirection direction : sent) {
			left.log().clearEvents();
			input.pointer().scroll(direction, 2);
			long deadline = System.nanoTime() + WAIT.toNanos();
			while (left.scrolls().size() < 2 && System.nanoTime() < deadline) {
				dev.deskhand.testing.Pause.millis(10);
			}
			assertThat(left.scrolls()).as("%s, events %s", direction, left.log().events("scroll"))
				.containsExactly(direction, direction);
		}
	}

	@Test
	void keyNamesWithModifiersReachTheFocusedWindow() {
		focusRight();
		input.keyboard().pressKey("Shift_L");
		input.keyboard().pressKey("a");
		input.keyboard().releaseKey("a");
		input.keyboard().releaseKey("Shift_L");
		right.log().await(WitnessEvents.key("release", "Shift_L"), WAIT);
		assertThat(right.keys()).containsExactly(new KeyEvent(true, "Shift_L"), new KeyEvent(true, "A"),
				new KeyEvent(false, "A"), new KeyEvent(false, "Shift_L"));
		JsonNode capital = right.log().await(WitnessEvents.key("press", "A"), WAIT);
		assertThat(capital.path("mods").toString()).contains("shift");
		right.log().clearEvents();
		for (String name : List.of("Control_L", "Return", "F5", "Page_Down")) {
			input.keyboard().pressKey(name);
			input.keyboard().releaseKey(name);
			right.log().await(WitnessEvents.key("release", name), WAIT);
		}
		assertThat(input.injected().keys()).isEmpty();
	}

	@Test
	void asciiTextArrivesExactlyAndHeldModifiersDoNotChangeIt() {
		focusRight();
		right.log().clearText();
		String text = "Hello, World! 0123456789 ~`!@#$%^&*()_+-=[]{};':\"\\|,./<>?\tend\n";
		input.keyboard().pressKey("Shift_L");
		try {
			input.keyboard().typeText(text);
		}
		finally {
			input.keyboard().releaseKey("Shift_L");
		}
		right.log().awaitText(text, WAIT);
	}

	@Test
	void aLongTextArrivesExactlyAndAnInterruptStopsTheNext() throws Exception {
		focusRight();
		right.log().clearText();
		StringBuilder text = new StringBuilder();
		for (int i = 0; text.length() < 600; i++) {
			text.append("line ").append(i).append(": the quick brown fox jumps over the lazy dog\n");
		}
		long start = System.nanoTime();
		input.keyboard().typeText(text.toString());
		long sent = System.nanoTime() - start;
		right.log().awaitText(text.toString(), WAIT);
		logger.info(
				"{} characters typed on GNOME: the calls returned after {} ms, the witness had them all after {} ms",
				text.length(), sent / 1_000_000, (System.nanoTime() - start) / 1_000_000);
		// an interrupt (the input queue's timeout) stops typing between chunks
		right.log().clearText();
		AtomicReference<Throwable> failure = new AtomicReference<>();
		String longer = text.toString().repeat(5);
		Thread typing = new Thread(() -> {
			try {
				input.keyboard().typeText(longer);
			}
			catch (Throwable ex) {
				failure.set(ex);
			}
		}, "gnome-typing");
		typing.start();
		right.log().await((e) -> right.log().text().length() >= 10, WAIT);
		typing.interrupt();
		typing.join(WAIT.toMillis());
		assertThat(failure.get()).isInstanceOfSatisfying(DeskhandException.class,
				(ex) -> assertThat(ex.code()).isEqualTo(ErrorCode.E_TIMEOUT));
		assertThat(failure.get()).hasMessageContaining("interrupted after");
		assertThat(right.log().text().length()).isLessThan(longer.length());
		assertThat(input.injected().keys()).isEmpty();
	}

	@Test
	void typedTextIgnoresACapsLockTheAgentTurnedOn() {
		focusRight();
		right.log().clearText();
		input.keyboard().pressKey("Caps_Lock");
		input.keyboard().releaseKey("Caps_Lock");
		try {
			input.keyboard().typeText("aB1 xY");
			right.log().awaitText("aB1 xY", WAIT);
			// the lock is still on for keys pressed by name
			right.log().clearEvents();
			input.keyboard().pressKey("q");
			input.keyboard().releaseKey("q");
			right.log().await(WitnessEvents.key("press", "Q"), WAIT);
		}
		finally {
			input.keyboard().pressKey("Caps_Lock");
			input.keyboard().releaseKey("Caps_Lock");
		}
		right.log().clearText();
		input.keyboard().typeText("q");
		right.log().awaitText("q", WAIT);
	}

	@Test
	void mixedTextIsRefusedWholeNamingWhatTheUsLayoutLacks() {
		focusRight();
		right.log().clearText();
		String mixed = MixedText.of(200, 20261130);
		// mutter's keymap on the rig is US: of MixedText's pool only ASCII and € (under
		// its
		// legacy keysym) have a key
		assertThatThrownBy(() -> input.keyboard().typeText(mixed))
			.isInstanceOfSatisfying(DeskhandException.class,
					(ex) -> assertThat(ex.code()).isEqualTo(ErrorCode.E_UNSUPPORTED))
			.hasMessageContaining("(English (US))")
			.hasMessageContaining("nothing was typed")
			.hasMessageContaining("中 (U+4E2D)")
			.hasMessageContaining("é (U+00E9)")
			.hasMessageNotContaining("€");
		// nothing arrived before the next text
		input.keyboard().typeText("z");
		right.log().awaitText("z", WAIT);
	}

	@Test
	void theEuroSignIsTypedThroughTheKeysymTheLayoutHasItUnder() {
		focusRight();
		right.log().clearText();
		input.keyboard().typeText("5 €, 6 €");
		right.log().awaitText("5 €, 6 €", WAIT);
	}

	@Test
	void releaseAllFromAnotherThreadReleasesAHeldKeyAndButton() throws Exception {
		focusRight();
		input.pointer().moveTo(1024 + 500, 400);
		right.log().clearEvents();
		input.keyboard().pressKey("Control_L");
		input.pointer().press(MouseButton.LEFT);
		right.log().await(WitnessEvents.button("press", 1), WAIT);
		right.log().await(WitnessEvents.key("press", "Control_L"), WAIT);
		Thread releaser = new Thread(input::releaseAll, "release-all");
		releaser.start();
		releaser.join(TIMEOUT.toMillis());
		right.log().await(WitnessEvents.button("release", 1), WAIT);
		right.log().await(WitnessEvents.key("release", "Control_L"), WAIT);
		assertThat(input.injected().keys()).isEmpty();
		assertThat(input.injected().buttons()).isEmpty();
		// the session holds nothing either: a later press has no modifier with it
		input.keyboard().pressKey("b");
		input.keyboard().releaseKey("b");
		JsonNode b = right.log().await(WitnessEvents.key("press", "b"), WAIT);
		assertThat(b.path("mods").size()).isZero();
	}

	@Test
	void afterAResetTheFirstEventsArrive() {
		focusRight();
		input.reset();
		right.log().clearEvents();
		// the first events of the new session's devices: the warm-up took the loss
		input.keyboard().pressKey("x");
		input.keyboard().releaseKey("x");
		input.pointer().moveTo(1024 + 123, 456);
		right.log().await(WitnessEvents.key("press", "x"), WAIT);
		right.log().await(WitnessEvents.key("release", "x"), WAIT);
		JsonNode motion = right.log()
			.await((e) -> (WitnessEvents.is(e, "motion") || WitnessEvents.is(e, "enter"))
					&& Math.abs(right.desktopX(e) - (1024 + 123)) <= 1, WAIT);
		assertThat(right.desktopY(motion)).isCloseTo(456, within(1.0));
	}

	// through the witness's own RemoteDesktop click, not Deskhand's
	private static void focusRight() {
		rightWitness.focus();
		right.log().clearEvents();
	}

	private static void awaitFocus(GnomeWitness witness, boolean focused) {
		long deadline = System.nanoTime() + WAIT.toNanos();
		while (witness.log().hasFocus() != focused) {
			assertThat(System.nanoTime()).as("%s focused: %s%s", witness, focused, witness.log().lastEvents())
				.isLessThan(deadline);
			dev.deskhand.testing.Pause.millis(10);
		}
	}

	private static List<PointerEvent> awaitButtons(GnomeWitness witness, int count) {
		long deadline = System.nanoTime() + WAIT.toNanos();
		while (witness.buttons().size() < count) {
			assertThat(System.nanoTime()).as("%d button events%s", count, witness.log().lastEvents())
				.isLessThan(deadline);
			dev.deskhand.testing.Pause.millis(10);
		}
		return witness.buttons();
	}

}
