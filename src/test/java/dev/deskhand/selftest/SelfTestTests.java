package dev.deskhand.selftest;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.input.InputProperties;
import dev.deskhand.input.InputQueue;
import dev.deskhand.platform.ClipboardDriver;
import dev.deskhand.platform.DisplayInfo;
import dev.deskhand.platform.Frame;
import dev.deskhand.platform.PlatformCheck;
import dev.deskhand.platform.Point;
import dev.deskhand.platform.Rect;
import dev.deskhand.platform.elements.AccessibilityDriver;
import dev.deskhand.screen.ScreenService;
import dev.deskhand.screen.ScreenshotProperties;
import dev.deskhand.selftest.SelfTestResult.Outcome;
import dev.deskhand.selftest.SimulatedDesktop.Monitor;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The self-test's logic on a simulated desktop whose witness tells the truth and whose
 * driver gets one thing wrong at a time: each fault must fail exactly the rows that
 * depend on it, say what was seen, and leave every other row passing. The whole self-test
 * against a real desktop is {@link SelfTestLiveTests}.
 */
class SelfTestTests {

	@TempDir
	Path output;

	private InputQueue queue;

	@AfterEach
	void closeQueue() {
		if (this.queue != null) {
			this.queue.close();
		}
	}

	@Test
	void aDesktopThatDoesWhatItIsToldPassesEveryRow() throws Exception {
		SimulatedDesktop desktop = SimulatedDesktop.single();
		desktop.clipboardText = "what the user had copied";
		SelfTestReport report = run(desktop);

		assertThat(report.results()).as(report.render())
			.allMatch((result) -> result.outcome() == Outcome.PASS || result.check().equals("typing outside the BMP"));
		assertThat(report.results()).extracting(SelfTestResult::check)
			.contains("desktop", "launch", "display screen", "screenshot screen", "click screen", "pointer screen",
					"failsafe sensor", "focus", "window facts", "typing", "clipboard", "elements: find",
					"elements: press", "elements: set text");
		assertThat(row(report, "screenshot screen").detail()).contains("Java drew the witness's target at 96x96 at");
		assertThat(row(report, "click screen").detail()).contains("on the target");
		assertThat(row(report, "failsafe sensor").detail()).contains("the sensor saw it down and up again");
		assertThat(report.passed()).isTrue();
		// what the self-test changed is back
		assertThat(desktop.clipboardText).isEqualTo("what the user had copied");
		assertThat(desktop.displays().pointerPosition()).isEqualTo(new Point(5, 5));
		assertThat(desktop.witnessClosed).isTrue();
		assertThat(Files.list(this.output).map((file) -> file.getFileName().toString()))
			.contains("screenshot-screen.png");
	}

	@Test
	void aPointerVirtualisedByADpiFactorFailsThePointerTheClickAndTheSensorsPointerOnly() {
		// Windows at 150% with a DPI-unaware process: moves and readings are both scaled,
		// so the driver agrees with itself; Java in the witness does not
		SimulatedDesktop desktop = new SimulatedDesktop(
				new Monitor(new DisplayInfo("DISPLAY1", "DISPLAY1", new Rect(0, 0, 2880, 1620), 1.0, true),
						new Rect(0, 0, 1920, 1080), 1.5));
		desktop.injected = (point) -> new Point((int) (point.x() / 1.5), (int) (point.y() / 1.5));
		desktop.reading = (point) -> new Point((int) Math.round(point.x() * 1.5), (int) Math.round(point.y() * 1.5));

		SelfTestReport report = run(desktop);

		assertThat(failed(report)).as(report.render())
			.containsExactlyInAnyOrder("pointer DISPLAY1", "click DISPLAY1", "failsafe sensor");
		assertThat(row(report, "pointer DISPLAY1").detail()).contains("moved to (2879,0), Java sees (1279,0)");
		assertThat(row(report, "click DISPLAY1").detail()).contains("beside the target");
		assertThat(row(report, "failsafe sensor").detail()).contains("the sensor sees the pointer at")
			.contains("Java in the witness at");
		assertThat(row(report, "screenshot DISPLAY1").outcome()).isEqualTo(Outcome.PASS);
	}

