package dev.deskhand.selftest;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Supplier;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.files.PrivateFiles;
import dev.deskhand.input.InputAction;
import dev.deskhand.input.InputQueue;
import dev.deskhand.input.KeyChord;
import dev.deskhand.platform.DesktopDriver;
import dev.deskhand.platform.DesktopHealth;
import dev.deskhand.platform.DisplayInfo;
import dev.deskhand.platform.InputStateSensor;
import dev.deskhand.platform.MouseButton;
import dev.deskhand.platform.OperatingSystem;
import dev.deskhand.platform.PlatformCheck;
import dev.deskhand.platform.Point;
import dev.deskhand.platform.Rect;
import dev.deskhand.platform.WindowInfo;
import dev.deskhand.platform.elements.AccessibilityDriver;
import dev.deskhand.platform.elements.AccessibilityStatus;
import dev.deskhand.platform.elements.ElementList;
import dev.deskhand.platform.elements.ElementQuery;
import dev.deskhand.screen.ImageFormat;
import dev.deskhand.screen.ScreenGeometry;
import dev.deskhand.screen.ScreenService;
import dev.deskhand.screen.Screenshot;
import dev.deskhand.selftest.SelfTestResult.Outcome;

/**
 * Runs every check in turn, each on its own: one that fails or throws becomes a row of
 * the table and the next one still runs. Input goes through the input queue like an
 * agent's (failsafe included) and every result is read back from somewhere else than the
 * call that made it: the pointer from the OS, typed text from the witness window, the
 * clipboard by reading it.
 */
final class SelfTest {

	/** The session the self-test's input runs under, in the audit and the queue. */
	static final String SESSION = "self-test";

	private static final Duration READ_BACK = Duration.ofSeconds(3);

	private static final Duration CLIPBOARD_TIMEOUT = Duration.ofSeconds(2);

	private final DesktopDriver driver;

	private final ScreenService screens;

	private final InputQueue queue;

	private final AccessibilityDriver accessibility;

	private final SelfTestWitness witness;

	private final SelfTestProperties properties;

	private final String failsafeChord;

	private final Map<String, String> facts;

	private final List<SelfTestResult> results = new ArrayList<>();

	SelfTest(DesktopDriver driver, ScreenService screens, InputQueue queue, AccessibilityDriver accessibility,
			SelfTestWitness witness, SelfTestProperties properties, String failsafeChord, Map<String, String> facts) {
		this.driver = driver;
		this.screens = screens;
		this.queue = queue;
		this.accessibility = accessibility;
		this.witness = witness;
		this.properties = properties;
		this.failsafeChord = failsafeChord;
		this.facts = new LinkedHashMap<>(facts);
	}

	SelfTestReport run() {
		this.facts.put("driver", this.driver.name() + " on " + this.driver.target());
		this.facts.put("output", this.properties.output().toAbsolutePath().toString());
		check("desktop", this::desktop);
		for (PlatformCheck platform : this.driver.platformChecks()) {
			this.results.add(new SelfTestResult(platform.name(), platform.ok() ? Outcome.PASS : Outcome.FAIL,
					platform.detail()));
		}
		List<DisplayInfo> displays = displays();
		// put back at the end: the pointer checks and the click into the witness move it
		Optional<Point> start = readPointer();
		// the witness window opens first, so that the screenshots have something to show
		// and the window list something to find
		SelfTestWitness.Opened window = openWitness();
		try {
			for (DisplayInfo display : displays) {
				check("screenshot " + display.id(), () -> screenshot(display));
			}
			for (DisplayInfo display : displays) {
				check("pointer " + display.id(), () -> pointer(display));
			}
			check("failsafe sensor", this::sensor);
			check("windows", this::windows);
			if (window != null) {
				check("typing", () -> type(window, "typing", this.properties.text()));
				check("typing outside the BMP", () -> typeAstral(window));
			}
			else {
				this.results.add(SelfTestResult.skip("typing", "no window to type into"));
			}
			check("clipboard", this::clipboard);
			check("accessibility", this::accessibility);
		}
		finally {
			if (window != null) {
				quietly(window::close);
			}
			start.ifPresent((point) -> quietly(() -> this.queue.execute(SESSION, new InputAction.MoveTo(point))));
		}
		return new SelfTestReport(this.facts, this.results);
	}

