package dev.deskhand.selftest;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.BooleanSupplier;
import java.util.stream.Collectors;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.files.PrivateFiles;
import dev.deskhand.input.Failsafe;
import dev.deskhand.input.InputAction;
import dev.deskhand.input.InputQueue;
import dev.deskhand.input.KeyChord;
import dev.deskhand.platform.DesktopDriver;
import dev.deskhand.platform.DesktopHealth;
import dev.deskhand.platform.DisplayInfo;
import dev.deskhand.platform.MouseButton;
import dev.deskhand.platform.OperatingSystem;
import dev.deskhand.platform.PlatformCheck;
import dev.deskhand.platform.Point;
import dev.deskhand.platform.Rect;
import dev.deskhand.platform.WindowInfo;
import dev.deskhand.platform.elements.AccessibilityDriver;
import dev.deskhand.screen.ImageFormat;
import dev.deskhand.screen.ScreenGeometry;
import dev.deskhand.screen.ScreenService;
import dev.deskhand.screen.Screenshot;
import dev.deskhand.selftest.SelfTestResult.Outcome;
import dev.deskhand.selftest.SelfTestWitness.WitnessPlace;

/**
 * Runs every check in turn, each on its own: one that fails or throws becomes a row of
 * the table and the next one still runs. Input goes through the input queue like an
 * agent's (failsafe included), and every row is judged by something the driver under test
 * did not produce: the witness window, a process of its own, says where Java drew its
 * target, where Java sees the pointer, and which clicks, keys, focus and element actions
 * reached it ({@link SelfTestWitness}); {@link WitnessSpace} ties its coordinates to the
 * driver's from what both say about the screens.
 */
final class SelfTest {

	/** The session the self-test's input runs under, in the audit and the queue. */
	static final String SESSION = "self-test";

	static final Duration READ_BACK = Duration.ofSeconds(3);

	private static final Duration CLIPBOARD_TIMEOUT = Duration.ofSeconds(2);

	private final Probe probe;

	private final SelfTestProperties properties;

	private final SelfTestWitness witness;

	private final Map<String, String> facts;

	private final List<SelfTestResult> results = new ArrayList<>();

	private SelfTestJournal journal = SelfTestJournal.NONE;

	SelfTest(DesktopDriver driver, ScreenService screens, InputQueue queue, AccessibilityDriver accessibility,
			SelfTestWitness witness, SelfTestProperties properties, String failsafeChord, Map<String, String> facts) {
		this(new Probe(driver, screens, queue, accessibility, null, failsafeChord), witness, properties, facts);
	}

	SelfTest(Probe probe, SelfTestWitness witness, SelfTestProperties properties, Map<String, String> facts) {
		this.probe = probe;
		this.witness = witness;
		this.properties = properties;
		this.facts = new LinkedHashMap<>(facts);
	}

	/**
	 * What every check needs: the driver under test and the paths an agent's input takes.
	 *
	 * @param failsafe the running failsafe, or {@code null} where there is none (tests)
	 */
	record Probe(DesktopDriver driver, ScreenService screens, InputQueue queue, AccessibilityDriver accessibility,
			Failsafe failsafe, String failsafeChord) {

		void execute(InputAction action) {
			this.queue.execute(SESSION, action);
		}

	}

	SelfTestReport run() {
		return run(SelfTestJournal.NONE);
	}