	@Test
	void aRetinaCaptureInPointsInsteadOfPixelsFailsTheScreenshotRowOnly() {
		SimulatedDesktop desktop = new SimulatedDesktop(
				new Monitor(new DisplayInfo("main", "Built-in", new Rect(0, 0, 2880, 1800), 2.0, true),
						new Rect(0, 0, 1440, 900), 2.0));
		desktop.captureStride = 2;

		SelfTestReport report = run(desktop);

		assertThat(failed(report)).as(report.render()).containsExactly("screenshot main");
		assertThat(row(report, "screenshot main").detail()).containsPattern("0\\.(49|50|51) times the size Java drew");
		assertThat(row(report, "display main").detail()).contains("Java's screen 0: 1440x900 at (0,0) x2.00");
	}

	@Test
	void aDisplayReportedInPointsMatchesNoJavaScreenAndFailsItsDisplayRow() {
		SimulatedDesktop desktop = new SimulatedDesktop(
				new Monitor(new DisplayInfo("main", "Built-in", new Rect(0, 0, 1440, 900), 2.0, true),
						new Rect(0, 0, 1440, 900), 2.0));

		SelfTestReport report = run(desktop);

		assertThat(row(report, "display main").outcome()).isEqualTo(Outcome.FAIL);
		assertThat(row(report, "display main").detail()).contains("Java sees no screen of 1440x900 device pixels")
			.contains("1440x900 at (0,0) x2.00 = 2880x1800 device pixels");
		assertThat(row(report, "click main").outcome()).isEqualTo(Outcome.SKIP);
	}

	@Test
	void aNegativeOriginThatTheDriverClampsFailsThatDisplaysPointerAndClickOnly() {
		SimulatedDesktop desktop = new SimulatedDesktop(
				new Monitor(new DisplayInfo("primary", "primary", new Rect(0, 0, 1920, 1080), 1.0, true),
						new Rect(0, 0, 1920, 1080), 1.0),
				new Monitor(new DisplayInfo("left", "left", new Rect(-1920, 0, 1920, 1080), 1.0, false),
						new Rect(-1920, 0, 1920, 1080), 1.0));
		desktop.injected = (point) -> new Point(Math.max(0, point.x()), point.y());

		SelfTestReport report = run(desktop);

		assertThat(failed(report)).as(report.render()).containsExactlyInAnyOrder("pointer left", "click left");
		assertThat(row(report, "pointer left").detail()).contains("moved to (-1920,0), the driver reads (0,0)")
			.contains("Java sees (0,0)");
		assertThat(row(report, "screenshot left").outcome()).isEqualTo(Outcome.PASS);
		assertThat(row(report, "click primary").outcome()).isEqualTo(Outcome.PASS);
	}

	@Test
	void aBlindSensorFailsTheFailsafeRowOnlyAndSaysWhatItMissed() {
		SimulatedDesktop desktop = SimulatedDesktop.single();
		desktop.blindSensor = true;

		SelfTestReport report = run(desktop);

		assertThat(failed(report)).as(report.render()).containsExactly("failsafe sensor");
		assertThat(row(report, "failsafe sensor").detail()).contains("held Control_L+Alt_L+Escape")
			.contains("the sensor never saw the whole chord, nor any of its keys")
			.contains("The sensor reads the keyboard's and the pointer's physical state");
	}

	@Test
	void aStaleFocusReadingFailsTheFocusRowOnly() {
		SimulatedDesktop desktop = SimulatedDesktop.single();
		desktop.staleFocus = true;

		SelfTestReport report = run(desktop);

		assertThat(failed(report)).as(report.render()).containsExactly("focus");
		assertThat(row(report, "focus").detail()).contains("the driver reads the focused window as 'Deskhand self-test")
			.contains("decoy': a stale or wrong reading");
	}

	@Test
	void elementActionsThatDoNothingFailTheElementRowsOnly() {
		SimulatedDesktop desktop = SimulatedDesktop.single();
		desktop.deadElements = true;

		SelfTestReport report = run(desktop);

		assertThat(failed(report)).as(report.render())
			.containsExactlyInAnyOrder("elements: press", "elements: set text");
		assertThat(row(report, "elements: press").detail()).contains("the witness's button was never pressed");
		assertThat(row(report, "elements: set text").detail()).contains("the witness's field holds \"\"");
	}

	@Test
	void withoutATreeTheElementRowsSaySoAndSkip() {
		SimulatedDesktop desktop = SimulatedDesktop.single();
		SelfTestReport report = run(desktop, AccessibilityDriver.unavailable("no AT-SPI bus"), "");

		assertThat(row(report, "elements"))
			.isEqualTo(SelfTestResult.skip("elements", "the accessibility tree cannot be read: none: no AT-SPI bus"));
		assertThat(report.passed()).isTrue();
	}