	private SelfTestResult desktop() {
		DesktopHealth health = this.driver.health();
		if (!health.isAnswering()) {
			return SelfTestResult.fail("desktop", health.state() + ": " + health.reason());
		}
		return SelfTestResult.pass("desktop", "answering; the failsafe sees " + this.driver.failsafeSees());
	}

	private List<DisplayInfo> displays() {
		List<DisplayInfo> displays = List.of();
		try {
			displays = this.screens.displays();
		}
		catch (RuntimeException ex) {
			this.results.add(SelfTestResult.fail("displays", describe(ex)));
			return displays;
		}
		if (displays.isEmpty()) {
			this.results.add(SelfTestResult.fail("displays", "the driver lists no display"));
		}
		else {
			this.results.add(SelfTestResult.pass("displays", displays.size() + " attached, "
					+ displays.stream().filter(DisplayInfo::primary).map(DisplayInfo::id).findFirst().orElse("none")
					+ " primary"));
		}
		for (DisplayInfo display : displays) {
			check("display " + display.id(), () -> SelfTestResult.pass("display " + display.id(), sizes(display)));
		}
		return displays;
	}

	/**
	 * The three sizes of DESIGN's coordinates: logical, device, and the agent's image.
	 */
	private String sizes(DisplayInfo display) {
		Rect bounds = display.bounds();
		ScreenGeometry geometry = this.screens.currentGeometry(display);
		return String.format(java.util.Locale.ROOT,
				"%s%s at (%d,%d): logical %dx%d, device %dx%d (scale %.2f), agent image %dx%d", display.name(),
				display.primary() ? " (primary)" : "", bounds.x(), bounds.y(), bounds.width(), bounds.height(),
				Math.round(bounds.width() * display.scaleFactor()), Math.round(bounds.height() * display.scaleFactor()),
				display.scaleFactor(), geometry.imageWidth(), geometry.imageHeight());
	}

	private SelfTestResult screenshot(DisplayInfo display) throws IOException {
		String check = "screenshot " + display.id();
		Screenshot shot = this.screens.screenshot(SESSION, display.id(), ImageFormat.PNG);
		Path file = this.properties.output().resolve("screenshot-" + safe(display.id()) + ".png");
		PrivateFiles.write(file, shot.image());
		ImageColours colours = ImageColours.of(shot.image());
		String detail = shot.width() + "x" + shot.height() + " PNG, " + shot.image().length + " bytes, saved to "
				+ file.getFileName();
		if (colours.uniform()) {
			return SelfTestResult.warn(check, detail + "; every pixel is " + colours.first()
					+ ": a blank screen, or a capture that delivered no picture (look at the file)");
		}
		return SelfTestResult.pass(check, detail);
	}

	private SelfTestResult pointer(DisplayInfo display) {
		String check = "pointer " + display.id();
		Rect bounds = display.bounds();
		Point centre = new Point(bounds.x() + bounds.width() / 2, bounds.y() + bounds.height() / 2);
		this.queue.execute(SESSION, new InputAction.MoveTo(centre));
		Point seen = this.driver.displays().pointerPosition();
		if (centre.equals(seen)) {
			return SelfTestResult.pass(check, "moved to the centre " + show(centre) + "; the OS reports it there");
		}
		return SelfTestResult.fail(check,
				"moved to the centre " + show(centre) + " but the OS reports the pointer at " + show(seen));
	}

