package dev.deskhand.platform.linux.x11;

import java.awt.image.BufferedImage;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.DisplayInfo;
import dev.deskhand.platform.Frame;
import dev.deskhand.platform.MouseButton;
import dev.deskhand.platform.Point;
import dev.deskhand.platform.Rect;
import dev.deskhand.platform.ScrollDirection;
import dev.deskhand.testing.MixedText;
import dev.deskhand.testing.ScreenRect;
import dev.deskhand.testing.TestDesktop;
import dev.deskhand.testing.witness.WitnessWindow;
import dev.deskhand.testing.witness.WitnessWindow.TimedEvent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The driver against a real X server (the shared Xvfb + openbox), checked by independent
 * witnesses: a Swing window in another JVM, xdotool, xrandr, ImageMagick's import, and
 * the test's own XQueryKeymap.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class X11DesktopDriverLiveTests {

	private static final Logger logger = LoggerFactory.getLogger(X11DesktopDriverLiveTests.class);

	private static final Duration WAIT = Duration.ofSeconds(10);

	private static final Pattern MONITOR = Pattern
		.compile("(?m)^\\s*\\d+: ([+*]*)(\\S+) (\\d+)/\\d+x(\\d+)/\\d+\\+(-?\\d+)\\+(-?\\d+)");

	private TestDesktop desktop;

	private X11DesktopDriver driver;

	private WitnessWindow witness;

	@BeforeAll
	void connect() {
		this.desktop = TestDesktop.shared();
		this.driver = X11DesktopDriver.connect(this.desktop.display());
		this.witness = WitnessWindow.open(this.desktop, "x11-driver-witness", 200, 150, 700, 400);
	}

	@AfterAll
	void disconnect() {
		if (this.witness != null) {
			this.witness.close();
		}
		if (this.driver != null) {
			this.driver.close();
		}
	}

	@Test
	void displaysMatchXrandrListmonitors() {
		assertThat(this.driver.displays().displays()).isEqualTo(xrandrMonitors(this.desktop));
		assertThat(this.driver.name()).isEqualTo("x11");
		assertThat(this.driver.target()).isEqualTo(this.desktop.display());
		assertThat(this.driver.reachable()).isTrue();
	}

	@Test
	void displaysFollowRandrMonitorsOfASplitScreen() {
		try (TestDesktop wide = TestDesktop.start("3840x1080x24");
				X11DesktopDriver wideDriver = X11DesktopDriver.connect(wide.display())) {
			wide.run(WAIT, "xrandr", "--setmonitor", "left", "1920/508x1080/286+0+0", "screen").requireSuccess();
			wide.run(WAIT, "xrandr", "--setmonitor", "right", "1920/508x1080/286+1920+0", "none").requireSuccess();
			List<DisplayInfo> displays = wideDriver.displays().displays();
			assertThat(displays).isEqualTo(xrandrMonitors(wide));
			assertThat(displays).extracting(DisplayInfo::id).containsExactly("left", "right");
			assertThat(displays.get(1).bounds()).isEqualTo(new Rect(1920, 0, 1920, 1080));
			Frame right = wideDriver.capture().capture(displays.get(1).bounds());
			assertThat(right.width()).isEqualTo(1920);
			assertThat(right.height()).isEqualTo(1080);
		}
	}

	@Test
	void captureOfTheWholeDisplayEqualsImportPixelForPixel() throws Exception {
		// the witness' caret blinks while it has the focus: give the focus to a still
		// xterm
		Process still = startStillWindow();
		try {
			for (boolean shm : new boolean[] { true, false }) {
				try (X11DesktopDriver capturing = X11DesktopDriver.connect(this.desktop.display(), null, shm)) {
					Rect screen = capturing.displays().displays().get(0).bounds();
					Frame frame = null;
					BufferedImage imported = null;
					for (int attempt = 0; attempt < 5 && imported == null; attempt++) {
						Frame before = capturing.capture().capture(screen);
						BufferedImage candidate = this.desktop.importRoot();
						if (Arrays.equals(before.pixels(), capturing.capture().capture(screen).pixels())) {
							frame = before;
							imported = candidate;
						}
					}
					assertThat(imported).as("a moment when the screen did not change").isNotNull();
					assertThat(capturing.x11Capture().usesShm()).isEqualTo(shm);
					assertThat(frame.width()).isEqualTo(imported.getWidth());
					assertThat(frame.height()).isEqualTo(imported.getHeight());
					assertThat(differingPixels(frame, imported)).as("pixels differing from import (shm=%s)", shm)
						.isZero();
					assertThat(Arrays.stream(frame.pixels()).distinct().count()).as("distinct colours")
						.isGreaterThan(2);
				}
			}
		}
		finally {
			still.destroy();
			still.waitFor();
		}
	}

	private Process startStillWindow() throws Exception {
		String title = "x11-capture-still";
		ProcessBuilder builder = new ProcessBuilder("xterm", "-T", title, "-geometry", "40x6+1300+700", "-e", "sleep",
				"120")
			.redirectErrorStream(true)
			.redirectOutput(ProcessBuilder.Redirect.DISCARD);
		builder.environment().putAll(this.desktop.environment());
		Process still = builder.start();
		try {
			this.desktop.activate(title);
			// xterm paints its cursor once it has the focus; let it settle
			Thread.sleep(300);
		}
		catch (RuntimeException | AssertionError ex) {
			still.destroy();
			throw ex;
		}
		return still;
	}

	@Test
	void captureOfARegionEqualsThatPartOfTheWholeScreen() {
		Rect screen = this.driver.displays().displays().get(0).bounds();
		Rect region = new Rect(190, 140, 333, 77);
		Frame part = null;
		Frame whole = null;
		for (int attempt = 0; attempt < 20; attempt++) {
			whole = this.driver.capture().capture(screen);
			part = this.driver.capture().capture(region);
			if (Arrays.equals(whole.pixels(), this.driver.capture().capture(screen).pixels())) {
				break;
			}
		}
		for (int y = 0; y < region.height(); y++) {
			for (int x = 0; x < region.width(); x++) {
				assertThat(part.rgb(x, y)).isEqualTo(whole.rgb(region.x() + x, region.y() + y));
			}
		}
	}

	@Test
	void moveToAgreesWithXdotool() {
		for (Point target : List.of(new Point(0, 0), new Point(1919, 1079), new Point(123, 456), new Point(960, 540))) {
			this.driver.pointer().moveTo(target.x(), target.y());
			dev.deskhand.testing.Pointer seen = this.desktop.pointerLocation();
			assertThat(new Point(seen.x(), seen.y())).isEqualTo(target);
			assertThat(this.driver.displays().pointerPosition()).isEqualTo(target);
		}
	}

	/**
	 * openbox grabs a press on a window synchronously (to focus it) and holds the
	 * pointer's events until it lets them through; a window manager slow under load then
	 * let keys typed after a click reach the window before the click, and a later move
	 * come before its release. A click waits for its release to be processed.
	 */
	@Test
	void aClickHeldByABusyWindowManagerStillComesBeforeTheKeysTypedAfterIt() throws Exception {
		try (TestDesktop own = TestDesktop.start("1280x720x24");
				X11DesktopDriver ownDriver = X11DesktopDriver.connect(own.display())) {
			WitnessWindow window = WitnessWindow.open(own, "x11-busy-wm-witness", 100, 100, 600, 400);
			try {
				window.focus();
				ScreenRect area = window.bounds();
				Point target = new Point(area.x() + 200, area.y() + 150);
				window.clearEvents();
				own.stopWindowManager();
				Thread resume = new Thread(() -> {
					try {
						Thread.sleep(200);
					}
					catch (InterruptedException ex) {
						Thread.currentThread().interrupt();
					}
					own.continueWindowManager();
				});
				resume.start();
				try {
					ownDriver.pointer().click(target, MouseButton.LEFT);
					ownDriver.pointer().moveTo(target.x() + 150, target.y() + 100);
					ownDriver.keyboard().typeText("k");
				}
				finally {
					resume.join();
				}
				window.awaitEvent((event) -> event.startsWith("KEYDOWN code=K"), WAIT);
				List<String> events = window.events();
				int press = indexOf(events, "PRESS button=1");
				int release = indexOf(events, "RELEASE button=1");
				int key = indexOf(events, "KEYDOWN code=K");
				assertThat(press).as("%s", events).isNotNegative();
				assertThat(release).as("%s", events).isGreaterThan(press).isLessThan(key);
				for (int index : new int[] { press, release }) {
					Map<String, String> fields = WitnessWindow.fields(events.get(index));
					assertThat(fields.get("x")).as(events.get(index)).isEqualTo(Integer.toString(target.x()));
					assertThat(fields.get("y")).as(events.get(index)).isEqualTo(Integer.toString(target.y()));
				}
				assertThat(own.buttonsDownMask()).isZero();
			}
			finally {
				window.close();
			}
		}
	}

	private static int indexOf(List<String> events, String prefix) {
		for (int i = 0; i < events.size(); i++) {
			if (events.get(i).startsWith(prefix)) {
				return i;
			}
		}
		return -1;
	}

	@Test
	void buttonsLandOnTheWitnessAtTheScreenPoint() {
		Point point = insideWitness(140, 90);
		for (MouseButton button : MouseButton.values()) {
			int number = X11PointerDriver.number(button);
			this.witness.clearEvents();
			this.driver.pointer().moveTo(point.x(), point.y());
			this.driver.pointer().press(button);
			String press = this.witness.awaitEvent((event) -> event.startsWith("PRESS button=" + number), WAIT);
			this.driver.pointer().release(button);
			String release = this.witness.awaitEvent((event) -> event.startsWith("RELEASE button=" + number), WAIT);
			for (String event : List.of(press, release)) {
				Map<String, String> fields = WitnessWindow.fields(event);
				assertThat(fields.get("x")).as(event).isEqualTo(Integer.toString(point.x()));
				assertThat(fields.get("y")).as(event).isEqualTo(Integer.toString(point.y()));
			}
		}
		assertThat(this.desktop.buttonsDownMask()).isZero();
	}

	@Test
	void clickLatency() {
		Point point = insideWitness(300, 200);
		int clicks = 20;
		List<Long> api = new ArrayList<>();
		List<Long> endToEnd = new ArrayList<>();
		for (int i = 0; i < clicks; i++) {
			this.witness.clearEvents();
			long start = System.nanoTime();
			this.driver.pointer().moveTo(point.x() + i, point.y());
			this.driver.pointer().press(MouseButton.LEFT);
			this.driver.pointer().release(MouseButton.LEFT);
			api.add(System.nanoTime() - start);
			this.witness.awaitEvent((event) -> event.startsWith("RELEASE button=1"), WAIT);
			TimedEvent release = this.witness.timedEvents()
				.stream()
				.filter((event) -> event.event().startsWith("RELEASE button=1"))
				.findFirst()
				.orElseThrow();
			endToEnd.add(release.nanoTime() - start);
		}
		logger.info("click (move+press+release+XSync) over {} clicks: API median {} ms, to the witness' RELEASE"
				+ " median {} ms", clicks, millis(median(api)), millis(median(endToEnd)));
		assertThat(median(endToEnd)).isLessThan(Duration.ofMillis(500).toNanos());
	}

	@Test
	void scrollArrivesInAllFourDirections() {
		Point point = insideWitness(200, 120);
		this.driver.pointer().moveTo(point.x(), point.y());
		this.witness.clearEvents();
		this.driver.pointer().scroll(ScrollDirection.UP, 2);
		this.driver.pointer().scroll(ScrollDirection.DOWN, 3);
		// Swing turns X buttons 6 and 7 (horizontal wheel) into mouse buttons 4 and 5
		this.driver.pointer().scroll(ScrollDirection.LEFT, 1);
		this.driver.pointer().scroll(ScrollDirection.RIGHT, 2);
		assertThat(this.witness.awaitEvents((event) -> event.startsWith("WHEEL rotation=-1"), 2, WAIT)).hasSize(2);
		assertThat(this.witness.awaitEvents((event) -> event.startsWith("WHEEL rotation=1 "), 3, WAIT)).hasSize(3);
		assertThat(this.witness.awaitEvents((event) -> event.startsWith("PRESS button=4"), 1, WAIT)).hasSize(1);
		assertThat(this.witness.awaitEvents((event) -> event.startsWith("PRESS button=5"), 2, WAIT)).hasSize(2);
		assertThat(this.desktop.buttonsDownMask()).isZero();
	}

	@Test
	void chordArrivesWithItsModifiers() {
		this.witness.focus();
		this.witness.clearEvents();
		pressAndRelease("Control_L", "Shift_L", "t");
		String keyDown = this.witness.awaitEvent((event) -> event.startsWith("KEYDOWN code=T"), WAIT);
		assertThat(WitnessWindow.fields(keyDown).get("mods")).isEqualTo("Ctrl+Shift");
		assertThat(this.desktop.keysDown()).isEmpty();
	}

	@Test
	void typesAsciiExactly() {
		clearWitness();
		String text = "Hello, World! 0123456789 ~`!@#$%^&*()_+-=[]{}|\\;':\",./<>? AZ az\tTab\nsecond line";
		long start = System.nanoTime();
		this.driver.keyboard().typeText(text);
		long api = System.nanoTime() - start;
		this.witness.awaitText(text, WAIT);
		logTypingSpeed("ASCII", text, start, api);
		assertThat(this.desktop.keysDown()).isEmpty();
	}

	@Test
	void typesMixedUnicodeExactly() {
		String text = MixedText.of(200, 20261130);
		assertThat(text.codePointCount(0, text.length())).isEqualTo(200);
		for (int run = 0; run < 2; run++) {
			clearWitness();
			long start = System.nanoTime();
			this.driver.keyboard().typeText(text);
			long api = System.nanoTime() - start;
			this.witness.awaitText(text, Duration.ofSeconds(20));
			logTypingSpeed((run == 0) ? "mixed Unicode, cold" : "mixed Unicode, bindings in place", text, start, api);
		}
		assertThat(this.desktop.keysDown()).isEmpty();
	}

	@Test
	void typedTextIgnoresCapsLockAndHeldModifiers() {
		clearWitness();
		this.driver.keyboard().pressKey("Caps_Lock");
		this.driver.keyboard().releaseKey("Caps_Lock");
		this.driver.keyboard().pressKey("Shift_L");
		try {
			this.driver.keyboard().typeText("aB1 é");
			this.witness.awaitText("aB1 é", WAIT);
		}
		finally {
			this.driver.keyboard().releaseKey("Shift_L");
			this.driver.keyboard().pressKey("Caps_Lock");
			this.driver.keyboard().releaseKey("Caps_Lock");
		}
		assertThat(this.desktop.keysDown()).isEmpty();
	}

	@Test
	void interruptedTypingStopsWithATimeoutAndHoldsNothing() {
		clearWitness();
		Thread.currentThread().interrupt();
		try {
			assertThatExceptionOfType(DeskhandException.class)
				.isThrownBy(() -> this.driver.keyboard().typeText(MixedText.of(60, 7)))
				.satisfies((ex) -> assertThat(ex.code()).isEqualTo(ErrorCode.E_TIMEOUT));
		}
		finally {
			Thread.interrupted();
		}
		this.driver.keyboard().typeText("after");
		this.witness.awaitText("after", WAIT);
		assertThat(this.desktop.keysDown()).isEmpty();
	}

	@Test
	void releaseAllLetsGoOfAbandonedPressesAndOfOtherProcessesKeys() {
		Point corner = new Point(1900, 1070);
		this.driver.pointer().moveTo(corner.x(), corner.y());
		this.driver.keyboard().pressKey("Shift_L");
		this.driver.keyboard().pressKey("exclam");
		this.driver.pointer().press(MouseButton.LEFT);
		this.desktop.run(WAIT, "xdotool", "keydown", "Control_L").requireSuccess();
		assertThat(this.desktop.keysDown()).contains(50, 37).hasSizeGreaterThanOrEqualTo(3);
		assertThat(this.desktop.buttonsDownMask() & TestDesktop.BUTTON1_MASK).isNotZero();
		this.driver.releaseAll();
		assertThat(this.desktop.keysDown()).isEmpty();
		assertThat(this.desktop.buttonsDownMask()).isZero();
	}

	@Test
	void closeGivesTheClaimedKeycodesTheirMappingBack() {
		// a desktop of its own: another driver's bindings on the shared one would read as
		// leftovers
		try (TestDesktop own = TestDesktop.start("800x600x24")) {
			X11Keymap before;
			try (X11Connection probe = X11Connection.open(own.display(), "probe")) {
				before = probe.keyboardMapping();
			}
			try (X11DesktopDriver typing = X11DesktopDriver.connect(own.display())) {
				typing.keyboard().typeText("ünïcödé ✓");
				try (X11Connection probe = X11Connection.open(own.display(), "probe")) {
					assertThat(probe.keyboardMapping().rows(232, 24)).isNotEqualTo(before.rows(232, 24));
				}
			}
			try (X11Connection probe = X11Connection.open(own.display(), "probe")) {
				assertThat(probe.keyboardMapping().rows(232, 24)).isEqualTo(before.rows(232, 24));
			}
		}
	}

	private void pressAndRelease(String... keys) {
		for (String key : keys) {
			this.driver.keyboard().pressKey(key);
		}
		for (int i = keys.length - 1; i >= 0; i--) {
			this.driver.keyboard().releaseKey(keys[i]);
		}
	}

	private void clearWitness() {
		this.witness.focus();
		pressAndRelease("Control_L", "a");
		pressAndRelease("BackSpace");
		this.witness.awaitText("", WAIT);
		this.witness.clearEvents();
	}

	private Point insideWitness(int dx, int dy) {
		ScreenRect bounds = this.witness.bounds();
		return new Point(bounds.x() + dx, bounds.y() + dy);
	}

	private void logTypingSpeed(String what, String text, long start, long api) {
		TimedEvent last = this.witness.timedEvents()
			.stream()
			.filter((event) -> event.event().startsWith("TEXT"))
			.reduce((first, second) -> second)
			.orElseThrow();
		long endToEnd = last.nanoTime() - start;
		int codePoints = text.codePointCount(0, text.length());
		logger.info("typed {} code points of {}: API {} ms, to the witness' last TEXT {} ms = {} chars/s", codePoints,
				what, millis(api), millis(endToEnd), Math.round(codePoints / (endToEnd / 1e9)));
	}

	static List<DisplayInfo> xrandrMonitors(TestDesktop desktop) {
		String output = desktop.run(WAIT, "xrandr", "--listmonitors").requireSuccess().stdout();
		List<DisplayInfo> monitors = new ArrayList<>();
		Matcher matcher = MONITOR.matcher(output);
		while (matcher.find()) {
			monitors.add(new DisplayInfo(matcher.group(2), matcher.group(2),
					new Rect(Integer.parseInt(matcher.group(5)), Integer.parseInt(matcher.group(6)),
							Integer.parseInt(matcher.group(3)), Integer.parseInt(matcher.group(4))),
					1.0, matcher.group(1).contains("*")));
		}
		assertThat(monitors).as("monitors in %s", output).isNotEmpty();
		return X11DisplayDriver.toDisplays(monitors.stream()
			.map((m) -> new X11Connection.Monitor(m.name(), m.primary(), m.bounds().x(), m.bounds().y(),
					m.bounds().width(), m.bounds().height()))
			.toList());
	}

	private static long differingPixels(Frame frame, BufferedImage image) {
		long differing = 0;
		for (int y = 0; y < frame.height(); y++) {
			for (int x = 0; x < frame.width(); x++) {
				if (frame.rgb(x, y) != (image.getRGB(x, y) & 0xFFFFFF)) {
					differing++;
				}
			}
		}
		return differing;
	}

	private static long median(List<Long> values) {
		List<Long> sorted = new ArrayList<>(values);
		sorted.sort(Long::compare);
		return sorted.get(sorted.size() / 2);
	}

	private static String millis(long nanos) {
		return String.format("%.2f", nanos / 1e6);
	}

}