	SelfTestReport run(SelfTestJournal journal) {
		this.journal = journal;
		DesktopDriver driver = this.probe.driver();
		this.facts.put("driver", driver.name() + " on " + driver.target());
		this.facts.put("failsafe chord", this.probe.failsafeChord() + "; its sensor sees " + driver.failsafeSees());
		this.facts.put("output", this.properties.output().toAbsolutePath().toString());
		Optional<SelfTestGroup> only = Optional.empty();
		if (!this.properties.only().isEmpty()) {
			only = SelfTestGroup.of(this.properties.only());
			this.facts.put("only", only.map(SelfTestGroup::id).orElse(this.properties.only()));
		}
		List<DisplayInfo> displays = readDisplays();
		this.facts.put("displays", layout(displays));
		journal.start(this.facts);
		if (!this.properties.only().isEmpty() && only.isEmpty()) {
			add(SelfTestResult.fail("only",
					"no rows are called '" + this.properties.only() + "'; one of: " + SelfTestGroup.ids()));
			return finish();
		}
		check("desktop", this::desktop);
		for (PlatformCheck platform : driver.platformChecks()) {
			add(new SelfTestResult(platform.name(), platform.ok() ? Outcome.PASS : Outcome.FAIL, platform.detail()));
		}
		if (displays.isEmpty()) {
			add(SelfTestResult.fail("displays", "the driver lists no display"));
		}
		Optional<Point> start = readPointer();
		boolean needsWitness = only.map(SelfTestGroup::needsWitness).orElse(true);
		SelfTestWitness.Opened window = needsWitness ? openWitness() : null;
		WitnessSpace space = (window != null) ? WitnessSpace.match(window.screens(), displays) : null;
		WitnessRows rows = new WitnessRows(this.probe, window, space);
		try {
			if (wanted(only, SelfTestGroup.DISPLAYS)) {
				for (DisplayInfo display : displays) {
					check("display " + display.id(), () -> display(display, window, space));
				}
			}
			if (wanted(only, SelfTestGroup.SCREENSHOT) || wanted(only, SelfTestGroup.CLICK)) {
				for (DisplayInfo display : displays) {
					Optional<WitnessPlace> place = rows.placeOn(display);
					if (wanted(only, SelfTestGroup.SCREENSHOT)) {
						check("screenshot " + display.id(), () -> screenshot(display, place, space, rows));
					}
					if (wanted(only, SelfTestGroup.CLICK)) {
						check("click " + display.id(), () -> rows.click(display, place));
					}
				}
				rows.placeBack(displays);
			}
			if (wanted(only, SelfTestGroup.POINTER)) {
				for (DisplayInfo display : displays) {
					check("pointer " + display.id(), () -> rows.corners(display));
				}
			}
			if (wanted(only, SelfTestGroup.FAILSAFE)) {
				check("failsafe sensor", () -> new FailsafeRow(this.probe, window, space).run());
			}
			if (wanted(only, SelfTestGroup.FOCUS)) {
				check("focus", () -> new FocusRow(this.probe, window).run());
			}
			if (wanted(only, SelfTestGroup.TYPING)) {
				typing(window, rows);
			}
			if (wanted(only, SelfTestGroup.CLIPBOARD)) {
				check("clipboard", this::clipboard);
			}
			if (wanted(only, SelfTestGroup.ELEMENTS)) {
				new ElementRows(this.probe, window, this::add).run();
			}
		}
		finally {
			if (window != null) {
				quietly(window::close);
			}
			start.ifPresent((point) -> quietly(() -> this.probe.execute(new InputAction.MoveTo(point))));
		}
		return finish();
	}

	private SelfTestReport finish() {
		SelfTestReport report = new SelfTestReport(this.facts, this.results);
		this.journal.finish(report);
		return report;
	}

	private static boolean wanted(Optional<SelfTestGroup> only, SelfTestGroup group) {
		return only.isEmpty() || only.get() == group;
	}

	private void add(SelfTestResult result) {
		this.results.add(result);
		this.journal.row(result);
	}

	private SelfTestResult desktop() {
		DesktopHealth health = this.probe.driver().health();
		if (!health.isAnswering()) {
			return SelfTestResult.fail("desktop", health.state() + ": " + health.reason());
		}
		return SelfTestResult.pass("desktop", "answering");
	}

	private List<DisplayInfo> readDisplays() {
		try {
			return this.probe.screens().displays();
		}
		catch (RuntimeException ex) {
			add(SelfTestResult.fail("displays", describe(ex)));
			return List.of();
		}
	}

	private static String layout(List<DisplayInfo> displays) {
		if (displays.isEmpty()) {
			return "none listed";
		}
		return displays.stream()
			.map((display) -> String.format(Locale.ROOT, "%s '%s'%s %s scale %.2f", display.id(), display.name(),
					display.primary() ? " (primary)" : "", show(display.bounds()), display.scaleFactor()))
			.collect(Collectors.joining("; "));
	}

