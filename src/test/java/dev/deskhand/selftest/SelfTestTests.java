package dev.deskhand.selftest;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.fake.FakeDesktopDriver;
import dev.deskhand.input.InputProperties;
import dev.deskhand.input.InputQueue;
import dev.deskhand.platform.DisplayDriver;
import dev.deskhand.platform.DisplayInfo;
import dev.deskhand.platform.Frame;
import dev.deskhand.platform.PlatformCheck;
import dev.deskhand.platform.Point;
import dev.deskhand.platform.Rect;
import dev.deskhand.platform.WindowInfo;
import dev.deskhand.platform.elements.AccessibilityDriver;
import dev.deskhand.screen.ScreenService;
import dev.deskhand.screen.ScreenshotProperties;
import dev.deskhand.selftest.SelfTestResult.Outcome;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The self-test's logic on a fake desktop: which rows pass, fail, warn or skip, that a
 * failing or throwing check does not stop the others, and that what it changed is put
 * back. The whole self-test against a real desktop is {@link SelfTestLiveTests}.
 */
class SelfTestTests {

	@TempDir
	Path output;

	private final FakeDesktopDriver desktop = new FakeDesktopDriver();

	private InputQueue queue;

	@AfterEach
	void closeQueue() {
		if (this.queue != null) {
			this.queue.close();
		}
	}

	@Test
	void aDesktopThatDoesWhatItIsToldPassesEveryCheck() throws Exception {
		this.desktop.clipboardText = "what the user had copied";
		this.queue = new InputQueue(this.desktop, List.of(), new InputProperties(Duration.ofSeconds(5), 4));
		this.queue.execute("user", new dev.deskhand.input.InputAction.MoveTo(new Point(12, 34)));
		this.queue.close();
		SelfTestReport report = run(this.desktop, new TypedWitness(this.desktop));

		assertThat(report.results()).extracting(SelfTestResult::outcome)
			.as(report.render())
			.doesNotContain(Outcome.FAIL);
		assertThat(outcome(report, "pointer ")).isEqualTo(Outcome.PASS);
		assertThat(outcome(report, "typing")).isEqualTo(Outcome.PASS);
		assertThat(outcome(report, "clipboard")).isEqualTo(Outcome.PASS);
		assertThat(outcome(report, "launch")).isEqualTo(Outcome.PASS);
		assertThat(report.passed()).isTrue();
		// what the self-test changed is back
		assertThat(this.desktop.clipboardText).isEqualTo("what the user had copied");
		assertThat(this.desktop.displays().pointerPosition()).isEqualTo(new Point(12, 34));
		assertThat(Files.list(this.output).map((file) -> file.getFileName().toString()))
			.anyMatch((name) -> name.startsWith("screenshot-") && name.endsWith(".png"));
	}

	@Test
	void aPointerThatLandsElsewhereFailsItsRowAndTheRestStillRuns() {
		FakeDesktopDriver offByOne = new FakeDesktopDriver() {

			@Override
			public DisplayDriver displays() {
				DisplayDriver real = super.displays();
				return new DisplayDriver() {

					@Override
					public List<DisplayInfo> displays() {
						return real.displays();
					}

					@Override
					public Point pointerPosition() {
						Point point = real.pointerPosition();
						return new Point(point.x() + 1, point.y());
					}

				};
			}

		};
		SelfTestReport report = run(offByOne, new TypedWitness(offByOne));

		SelfTestResult pointer = row(report, "pointer ");
		assertThat(pointer.outcome()).isEqualTo(Outcome.FAIL);
		assertThat(pointer.detail()).contains("moved to the centre (960,540)").contains("at (961,540)");
		assertThat(outcome(report, "clipboard")).isEqualTo(Outcome.PASS);
		assertThat(report.passed()).isFalse();
	}

	@Test
	void textThatArrivesDifferentlyFailsTypingAndSaysWhatArrived() {
		SelfTestReport report = run(this.desktop, new TypedWitness(this.desktop, (text) -> text.replace("€", "")));

		SelfTestResult typing = row(report, "typing");
		assertThat(typing.outcome()).isEqualTo(Outcome.FAIL);
		assertThat(typing.detail()).contains("the window holds \"Deskhand self-test: äé ✓ ok\"");
	}

	@Test
	void aWitnessThatCannotOpenFailsLaunchAndSkipsTyping() {
		SelfTestWitness broken = (title) -> {
			throw new DeskhandException(ErrorCode.E_TIMEOUT, "'java' started (pid 7) but showed no window within 30 s");
		};
		SelfTestReport report = run(this.desktop, broken);

		assertThat(row(report, "launch").outcome()).isEqualTo(Outcome.FAIL);
		assertThat(row(report, "launch").detail()).contains("E_TIMEOUT: 'java' started (pid 7)");
		assertThat(row(report, "typing").outcome()).isEqualTo(Outcome.SKIP);
		assertThat(outcome(report, "clipboard")).isEqualTo(Outcome.PASS);
	}