	@Test
	void textThatArrivesDifferentlyFailsTypingAndSaysWhatArrived() {
		SimulatedDesktop desktop = new SimulatedDesktop(SimulatedDesktop.single().monitors.get(0)) {

			@Override
			public void typeText(String text) {
				super.typeText(text.replace("€", ""));
			}

		};
		SelfTestReport report = run(desktop);

		SelfTestResult typing = row(report, "typing");
		assertThat(typing.outcome()).isEqualTo(Outcome.FAIL);
		assertThat(typing.detail()).contains("the window holds \"Deskhand self-test: äé ✓ ok\"");
	}

	@Test
	void aWitnessThatCannotOpenFailsLaunchAndSkipsWhatNeedsIt() {
		SimulatedDesktop desktop = SimulatedDesktop.single();
		SelfTestWitness broken = (title) -> {
			throw new DeskhandException(ErrorCode.E_TIMEOUT, "'java' started (pid 7) but showed no window within 30 s");
		};
		SelfTestReport report = run(desktop, broken, desktop.accessibility(), "");

		assertThat(row(report, "launch").outcome()).isEqualTo(Outcome.FAIL);
		assertThat(row(report, "launch").detail()).contains("E_TIMEOUT: 'java' started (pid 7)");
		assertThat(row(report, "typing").outcome()).isEqualTo(Outcome.SKIP);
		assertThat(row(report, "click screen").detail()).contains("no witness window");
		assertThat(row(report, "focus").outcome()).isEqualTo(Outcome.SKIP);
		assertThat(row(report, "clipboard").outcome()).isEqualTo(Outcome.PASS);
	}

	@Test
	void aPlatformCheckThatFailsIsARowOfItsOwnAndFailsTheSelfTest() {
		SimulatedDesktop withoutPermission = new SimulatedDesktop(SimulatedDesktop.single().monitors.get(0)) {

			@Override
			public List<PlatformCheck> platformChecks() {
				return List.of(new PlatformCheck("dpi awareness", true, "per-monitor v2"),
						new PlatformCheck("screen recording", false, "grant it in System Settings"));
			}

		};
		SelfTestReport report = run(withoutPermission);

		assertThat(row(report, "dpi awareness").outcome()).isEqualTo(Outcome.PASS);
		assertThat(row(report, "screen recording"))
			.isEqualTo(new SelfTestResult("screen recording", Outcome.FAIL, "grant it in System Settings"));
		assertThat(report.passed()).isFalse();
	}

	@Test
	void aBlankCaptureFailsTheScreenshotRow() {
		SimulatedDesktop black = new SimulatedDesktop(SimulatedDesktop.single().monitors.get(0)) {

			@Override
			public Frame capture(Rect region) {
				return new Frame(region.width(), region.height(), new int[region.width() * region.height()]);
			}

		};
		SelfTestReport report = run(black);

		SelfTestResult screenshot = row(report, "screenshot ");
		assertThat(screenshot.outcome()).isEqualTo(Outcome.FAIL);
		assertThat(screenshot.detail()).contains("the screenshot shows no magenta at all");
	}

	@Test
	void aCheckThatThrowsBecomesAFailedRowAndTheNextOneRunsAndTheWitnessCloses() {
		SimulatedDesktop noClipboard = new SimulatedDesktop(SimulatedDesktop.single().monitors.get(0)) {

			@Override
			public ClipboardDriver clipboard() {
				throw new IllegalStateException("the pasteboard is gone");
			}

		};
		SelfTestReport report = run(noClipboard);

		assertThat(row(report, "clipboard"))
			.isEqualTo(new SelfTestResult("clipboard", Outcome.FAIL, "IllegalStateException: the pasteboard is gone"));
		assertThat(row(report, "elements: press").outcome()).isEqualTo(Outcome.PASS);
		assertThat(noClipboard.witnessClosed).isTrue();
	}