	/**
	 * The display's sizes, and whether Java in the witness sees a screen of the same
	 * device size: a display the driver reports in points or virtualised pixels does not
	 * match one.
	 */
	private SelfTestResult display(DisplayInfo display, SelfTestWitness.Opened window, WitnessSpace space) {
		String check = "display " + display.id();
		String sizes = sizes(display);
		if (window == null) {
			return SelfTestResult.warn(check, sizes + "; not compared with Java's view: no witness window");
		}
		Optional<WitnessScreen> screen = space.screen(display);
		if (screen.isEmpty()) {
			return SelfTestResult.fail(check, sizes + "; Java sees no screen of " + display.bounds().width() + "x"
					+ display.bounds().height() + " device pixels (Java's screens: "
					+ WitnessSpace.describe(window.screens())
					+ "): the driver's units for this display are not its device pixels, as with a display reported"
					+ " in points or a DPI-virtualised process");
		}
		Rect java = screen.get().bounds();
		return SelfTestResult.pass(check,
				sizes + String.format(Locale.ROOT, "; Java's screen %d: %dx%d at (%d,%d) x%.2f", screen.get().index(),
						java.width(), java.height(), java.x(), java.y(), screen.get().scale()));
	}

	/**
	 * The three sizes of DESIGN's coordinates: logical, device, and the agent's image.
	 */
	private String sizes(DisplayInfo display) {
		Rect bounds = display.bounds();
		ScreenGeometry geometry = this.probe.screens().currentGeometry(display);
		return String.format(Locale.ROOT,
				"%s%s at (%d,%d): logical %dx%d, device %dx%d (scale %.2f), agent image %dx%d", display.name(),
				display.primary() ? " (primary)" : "", bounds.x(), bounds.y(), bounds.width(), bounds.height(),
				Math.round(bounds.width() * display.scaleFactor()), Math.round(bounds.height() * display.scaleFactor()),
				display.scaleFactor(), geometry.imageWidth(), geometry.imageHeight());
	}

	/**
	 * A screenshot of the display, saved, with the witness's target where Java says it
	 * drew it.
	 */
	private SelfTestResult screenshot(DisplayInfo display, Optional<WitnessPlace> place, WitnessSpace space,
			WitnessRows rows) throws IOException {
		String check = "screenshot " + display.id();
		Screenshot shot = this.probe.screens().screenshot(SESSION, display.id(), ImageFormat.PNG);
		Path file = this.properties.output().resolve("screenshot-" + safe(display.id()) + ".png");
		PrivateFiles.write(file, shot.image());
		String saved = shot.width() + "x" + shot.height() + " PNG saved to " + file.getFileName();
		if (place.isPresent()) {
			return TargetCheck.judge(check, saved, shot, space.toDesktop(place.get().target()).orElseThrow(),
					WitnessSpace.ratio(space.screen(display).orElseThrow(), display));
		}
		ImageColours colours = ImageColours.of(shot.image());
		String why = "; the witness's target was not looked for (" + rows.whyNotPlaced(display) + ")";
		if (colours.uniform()) {
			return SelfTestResult.warn(check, saved + "; every pixel is " + colours.first()
					+ ": a blank screen, or a capture that delivered no picture (look at the file)" + why);
		}
		return SelfTestResult.warn(check, saved + why);
	}

	/** The witness's window, or {@code null} (and a failed row) when it did not open. */
	private SelfTestWitness.Opened openWitness() {
		String title = "Deskhand self-test " + UUID.randomUUID().toString().substring(0, 8);
		SelfTestWitness.Opened window;
		try {
			window = this.witness.open(title);
		}
		catch (RuntimeException ex) {
			add(SelfTestResult.fail("launch", "could not open the witness window: " + describe(ex)));
			return null;
		}
		WindowInfo shown = window.window();
		add(SelfTestResult.pass("launch", "opened '" + title + "' (pid " + shown.pid() + ", "
				+ ((shown.bounds() != null) ? show(shown.bounds()) : "bounds unknown") + ")"));
		return window;
	}

