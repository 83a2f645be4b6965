package dev.deskhand.screen;

import java.io.IOException;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import dev.deskhand.platform.DesktopDriver;
import dev.deskhand.platform.Frame;
import dev.deskhand.platform.Rect;
import dev.deskhand.screen.codec.PixelAssertions;
import dev.deskhand.screen.codec.PngEncoderTests;
import dev.deskhand.testing.TestDesktop;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The screenshot fast path on a real Xvfb: a change made by another X client shows in the
 * very next screenshot (never a cached one), and a zoom cropped from the screenshot's
 * frame is pixel for pixel what a capture of that area shows.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "management.server.port=0", "deskhand.display.managed=false", "deskhand.audit.enabled=false" })
class ScreenServiceLiveTests {

	private static final Duration QUICK = Duration.ofSeconds(10);

	@Autowired
	private ScreenService screen;

	@Autowired
	private DesktopDriver driver;

	@DynamicPropertySource
	static void display(DynamicPropertyRegistry registry) {
		registry.add("deskhand.display.name", () -> TestDesktop.shared().display());
	}

	@Test
	void theNextScreenshotShowsWhatAnotherClientChanged() throws IOException {
		TestDesktop desktop = TestDesktop.shared();
		desktop.run(QUICK, "xsetroot", "-solid", "#204060").requireSuccess("xsetroot");
		int[] before = PngEncoderTests.decode(this.screen.screenshot("live", null, ImageFormat.PNG).image());
		// the same screen again: served from the cache, and still the same picture
		int[] again = PngEncoderTests.decode(this.screen.screenshot("live", null, ImageFormat.PNG).image());
		int background = indexOf(before, 0x204060);
		assertThat(background).as("a pixel of the root background").isNotNegative();
		assertThat(again[background]).isEqualTo(0x204060);

		desktop.run(QUICK, "xsetroot", "-solid", "#c08020").requireSuccess("xsetroot");
		int[] after = PngEncoderTests.decode(this.screen.screenshot("live", null, ImageFormat.PNG).image());
		assertThat(after[background]).isEqualTo(0xc08020);
	}

	@Test
	void zoomCroppedFromTheScreenshotIsWhatACaptureShows() throws Exception {
		TestDesktop desktop = TestDesktop.shared();
		ProcessBuilder builder = new ProcessBuilder("xterm", "-T", "zoom-source", "-geometry", "80x24+120+90", "-e",
				"sh", "-c", "ls -l /usr/bin | head -40; sleep 60")
			.redirectErrorStream(true)
			.redirectOutput(ProcessBuilder.Redirect.DISCARD);
		builder.environment().putAll(desktop.environment());
		Process xterm = builder.start();
		try {
			desktop.awaitWindow("zoom-source", QUICK);
			// let it draw its text; xterm's cursor does not blink, so the screen then
			// stays still
			Thread.sleep(1000);
			Screenshot shot = this.screen.screenshot("zoomer", null, ImageFormat.PNG);
			Rect area = shot.geometry().toDesktopRegion(60, 50, 460, 330);
			Frame direct = this.driver.capture().capture(area);
			Screenshot zoom = this.screen.zoom("zoomer", null, List.of(60, 50, 460, 330), ImageFormat.PNG);
			assertThat(zoom.width()).isEqualTo(area.width());
			assertThat(zoom.height()).isEqualTo(area.height());
			assertThat(java.util.Arrays.stream(direct.pixels()).distinct().count()).as("colours in the area")
				.isGreaterThan(2);
			PixelAssertions.assertSamePixels(PngEncoderTests.decode(zoom.image()), direct.pixels(), area.width(),
					"zoom");
		}
		finally {
			xterm.destroy();
		}
	}

	private static int indexOf(int[] pixels, int rgb) {
		for (int i = 0; i < pixels.length; i++) {
			if (pixels[i] == rgb) {
				return i;
			}
		}
		return -1;
	}

}