	@Test
	void aPlatformCheckThatFailsIsARowOfItsOwnAndFailsTheSelfTest() {
		FakeDesktopDriver withoutPermission = new FakeDesktopDriver() {

			@Override
			public List<PlatformCheck> platformChecks() {
				return List.of(new PlatformCheck("dpi awareness", true, "per-monitor v2"),
						new PlatformCheck("screen recording", false, "grant it in System Settings"));
			}

		};
		SelfTestReport report = run(withoutPermission, new TypedWitness(withoutPermission));

		assertThat(row(report, "dpi awareness").outcome()).isEqualTo(Outcome.PASS);
		assertThat(row(report, "screen recording"))
			.isEqualTo(new SelfTestResult("screen recording", Outcome.FAIL, "grant it in System Settings"));
		assertThat(report.passed()).isFalse();
	}

	@Test
	void aBlankCaptureIsAWarningNotAPass() {
		FakeDesktopDriver black = new FakeDesktopDriver() {

			@Override
			public Frame capture(Rect region) {
				return new Frame(region.width(), region.height(), new int[region.width() * region.height()]);
			}

		};
		SelfTestReport report = run(black, new TypedWitness(black));

		SelfTestResult screenshot = row(report, "screenshot ");
		assertThat(screenshot.outcome()).isEqualTo(Outcome.WARN);
		assertThat(screenshot.detail()).contains("every pixel is #000000");
		assertThat(report.passed()).isTrue();
	}

	@Test
	void aCheckThatThrowsBecomesAFailedRowAndTheNextOneRuns() {
		FakeDesktopDriver noClipboard = new FakeDesktopDriver() {

			@Override
			public dev.deskhand.platform.ClipboardDriver clipboard() {
				throw new IllegalStateException("the pasteboard is gone");
			}

		};
		SelfTestReport report = run(noClipboard, new TypedWitness(noClipboard));

		assertThat(row(report, "clipboard"))
			.isEqualTo(new SelfTestResult("clipboard", Outcome.FAIL, "IllegalStateException: the pasteboard is gone"));
		assertThat(row(report, "accessibility").outcome()).isEqualTo(Outcome.WARN);
	}

	@Test
	void theWitnessClosesEvenWhenAChecksFails() {
		FakeDesktopDriver noClipboard = new FakeDesktopDriver() {

			@Override
			public dev.deskhand.platform.ClipboardDriver clipboard() {
				throw new IllegalStateException("the pasteboard is gone");
			}

		};
		TypedWitness witness = new TypedWitness(noClipboard);
		run(noClipboard, witness);

		assertThat(witness.closed).isTrue();
	}

	private SelfTestReport run(FakeDesktopDriver driver, SelfTestWitness witness) {
		this.queue = new InputQueue(driver, List.of(), new InputProperties(Duration.ofSeconds(5), 4));
		ScreenService screens = new ScreenService(driver,
				new ScreenshotProperties(1280, 800, 1_150_000, "png", 0.8f, Duration.ofMillis(300), true),
				Clock.systemUTC());
		SelfTestProperties properties = new SelfTestProperties(true, this.output, "Deskhand self-test: äé€ ✓ ok",
				"dev.deskhand.DeskhandApplication");
		return new SelfTest(driver, screens, this.queue, AccessibilityDriver.unavailable("no tree in this test"),
				witness, properties, "ctrl+alt+Escape", Map.of("os", "test"))
			.run();
	}

	private static Outcome outcome(SelfTestReport report, String checkPrefix) {
		return row(report, checkPrefix).outcome();
	}

	private static SelfTestResult row(SelfTestReport report, String checkPrefix) {
		return report.results()
			.stream()
			.filter((result) -> result.check().startsWith(checkPrefix))
			.findFirst()
			.orElseThrow(() -> new AssertionError("no row " + checkPrefix + " in\n" + report.render()));
	}

	/**
	 * A witness that receives what the fake keyboard typed, BackSpace included, through
	 * an optional distortion.
	 */
	static final class TypedWitness implements SelfTestWitness {

		private final FakeDesktopDriver desktop;

		private final Function<String, String> delivery;

		volatile boolean closed;

		TypedWitness(FakeDesktopDriver desktop) {
			this(desktop, Function.identity());
		}

		TypedWitness(FakeDesktopDriver desktop, Function<String, String> delivery) {
			this.desktop = desktop;
			this.delivery = delivery;
		}

		@Override
		public Opened open(String title) {
			int start = this.desktop.calls.size();
			WindowInfo window = new WindowInfo(4242, title, "java", "java", "java", 77, new Rect(700, 450, 520, 180),
					true);
			return new Opened() {

				@Override
				public WindowInfo window() {
					return window;
				}

				@Override
				public String received() {
					StringBuilder text = new StringBuilder();
					List<String> calls = List.copyOf(TypedWitness.this.desktop.calls);
					for (String call : calls.subList(start, calls.size())) {
						if (call.startsWith("type ")) {
							text.append(TypedWitness.this.delivery.apply(call.substring("type ".length())));
						}
						else if (call.equals("keydown BackSpace") && !text.isEmpty()) {
							text.setLength(text.offsetByCodePoints(text.length(), -1));
						}
					}
					return text.toString();
				}

				@Override
				public void close() {
					TypedWitness.this.closed = true;
				}

			};
		}

	}

}