	private void typing(SelfTestWitness.Opened window, WitnessRows rows) {
		if (window == null) {
			add(SelfTestResult.skip("typing", "no witness window to type into"));
			return;
		}
		check("window facts", () -> rows.windowFacts());
		check("typing", () -> type(window, rows, "typing", this.properties.text()));
		if (OperatingSystem.current() == OperatingSystem.LINUX) {
			// JDK's X11 toolkit keeps the low 16 bits of a keysym's character: the
			// witness, not the driver, would fail (the X11 and Wayland drivers' own tests
			// check such characters with a GTK window)
			add(SelfTestResult.skip("typing outside the BMP",
					"the witness window (Java on X11) cannot receive characters beyond U+FFFF"));
		}
		else {
			check("typing outside the BMP", () -> type(window, rows, "typing outside the BMP", "𝄞 😀"));
		}
	}

	/**
	 * Clicks into the witness's text area, types {@code text} and one more character,
	 * presses BackSpace, and compares what arrived.
	 */
	private SelfTestResult type(SelfTestWitness.Opened window, WitnessRows rows, String check, String text) {
		List<InputAction> actions = new ArrayList<>();
		// a click into the text area makes sure it has the keyboard, whatever the window
		// manager did with the focus
		rows.textArea()
			.ifPresent((point) -> actions
				.add(new InputAction.Click("self-test", point, MouseButton.LEFT, 1, KeyChord.NONE)));
		// what an earlier check typed stays: clearing needs a select-all chord, which
		// differs between systems
		String before = window.received();
		actions.add(new InputAction.TypeText(text + "x"));
		actions.add(new InputAction.PressKeys(new KeyChord(List.of("BackSpace")), 1));
		this.probe.queue().execute(SESSION, actions);
		String expected = before + text;
		await(() -> window.received().equals(expected), READ_BACK);
		String received = window.received();
		if (received.equals(expected)) {
			return SelfTestResult.pass(check, text.codePointCount(0, text.length())
					+ " characters typed and a BackSpace pressed; the window received exactly them");
		}
		return SelfTestResult.fail(check, "typed " + quote(text + "x") + " then BackSpace"
				+ (before.isEmpty() ? "" : " after " + quote(before)) + "; the window holds " + quote(received));
	}

	private SelfTestResult clipboard() {
		DesktopDriver driver = this.probe.driver();
		String before = driver.clipboard().read(CLIPBOARD_TIMEOUT);
		String token = "deskhand self-test " + UUID.randomUUID() + " ✓";
		this.probe.execute(new InputAction.WriteClipboard(token));
		String read = driver.clipboard().read(CLIPBOARD_TIMEOUT);
		if (!before.isEmpty()) {
			quietly(() -> this.probe.execute(new InputAction.WriteClipboard(before)));
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

	private Optional<Point> readPointer() {
		try {
			return Optional.of(this.probe.driver().displays().pointerPosition());
		}
		catch (RuntimeException ex) {
			return Optional.empty();
		}
	}

	private void check(String name, Check check) {
		try {
			add(check.run());
		}
		catch (Exception ex) {
			add(SelfTestResult.fail(name, describe(ex)));
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

	static String describe(Exception ex) {
		if (ex instanceof DeskhandException deskhand) {
			return deskhand.render();
		}
		return ex.getClass().getSimpleName() + ((ex.getMessage() != null) ? ": " + ex.getMessage() : "");
	}

	static String show(Point point) {
		return "(" + point.x() + "," + point.y() + ")";
	}

	static String show(Rect rect) {
		return rect.width() + "x" + rect.height() + " at (" + rect.x() + "," + rect.y() + ")";
	}

	private static String quote(String text) {
		return "\"" + text + "\"";
	}

	private static String safe(String id) {
		return id.replaceAll("[^A-Za-z0-9._-]", "_");
	}

	/** Waits until the condition holds or the time is up. */
	static boolean await(BooleanSupplier condition, Duration within) {
		long deadline = System.nanoTime() + within.toNanos();
		while (!condition.getAsBoolean()) {
			if (System.nanoTime() > deadline) {
				return false;
			}
			sleep(20);
		}
		return true;
	}

	static void sleep(long millis) {
		try {
			Thread.sleep(millis);
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