	private SelfTestResult sensor() {
		KeyChord chord = KeyChord.parse(this.failsafeChord, this.driver.keyboard()::isKnownKey);
		try (InputStateSensor sensor = this.driver.openSensor(chord.keys())) {
			Point sensed = sensor.pointerPosition();
			Point reported = this.driver.displays().pointerPosition();
			boolean held = sensor.isHeld(chord.keys());
			String detail = "its own connection sees the pointer at " + show(sensed) + " (the driver: " + show(reported)
					+ "), the chord " + String.join("+", chord.keys()) + (held ? " held" : " not held");
			if (held) {
				return SelfTestResult.fail("failsafe sensor",
						detail + ": nobody holds it, so the failsafe would trip on its own");
			}
			return sensed.equals(reported) ? SelfTestResult.pass("failsafe sensor", detail)
					: SelfTestResult.fail("failsafe sensor", detail);
		}
	}

	private SelfTestResult windows() {
		List<WindowInfo> windows = this.driver.windows().list();
		String focused = this.driver.windows()
			.focusedWindow()
			.map((window) -> "'" + window.title() + "' focused")
			.orElse("none focused");
		return SelfTestResult.pass("windows", windows.size() + " listed, " + focused);
	}

	/** The witness window, or {@code null} (and a failed row) when it did not open. */
	private SelfTestWitness.Opened openWitness() {
		String title = "Deskhand self-test " + UUID.randomUUID().toString().substring(0, 8);
		SelfTestWitness.Opened window;
		try {
			window = this.witness.open(title);
		}
		catch (RuntimeException ex) {
			this.results
				.add(SelfTestResult.fail("launch", "could not open a window of its own to type into: " + describe(ex)));
			return null;
		}
		WindowInfo shown = window.window();
		this.results.add(SelfTestResult.pass("launch", "opened '" + title + "' (pid " + shown.pid() + ", "
				+ ((shown.bounds() != null) ? show(shown.bounds()) : "bounds unknown") + ")"));
		check("window facts", () -> windowFacts(shown));
		return window;
	}

	private SelfTestResult windowFacts(WindowInfo shown) {
		List<String> problems = new ArrayList<>();
		if (shown.bounds() == null) {
			problems.add("no bounds");
		}
		if (shown.pid() == 0) {
			problems.add("no process id");
		}
		if (shown.executable().isEmpty()) {
			problems.add("no executable");
		}
		String detail = "listed with title, pid " + shown.pid() + ", executable '" + shown.executable() + "', bounds "
				+ ((shown.bounds() != null) ? show(shown.bounds()) : "unknown");
		return problems.isEmpty() ? SelfTestResult.pass("window facts", detail)
				: SelfTestResult.warn("window facts", detail + "; missing: " + String.join(", ", problems));
	}

	private SelfTestResult typeAstral(SelfTestWitness.Opened window) {
		if (OperatingSystem.current() == OperatingSystem.LINUX) {
			// JDK's X11 toolkit keeps the low 16 bits of a keysym's character: the
			// witness, not the driver, would fail (the X11 and Wayland drivers' own tests
			// check such characters with a GTK window)
			return SelfTestResult.skip("typing outside the BMP",
					"the witness window (Java on X11) cannot receive characters beyond U+FFFF");
		}
		return type(window, "typing outside the BMP", "𝄞 😀");
	}

	/**
	 * Clicks into the witness, types {@code text} and one more character, presses
	 * BackSpace, and compares what arrived.
	 */
	private SelfTestResult type(SelfTestWitness.Opened window, String check, String text) {
		Rect bounds = window.window().bounds();
		List<InputAction> actions = new ArrayList<>();
		if (bounds != null) {
			// a click into the text area makes sure it has the keyboard, whatever the
			// window manager did with the focus
			Point centre = new Point(bounds.x() + bounds.width() / 2, bounds.y() + bounds.height() / 2);
			actions.add(new InputAction.Click("self-test", centre, MouseButton.LEFT, 1, KeyChord.NONE));
		}
		// what an earlier check typed stays: clearing needs a select-all chord, which
		// differs between systems
		String before = window.received();
		actions.add(new InputAction.TypeText(text + "x"));
		actions.add(new InputAction.PressKeys(new KeyChord(List.of("BackSpace")), 1));
		this.queue.execute(SESSION, actions);
		String received = awaitText(window::received, before + text);
		if (received.equals(before + text)) {
			return SelfTestResult.pass(check, text.codePointCount(0, text.length())
					+ " characters typed and a BackSpace pressed; the window received exactly them");
		}
		return SelfTestResult.fail(check, "typed " + quote(text + "x") + " then BackSpace"
				+ (before.isEmpty() ? "" : " after " + quote(before)) + "; the window holds " + quote(received));
	}

