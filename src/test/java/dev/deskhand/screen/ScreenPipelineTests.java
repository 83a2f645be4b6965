package dev.deskhand.screen;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import dev.deskhand.platform.Frame;
import dev.deskhand.platform.Rect;
import dev.deskhand.screen.codec.AreaAverageScaler;
import dev.deskhand.screen.codec.PixelAssertions;
import dev.deskhand.screen.codec.PngEncoder;
import dev.deskhand.screen.codec.PngEncoderTests;
import dev.deskhand.screen.codec.ScreenWorkers;
import dev.deskhand.screen.codec.StripedPngTests;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The screenshot pipeline on synthetic screens: an identical capture reuses the cached
 * encoding, a change of any pixel never does, and a zoom crops from the screenshot's
 * frame while it is fresh.
 */
class ScreenPipelineTests {

	private static final ScreenWorkers workers = new ScreenWorkers(2);

	private static final Rect DISPLAY = new Rect(0, 0, 1920, 1080);

	private static final ImageSize BUDGET_SIZE = new ImageSize(1280, 720);

	private final int[] screen = StripedPngTests.desktopLike(1920, 1080, 42).pixels();

	private final AtomicInteger captures = new AtomicInteger();

	private final AtomicLong clock = new AtomicLong(1_000_000_000L);

	private final FrameCache frames = new FrameCache(this.clock::get, Duration.ofSeconds(2));

	private final PngEncoder png = new PngEncoder(workers, 2);

	private final ImageEncoders encoders = new ImageEncoders(this.png);

	private final Set<int[]> captureBuffers = Collections.newSetFromMap(new IdentityHashMap<>());

	private final ScreenPipeline pipeline = newPipeline(List.of());

	@AfterAll
	static void stopWorkers() {
		workers.shutdown();
	}

	@Test
	void anIdenticalCaptureReturnsTheCachedEncoding() {
		ScreenPipeline.Image first = shot(ImageFormat.PNG);
		ScreenPipeline.Image second = shot(ImageFormat.PNG);
		assertThat(this.captures).hasValue(2);
		assertThat(second.bytes()).isEqualTo(first.bytes()).isNotSameAs(first.bytes());
		assertThat(second.frameId()).isEqualTo(first.frameId());
		assertThat(second.width()).isEqualTo(1280);
		assertThat(second.height()).isEqualTo(720);
	}

	@ParameterizedTest(name = "pixel ({0}, {1})")
	@CsvSource({ "0, 0", "1919, 1079", "960, 540", "1919, 0", "0, 1079", "1, 777" })
	void aChangedPixelAnywhereIsNeverServedStale(int x, int y) throws IOException {
		ScreenPipeline.Image before = shot(ImageFormat.PNG);
		this.screen[y * 1920 + x] ^= 0xFFFFFF;
		ScreenPipeline.Image after = shot(ImageFormat.PNG);
		assertThat(after.frameId()).isNotEqualTo(before.frameId());
		assertThat(after.bytes()).isNotEqualTo(before.bytes());
		// exactly the image of the changed screen, as if nothing were cached
		Frame expected = new AreaAverageScaler().scale(new Frame(1920, 1080, this.screen.clone()), 1280, 720);
		PixelAssertions.assertSamePixels(PngEncoderTests.decode(after.bytes()), expected.pixels(), 1280, "after");
	}

	@Test
	void aChangeInAnUnscaledDisplayShowsInTheImage() throws IOException {
		Rect small = new Rect(0, 0, 200, 100);
		ImageSize same = new ImageSize(200, 100);
		ScreenPipeline.Image before = this.pipeline.screenshot("small", small, same, ImageFormat.PNG, 0.8f);
		this.screen[99 * 1920 + 199] ^= 0x000001;
		ScreenPipeline.Image after = this.pipeline.screenshot("small", small, same, ImageFormat.PNG, 0.8f);
		assertThat(after.bytes()).isNotEqualTo(before.bytes());
		assertThat(PngEncoderTests.decode(after.bytes())[99 * 200 + 199]).isEqualTo(this.screen[99 * 1920 + 199]);
	}

	@Test
	void formatsAreCachedApart() {
		byte[] png = shot(ImageFormat.PNG).bytes();
		byte[] jpeg = shot(ImageFormat.JPEG).bytes();
		assertThat(jpeg).startsWith(0xFF, 0xD8);
		assertThat(shot(ImageFormat.PNG).bytes()).isEqualTo(png);
		assertThat(shot(ImageFormat.JPEG).bytes()).isEqualTo(jpeg);
	}