	@Test
	void theReportIsOnDiskRowByRowBeforeTheNextCheckRuns() throws Exception {
		Path file = this.output.resolve("report.md");
		AtomicReference<String> duringClipboard = new AtomicReference<>();
		SimulatedDesktop desktop = new SimulatedDesktop(SimulatedDesktop.single().monitors.get(0)) {

			@Override
			public ClipboardDriver clipboard() {
				// what a crash here would leave behind
				duringClipboard.compareAndSet(null, read(file));
				return super.clipboard();
			}

		};
		java.io.ByteArrayOutputStream console = new java.io.ByteArrayOutputStream();
		SelfTestReport report = self(desktop, desktop.witness(), desktop.accessibility(), "")
			.run(SelfTestJournal.to(file, new java.io.PrintStream(console, true, StandardCharsets.UTF_8)));

		assertThat(duringClipboard.get()).startsWith("## Deskhand self-test\n\n- os: test\n")
			.contains("- displays: screen 'screen' (primary) 1920x1080 at (0,0) scale 1.00")
			.contains("| PASS   | typing                   |")
			.doesNotContain("| clipboard")
			.doesNotContain("PASSED");
		assertThat(read(file)).isEqualTo(report.render());
		assertThat(console.toString(StandardCharsets.UTF_8)).isEqualTo("\n" + report.render());
	}

	@Test
	void onlyRunsOneGroupOfRows() {
		SimulatedDesktop desktop = SimulatedDesktop.single();
		SelfTestReport report = run(desktop, desktop.accessibility(), "click");

		assertThat(report.results()).extracting(SelfTestResult::check)
			.containsExactly("desktop", "launch", "click screen");
		assertThat(report.facts()).containsEntry("only", "click");
		assertThat(desktop.witnessClosed).isTrue();
	}

	@Test
	void onlyWithoutTheWitnessDoesNotOpenIt() {
		SimulatedDesktop desktop = SimulatedDesktop.single();
		SelfTestReport report = run(desktop, desktop.accessibility(), "clipboard");

		assertThat(report.results()).extracting(SelfTestResult::check).containsExactly("desktop", "clipboard");
		assertThat(desktop.witnessClosed).isFalse();
	}

	@Test
	void anUnknownRowIsOneFailedRowThatListsTheRows() {
		SimulatedDesktop desktop = SimulatedDesktop.single();
		SelfTestReport report = run(desktop, desktop.accessibility(), "pointers");

		assertThat(report.results()).containsExactly(SelfTestResult.fail("only",
				"no rows are called 'pointers'; one of: desktop, displays, launch, screenshot, click, pointer,"
						+ " failsafe, focus, typing, clipboard, elements"));
	}

	private static String read(Path file) {
		try {
			return Files.exists(file) ? Files.readString(file, StandardCharsets.UTF_8) : "";
		}
		catch (java.io.IOException ex) {
			throw new java.io.UncheckedIOException(ex);
		}
	}

	private SelfTestReport run(SimulatedDesktop desktop) {
		return run(desktop, desktop.accessibility(), "");
	}

	private SelfTestReport run(SimulatedDesktop desktop, AccessibilityDriver accessibility, String only) {
		return run(desktop, desktop.witness(), accessibility, only);
	}

	private SelfTestReport run(SimulatedDesktop desktop, SelfTestWitness witness, AccessibilityDriver accessibility,
			String only) {
		// the user's pointer, which the self-test must put back
		desktop.moveTo(5, 5);
		return self(desktop, witness, accessibility, only).run();
	}

	private SelfTest self(SimulatedDesktop desktop, SelfTestWitness witness, AccessibilityDriver accessibility,
			String only) {
		this.queue = new InputQueue(desktop, accessibility, List::of, new InputProperties(Duration.ofSeconds(5), 4),
				new SimpleMeterRegistry());
		ScreenService screens = new ScreenService(desktop,
				new ScreenshotProperties(1280, 800, 1_150_000, "png", 0.8f, Duration.ofMillis(300), true),
				Clock.systemUTC());
		SelfTestProperties properties = new SelfTestProperties(true, this.output, "Deskhand self-test: äé€ ✓ ok",
				"dev.deskhand.DeskhandApplication", only);
		return new SelfTest(new SelfTest.Probe(desktop, screens, this.queue, accessibility, null, "ctrl+alt+Escape"),
				witness, properties, Map.of("os", "test"));
	}

	private static List<String> failed(SelfTestReport report) {
		return report.results()
			.stream()
			.filter((result) -> result.outcome() == Outcome.FAIL)
			.map(SelfTestResult::check)
			.toList();
	}

	private static SelfTestResult row(SelfTestReport report, String checkPrefix) {
		return report.results()
			.stream()
			.filter((result) -> result.check().startsWith(checkPrefix))
			.findFirst()
			.orElseThrow(() -> new AssertionError("no row " + checkPrefix + " in\n" + report.render()));
	}

}