	private static String awaitText(Supplier<String> received, String expected) {
		long deadline = System.nanoTime() + READ_BACK.toNanos();
		String text = received.get();
		while (!text.equals(expected) && System.nanoTime() < deadline) {
			sleep();
			text = received.get();
		}
		return text;
	}

	private SelfTestResult clipboard() {
		String before = this.driver.clipboard().read(CLIPBOARD_TIMEOUT);
		String token = "deskhand self-test " + UUID.randomUUID() + " ✓";
		this.queue.execute(SESSION, new InputAction.WriteClipboard(token));
		String read = this.driver.clipboard().read(CLIPBOARD_TIMEOUT);
		if (!before.isEmpty()) {
			quietly(() -> this.queue.execute(SESSION, new InputAction.WriteClipboard(before)));
		}
		if (read.equals(token)) {
			return SelfTestResult.pass("clipboard", "wrote " + token.length() + " characters and read them back"
					+ (before.isEmpty() ? "" : "; the previous " + before.length() + " characters are back"
							+ ((OperatingSystem.current() == OperatingSystem.LINUX)
									? " while this process runs (an X11 or Wayland clipboard lives in the program"
											+ " that set it, so it empties when the self-test exits unless a"
											+ " clipboard manager keeps it)"
									: "")));
		}
		return SelfTestResult.fail("clipboard", "wrote " + token.length() + " characters, read back " + read.length()
				+ (read.isEmpty() ? "" : " others"));
	}

	private SelfTestResult accessibility() {
		AccessibilityStatus status = this.accessibility.status();
		if (!status.available()) {
			return SelfTestResult.warn("accessibility", this.accessibility.name() + ": " + status.detail());
		}
		ElementList list = this.accessibility
			.list(new ElementQuery(null, null, java.util.Set.of(), null, null, java.util.Set.of(), true, true, 50));
		return SelfTestResult.pass("accessibility",
				this.accessibility.name() + ": " + status.detail() + "; " + list.elements().size()
						+ (list.truncated() ? "+" : "") + " elements on screen"
						+ (list.notes().isEmpty() ? "" : "; " + String.join(" ", list.notes())));
	}

	private Optional<Point> readPointer() {
		try {
			return Optional.of(this.driver.displays().pointerPosition());
		}
		catch (RuntimeException ex) {
			return Optional.empty();
		}
	}

	private void check(String name, Check check) {
		try {
			this.results.add(check.run());
		}
		catch (Exception ex) {
			this.results.add(SelfTestResult.fail(name, describe(ex)));
		}
	}

	private static void quietly(Runnable action) {
		try {
			action.run();
		}
		catch (RuntimeException ex) {
			// restoring what the self-test changed is best effort
		}
	}

	private static String describe(Exception ex) {
		if (ex instanceof DeskhandException deskhand) {
			return deskhand.render();
		}
		return ex.getClass().getSimpleName() + ((ex.getMessage() != null) ? ": " + ex.getMessage() : "");
	}

	private static String show(Point point) {
		return "(" + point.x() + "," + point.y() + ")";
	}

	private static String show(Rect rect) {
		return rect.width() + "x" + rect.height() + " at (" + rect.x() + "," + rect.y() + ")";
	}

	private static String quote(String text) {
		return "\"" + text + "\"";
	}

	private static String safe(String id) {
		return id.replaceAll("[^A-Za-z0-9._-]", "_");
	}

	private static void sleep() {
		try {
			Thread.sleep(50);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("interrupted", ex);
		}
	}

	@FunctionalInterface
	private interface Check {

		SelfTestResult run() throws Exception;

	}

}
