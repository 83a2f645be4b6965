package dev.deskhand.screen;

import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

import dev.deskhand.fake.FakeDesktopDriver;
import dev.deskhand.platform.DisplayInfo;
import dev.deskhand.platform.Frame;
import dev.deskhand.platform.Rect;
import dev.deskhand.screen.codec.PixelAssertions;
import dev.deskhand.screen.codec.PngEncoderTests;

import static org.assertj.core.api.Assertions.assertThat;

/** Screenshots and zooms through the service, on a fake desktop with a static screen. */
class ScreenServiceTests {

	private final CountingDriver driver = new CountingDriver();

	private final ScreenService service = new ScreenService(this.driver,
			new ScreenshotProperties(1280, 800, 1_150_000, "png", 0.8f, Duration.ofMillis(300), true),
			Clock.systemUTC());

	@Test
	void zoomAfterAScreenshotIsTheCropOfItsFrameWithoutANewCapture() throws IOException {
		Screenshot shot = this.service.screenshot("agent", null, null);
		assertThat(shot.width()).isEqualTo(1280);
		// at the same time, a direct capture of the area the region maps to
		Rect area = shot.geometry().toDesktopRegion(200, 100, 520, 280);
		Frame direct = this.driver.capture(area);
		int captures = this.driver.captures.get();

		Screenshot zoom = this.service.zoom("agent", null, List.of(200, 100, 520, 280), null);

		assertThat(this.driver.captures).hasValue(captures);
		assertThat(zoom.width()).isEqualTo(480);
		assertThat(zoom.height()).isEqualTo(270);
		assertThat(zoom.geometry()).isEqualTo(shot.geometry());
		PixelAssertions.assertSamePixels(PngEncoderTests.decode(zoom.image()), direct.pixels(), 480, "zoom");
	}

	@Test
	void aScreenshotFromTheCacheStillRecordsTheSessionsFrame() {
		Screenshot first = this.service.screenshot("one", null, null);
		Screenshot second = this.service.screenshot("two", null, null);
		assertThat(second.image()).isEqualTo(first.image());
		int captures = this.driver.captures.get();
		this.service.zoom("two", null, List.of(0, 0, 10, 10), null);
		assertThat(this.driver.captures).hasValue(captures);
	}

	@Test
	void zoomWithoutAScreenshotOrAfterInputCaptures() {
		int captures = this.driver.captures.get();
		this.service.zoom("agent", null, List.of(0, 0, 10, 10), null);
		assertThat(this.driver.captures).hasValue(captures + 1);
		this.service.screenshot("agent", null, null);
		this.service.inputStarting();
		captures = this.driver.captures.get();
		this.service.zoom("agent", null, List.of(0, 0, 10, 10), null);
		assertThat(this.driver.captures).hasValue(captures + 1);
	}

	@Test
	void jpegScreenshotsStillWork() {
		Screenshot jpeg = this.service.screenshot("agent", null, ImageFormat.JPEG);
		assertThat(jpeg.format()).isEqualTo(ImageFormat.JPEG);
		assertThat(jpeg.image()).startsWith(0xFF, 0xD8);
		assertThat(this.service.screenshot("agent", null, ImageFormat.PNG).image()).startsWith(0x89, 'P', 'N', 'G');
	}

	/** The fake desktop's static screen, counting captures. */
	private static final class CountingDriver extends FakeDesktopDriver {

		final AtomicInteger captures = new AtomicInteger();

		CountingDriver() {
			setDisplays(List.of(new DisplayInfo("screen", "screen", new Rect(0, 0, 1920, 1080), 1.0, true)));
		}

		@Override
		public Frame capture(Rect region) {
			this.captures.incrementAndGet();
			int[] pixels = new int[region.width() * region.height()];
			for (int y = 0; y < region.height(); y++) {
				for (int x = 0; x < region.width(); x++) {
					int sx = region.x() + x;
					int sy = region.y() + y;
					pixels[y * region.width() + x] = ((sx * 7) & 0xFF) << 16 | ((sy * 3) & 0xFF) << 8
							| ((sx ^ sy) & 0xFF);
				}
			}
			return new Frame(region.width(), region.height(), pixels);
		}

	}

}