	@Test
	void displaysAreCachedApart() {
		Rect left = new Rect(0, 0, 960, 1080);
		Rect right = new Rect(960, 0, 960, 1080);
		ImageSize half = new ImageSize(640, 720);
		ScreenPipeline.Image l1 = this.pipeline.screenshot("left", left, half, ImageFormat.PNG, 0.8f);
		ScreenPipeline.Image r1 = this.pipeline.screenshot("right", right, half, ImageFormat.PNG, 0.8f);
		this.screen[5] ^= 0xFFFFFF;
		ScreenPipeline.Image l2 = this.pipeline.screenshot("left", left, half, ImageFormat.PNG, 0.8f);
		ScreenPipeline.Image r2 = this.pipeline.screenshot("right", right, half, ImageFormat.PNG, 0.8f);
		assertThat(l2.frameId()).isNotEqualTo(l1.frameId());
		assertThat(r2.frameId()).isEqualTo(r1.frameId());
		assertThat(r2.bytes()).isEqualTo(r1.bytes());
	}

	@Test
	void concurrentScreenshotsOfAChangingScreenEachShowTheirOwnCapture() throws Exception {
		ExecutorService callers = Executors.newFixedThreadPool(4);
		try {
			List<Future<ScreenPipeline.Image>> results = new ArrayList<>();
			for (int i = 0; i < 12; i++) {
				results.add(callers.submit(() -> shot(ImageFormat.PNG)));
			}
			for (Future<ScreenPipeline.Image> result : results) {
				PngEncoderTests.decode(result.get().bytes());
			}
		}
		finally {
			callers.shutdownNow();
		}
	}

	@Test
	void zoomCropsTheScreenshotsFrameWithoutCapturing() throws IOException {
		ScreenPipeline.Image shot = shot(ImageFormat.PNG);
		Rect area = new Rect(300, 150, 480, 270);
		Frame direct = capture(area);
		int before = this.captures.get();
		ScreenPipeline.Image zoom = zoom(shot.frameId(), area);
		assertThat(this.captures).hasValue(before);
		assertThat(zoom.frameId()).isEqualTo(shot.frameId());
		assertThat(zoom.width()).isEqualTo(480);
		PixelAssertions.assertSamePixels(PngEncoderTests.decode(zoom.bytes()), direct.pixels(), 480, "zoom");
	}

	@Test
	void zoomCapturesAnewOnceTheFrameIsStaleReplacedOrInputStarted() {
		long frameId = shot(ImageFormat.PNG).frameId();
		Rect area = new Rect(0, 0, 100, 100);

		this.clock.addAndGet(Duration.ofMillis(2001).toNanos());
		assertCaptures(() -> zoom(frameId, area));
		// an identical screenshot confirms the frame again
		assertThat(shot(ImageFormat.PNG).frameId()).isEqualTo(frameId);
		assertNoCapture(() -> zoom(frameId, area));

		this.pipeline.inputStarting();
		assertCaptures(() -> zoom(frameId, area));
		assertThat(shot(ImageFormat.PNG).frameId()).isEqualTo(frameId);
		assertNoCapture(() -> zoom(frameId, area));

		this.screen[0] ^= 0xFFFFFF;
		long newer = shot(ImageFormat.PNG).frameId();
		assertCaptures(() -> zoom(frameId, area));
		assertNoCapture(() -> zoom(newer, area));
		assertCaptures(() -> zoom(-1, area));
	}

	@Test
	void filtersRunOnCroppedZoomsToo() throws IOException {
		Rect masked = new Rect(100, 100, 50, 50);
		CaptureFilter mask = (frame, region) -> {
			for (int y = Math.max(masked.y(), region.y()); y < Math.min(masked.bottom(), region.bottom()); y++) {
				for (int x = Math.max(masked.x(), region.x()); x < Math.min(masked.right(), region.right()); x++) {
					frame.pixels()[(y - region.y()) * frame.width() + (x - region.x())] = 0;
				}
			}
		};
		AtomicInteger filtered = new AtomicInteger();
		CaptureFilter counter = (frame, region) -> filtered.incrementAndGet();
		ScreenPipeline masking = newPipeline(List.of(mask, counter));
		long frameId = masking.screenshot("screen", DISPLAY, BUDGET_SIZE, ImageFormat.PNG, 0.8f).frameId();
		int before = this.captures.get();
		ScreenPipeline.Image zoom = masking.zoom("screen", frameId, new Rect(80, 80, 100, 100), ImageBudget.DEFAULT,
				ImageFormat.PNG, 0.8f);
		assertThat(this.captures).hasValue(before);
		assertThat(filtered).hasValue(2);
		int[] pixels = PngEncoderTests.decode(zoom.bytes());
		assertThat(pixels[30 * 100 + 30]).isZero();
		assertThat(pixels[10 * 100 + 10]).isEqualTo(this.screen[90 * 1920 + 90]);
	}

