package dev.deskhand.screen;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import dev.deskhand.platform.Frame;
import dev.deskhand.platform.Rect;
import dev.deskhand.platform.linux.x11.X11DesktopDriver;
import dev.deskhand.screen.codec.AreaAverageScaler;
import dev.deskhand.screen.codec.PngEncoder;
import dev.deskhand.screen.codec.ScreenWorkers;
import dev.deskhand.testing.Pause;
import dev.deskhand.testing.TestDesktop;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Damage-assisted screenshots on the shared Xvfb while other X clients draw (xterms
 * printing in three corners of the screen, xsetroot, the pointer moving): after every
 * change the screenshot's frame is pixel for pixel a whole capture's (and ImageMagick's
 * {@code import}), though only the damaged rows were captured; with nothing drawn,
 * nothing is captured at all.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class DamageScreenshotLiveTests {

	private static final Duration QUICK = Duration.ofSeconds(10);

	private static final Rect SCREEN = new Rect(0, 0, 1920, 1080);

	private static final ImageSize SIZE = new ImageSize(1280, 720);

	private final ScreenWorkers workers = new ScreenWorkers(2);

	private final List<Rect> captured = new ArrayList<>();

	private final FrameCache frames = new FrameCache();

	private final List<Process> xterms = new ArrayList<>();

	private final List<Path> logs = new ArrayList<>();

	private TestDesktop desktop;

	private X11DesktopDriver driver;

	private ScreenPipeline pipeline;

	@BeforeAll
	void start() throws Exception {
		this.desktop = TestDesktop.shared();
		this.driver = X11DesktopDriver.connect(this.desktop.display());
		PngEncoder png = new PngEncoder(this.workers, 2);
		this.pipeline = new ScreenPipeline(this::capture, this.driver.capture()::takeDamage, List.of(), this.frames,
				new AreaAverageScaler(this.workers), new ImageEncoders(png), png, this.workers, new PixelBuffers(3));
		String[] places = { "+20+20", "+800+450", "+1500+850" };
		for (int i = 0; i < places.length; i++) {
			Path log = Files.createTempFile("deskhand-damage-", ".log");
			this.logs.add(log);
			ProcessBuilder builder = new ProcessBuilder("xterm", "-T", "damage-" + i, "-geometry", "40x8" + places[i],
					"-e", "tail", "-f", log.toString())
				.redirectErrorStream(true)
				.redirectOutput(ProcessBuilder.Redirect.DISCARD);
			builder.environment().putAll(this.desktop.environment());
			this.xterms.add(builder.start());
			this.desktop.awaitWindow("damage-" + i, QUICK);
		}
	}

	@AfterAll
	void stop() throws IOException {
		this.xterms.forEach(Process::destroy);
		for (Path log : this.logs) {
			Files.deleteIfExists(log);
		}
		if (this.driver != null) {
			this.driver.close();
		}
		this.workers.shutdown();
	}

	@Test
	void everyScreenshotIsWhatAWholeCaptureShowsThoughOnlyDamagedRowsWereCaptured() throws IOException {
		screenshotOfStillScreen();
		int partial = 0;
		for (int round = 0; round < 9; round++) {
			String change = change(round);
			this.captured.clear();
			Frame whole = screenshotOfStillScreen();
			assertThat(this.frames.cached("screen").frame().pixels()).as("round %d (%s)", round, change)
				.isEqualTo(whole.pixels());
			if (!this.captured.isEmpty() && this.captured.stream().allMatch((rect) -> rect.height() < 1080)) {
				partial++;
			}
		}
		assertThat(partial).as("screenshots that captured only some rows").isGreaterThanOrEqualTo(3);
		// and once against a capture that is not ours at all
		BufferedImage imported = this.desktop.importRoot();
		Frame frame = this.frames.cached("screen").frame();
		int differing = 0;
		for (int y = 0; y < 1080; y++) {
			for (int x = 0; x < 1920; x++) {
				differing += ((imported.getRGB(x, y) & 0xFFFFFF) != frame.rgb(x, y)) ? 1 : 0;
			}
		}
		assertThat(differing).as("pixels differing from import -window root").isZero();
	}

	@Test
	void withNothingDrawnNothingIsCaptured() {
		screenshotOfStillScreen();
		this.captured.clear();
		long frameId = this.pipeline.screenshot("screen", SCREEN, SIZE, ImageFormat.PNG, 0.8f).frameId();
		for (int i = 0; i < 10; i++) {
			assertThat(this.pipeline.screenshot("screen", SCREEN, SIZE, ImageFormat.PNG, 0.8f).frameId())
				.isEqualTo(frameId);
		}
		assertThat(this.captured).isEmpty();
	}

	/** Makes another client draw something; returns what, for messages. */
	private String change(int round) throws IOException {
		switch (round % 4) {
			case 0, 1, 2 -> {
				int xterm = (round / 4 + round) % 3;
				Files.writeString(this.logs.get(xterm), "round " + round + " " + "#".repeat(round * 3) + "\n",
						StandardOpenOption.APPEND);
				return "a line in xterm " + xterm;
			}
			default -> {
				if (round == 3) {
					this.desktop.run(QUICK, "xdotool", "mousemove", "830", "480").requireSuccess("xdotool");
					return "the pointer over the middle xterm";
				}
				this.desktop.run(QUICK, "xsetroot", "-solid", (round == 7) ? "#406080" : "#806040")
					.requireSuccess("xsetroot");
				return "the root background";
			}
		}
	}

	/**
	 * Waits until two whole captures 150 ms apart agree, then takes the pipeline's
	 * screenshot; the whole capture right after it must agree with the one before, else
	 * it tries again.
	 * @return the whole capture the screenshot must equal
	 */
	private Frame screenshotOfStillScreen() {
		long deadline = System.nanoTime() + QUICK.toNanos();
		Frame previous = this.driver.capture().capture(SCREEN);
		while (System.nanoTime() < deadline) {
			Pause.millis(150);
			Frame current = this.driver.capture().capture(SCREEN);
			if (Arrays.equals(previous.pixels(), current.pixels())) {
				this.pipeline.screenshot("screen", SCREEN, SIZE, ImageFormat.PNG, 0.8f);
				Frame after = this.driver.capture().capture(SCREEN);
				if (Arrays.equals(after.pixels(), current.pixels())) {
					return after;
				}
				current = after;
			}
			previous = current;
		}
		throw new IllegalStateException("the screen did not keep still for 150 ms within " + QUICK);
	}

	private Frame capture(Rect region, int[] buffer) {
		this.captured.add(region);
		return this.driver.capture().capture(region, buffer);
	}

}