	@Test
	void framesOfDisplaysThatAreGoneAreForgotten() {
		long frameId = shot(ImageFormat.PNG).frameId();
		this.pipeline.retainDisplays(List.of("another"));
		assertThat(shot(ImageFormat.PNG).frameId()).isNotEqualTo(frameId);
	}

	@Test
	void aPartlyChangedScreenIsTheSameImageAFreshPipelineMakes() throws IOException {
		shot(ImageFormat.PNG);
		// a text line's worth of rows in the middle, as after typing
		for (int y = 500; y < 520; y++) {
			for (int x = 300; x < 900; x++) {
				this.screen[y * 1920 + x] = 0x102030 + x;
			}
		}
		ScreenPipeline.Image after = shot(ImageFormat.PNG);
		ScreenPipeline fresh = new ScreenPipeline(this::capture, List.of(), new FrameCache(),
				new AreaAverageScaler(workers), this.encoders, this.png, workers, new PixelBuffers(3));
		assertThat(after.bytes())
			.isEqualTo(fresh.screenshot("screen", DISPLAY, BUDGET_SIZE, ImageFormat.PNG, 0.8f).bytes());
		Frame expected = new AreaAverageScaler().scale(new Frame(1920, 1080, this.screen.clone()), 1280, 720);
		PixelAssertions.assertSamePixels(PngEncoderTests.decode(after.bytes()), expected.pixels(), 1280, "after");
	}

	@Test
	void aJpegScreenshotInBetweenKeepsThePngIncrementalAndRight() throws IOException {
		shot(ImageFormat.PNG);
		this.screen[100 * 1920 + 100] ^= 0xFFFFFF;
		shot(ImageFormat.JPEG);
		this.screen[900 * 1920 + 100] ^= 0xFFFFFF;
		ScreenPipeline.Image png = shot(ImageFormat.PNG);
		ScreenPipeline fresh = new ScreenPipeline(this::capture, List.of(), new FrameCache(),
				new AreaAverageScaler(workers), this.encoders, this.png, workers, new PixelBuffers(3));
		assertThat(png.bytes())
			.isEqualTo(fresh.screenshot("screen", DISPLAY, BUDGET_SIZE, ImageFormat.PNG, 0.8f).bytes());
	}

	@Test
	void capturesReuseTheirArrays() {
		for (int i = 0; i < 8; i++) {
			this.screen[i * 1920 * 100] ^= 0xFFFFFF;
			shot((i % 3 == 0) ? ImageFormat.JPEG : ImageFormat.PNG);
			shot(ImageFormat.PNG);
		}
		// the cached frame and the next capture; a third only while a JPEG holds its
		// scaled image
		assertThat(this.captureBuffers).hasSizeLessThanOrEqualTo(3);
	}

	private ScreenPipeline newPipeline(List<CaptureFilter> filters) {
		return new ScreenPipeline(this::capture, filters, this.frames, new AreaAverageScaler(workers), this.encoders,
				this.png, workers, new PixelBuffers(3));
	}

	private ScreenPipeline.Image shot(ImageFormat format) {
		return this.pipeline.screenshot("screen", DISPLAY, BUDGET_SIZE, format, 0.8f);
	}

	private ScreenPipeline.Image zoom(long frameId, Rect area) {
		return this.pipeline.zoom("screen", frameId, area, ImageBudget.DEFAULT, ImageFormat.PNG, 0.8f);
	}

	private void assertCaptures(Runnable zoom) {
		int before = this.captures.get();
		zoom.run();
		assertThat(this.captures).as("captures").hasValue(before + 1);
	}

	private void assertNoCapture(Runnable zoom) {
		int before = this.captures.get();
		zoom.run();
		assertThat(this.captures).as("captures").hasValue(before);
	}

	/** Like a driver: into the buffer given when it is large enough, else a new array. */
	private Frame capture(Rect region, int[] buffer) {
		int[] pixels = (buffer != null && buffer.length >= region.width() * region.height()) ? buffer
				: new int[region.width() * region.height()];
		if (buffer != null) {
			this.captureBuffers.add(pixels);
		}
		return copy(region, pixels);
	}

	private Frame capture(Rect region) {
		return copy(region, new int[region.width() * region.height()]);
	}

	private Frame copy(Rect region, int[] pixels) {
		this.captures.incrementAndGet();
		for (int y = 0; y < region.height(); y++) {
			System.arraycopy(this.screen, (region.y() + y) * 1920 + region.x(), pixels, y * region.width(),
					region.width());
		}
		return new Frame(region.width(), region.height(), pixels);
	}

}
