package dev.deskhand.screen;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

import dev.deskhand.platform.Frame;
import dev.deskhand.platform.Rect;
import dev.deskhand.platform.ScreenDamage;
import dev.deskhand.screen.codec.AreaAverageScaler;
import dev.deskhand.screen.codec.PngEncoder;
import dev.deskhand.screen.codec.ScreenWorkers;
import dev.deskhand.screen.codec.StripedPngTests;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * Damage-assisted screenshots on a synthetic screen, with a fake capture that records
 * what it was asked for and a fake damage source shared by every consumer, like one X
 * server's: only damaged rows are captured, nothing when nothing was drawn, and the
 * result is always the image a whole capture gives.
 */
class ScreenPipelineDamageTests {

	private static final ScreenWorkers workers = new ScreenWorkers(2);

	private static final Rect DISPLAY = new Rect(0, 0, 1920, 1080);

	private static final ImageSize BUDGET_SIZE = new ImageSize(1280, 720);

	private final int[] screen = StripedPngTests.desktopLike(1920, 1080, 7).pixels();

	private final List<Rect> captured = new ArrayList<>();

	private final FakeDamage damage = new FakeDamage();

	private final AtomicLong clock = new AtomicLong(1_000_000_000L);

	private final FrameCache frames = new FrameCache(this.clock::get, Duration.ofSeconds(2));

	private final PngEncoder png = new PngEncoder(workers, 2);

	private RuntimeException failNextCapture;

	private final ScreenPipeline pipeline = pipeline(this.frames, List.of());

	@AfterAll
	static void stopWorkers() {
		workers.shutdown();
	}

	@Test
	void nothingDrawnMeansNoCaptureAndTheSameFrame() {
		long first = shot().frameId();
		assertThat(this.captured).containsExactly(DISPLAY);
		for (int i = 0; i < 3; i++) {
			assertThat(shot().frameId()).isEqualTo(first);
		}
		assertThat(this.captured).hasSize(1);
	}

	@Test
	void onlyTheDamagedRowsAreCapturedAndTheFrameIsWhatAWholeCaptureGives() throws IOException {
		shot();
		this.captured.clear();
		// drawn in rows 100-130, of which only 105-110 end up different
		this.damage.drawn(new Rect(400, 100, 300, 31));
		draw(new Rect(400, 105, 300, 6), 0x123456);
		ScreenPipeline.Image after = shot();
		assertThat(this.captured).containsExactly(new Rect(0, 100, 1920, 31));
		FrameCache.Entry entry = this.frames.cached("screen");
		assertThat(entry.frame().pixels()).isEqualTo(this.screen);
		boolean[] expected = new boolean[1080];
		Arrays.fill(expected, 105, 111, true);
		assertThat(entry.changedRows()).isEqualTo(expected);
		assertThat(after.bytes()).isEqualTo(untrackedShot());
	}

	@Test
	void bandsFarApartAreCapturedApartAndPlacedRight() throws IOException {
		shot();
		this.captured.clear();
		draw(new Rect(0, 0, 10, 10), 0xFF0000);
		draw(new Rect(1900, 500, 20, 40), 0x00FF00);
		draw(new Rect(10, 1070, 10, 10), 0x0000FF);
		ScreenPipeline.Image after = shot();
		assertThat(this.captured).containsExactlyInAnyOrder(new Rect(0, 0, 1920, 10), new Rect(0, 500, 1920, 40),
				new Rect(0, 1070, 1920, 10));
		assertThat(this.frames.cached("screen").frame().pixels()).isEqualTo(this.screen);
		assertThat(after.bytes()).isEqualTo(untrackedShot());
	}

	@Test
	void aFailureBetweenTheQuestionAndTheCacheMeansAWholeCaptureNext() {
		shot();
		draw(new Rect(0, 200, 50, 50), 0xABCDEF);
		this.failNextCapture = new IllegalStateException("capture failed");
		assertThatIllegalStateException().isThrownBy(this::shot);
		this.captured.clear();
		// the damage was taken by the failed call: only a whole capture can be right now
		ScreenPipeline.Image next = shot();
		assertThat(this.captured).containsExactly(DISPLAY);
		assertThat(this.frames.cached("screen").frame().pixels()).isEqualTo(this.screen);
		assertThat(next.frameId()).isNotNegative();
	}

	@Test
	void unknownDamageMeansAWholeCapture() {
		shot();
		this.captured.clear();
		this.damage.everything();
		this.screen[1079 * 1920 + 1919] ^= 0xFFFFFF;
		shot();
		assertThat(this.captured).containsExactly(DISPLAY);
		assertThat(this.frames.cached("screen").frame().pixels()).isEqualTo(this.screen);
	}

	@Test
	void displaysSharingOneDamageSourceEachSeeIt() {
		Rect left = new Rect(0, 0, 960, 1080);
		Rect right = new Rect(960, 0, 960, 1080);
		ImageSize half = new ImageSize(640, 720);
		long l1 = this.pipeline.screenshot("left", left, half, ImageFormat.PNG, 0.8f).frameId();
		long r1 = this.pipeline.screenshot("right", right, half, ImageFormat.PNG, 0.8f).frameId();
		this.captured.clear();
		draw(new Rect(1000, 300, 40, 20), 0x00FFFF);
		// the left display asks first: the damage it fetches must still reach the right
		// one
		long l2 = this.pipeline.screenshot("left", left, half, ImageFormat.PNG, 0.8f).frameId();
		long r2 = this.pipeline.screenshot("right", right, half, ImageFormat.PNG, 0.8f).frameId();
		assertThat(l2).isEqualTo(l1);
		assertThat(r2).isNotEqualTo(r1);
		assertThat(this.captured).containsExactly(new Rect(960, 300, 960, 20));
	}

	@Test
	void anotherPipelineOnTheSameSourceSeesTheDamageToo() {
		ScreenPipeline other = pipeline(new FrameCache(), List.of());
		shot();
		other.screenshot("screen", DISPLAY, BUDGET_SIZE, ImageFormat.PNG, 0.8f);
		draw(new Rect(0, 600, 20, 20), 0x445566);
		shot();
		this.captured.clear();
		other.screenshot("screen", DISPLAY, BUDGET_SIZE, ImageFormat.PNG, 0.8f);
		assertThat(this.captured).containsExactly(new Rect(0, 600, 1920, 20));
	}

	@Test
	void aNewRegionForTheDisplayMeansAWholeCapture() {
		shot();
		this.captured.clear();
		Rect smaller = new Rect(0, 0, 1280, 720);
		this.pipeline.screenshot("screen", smaller, BUDGET_SIZE, ImageFormat.PNG, 0.8f);
		assertThat(this.captured).containsExactly(smaller);
	}

	@Test
	void anActiveFilterTurnsDamageAssistanceOff() {
		ScreenPipeline masking = pipeline(this.frames, List.of((frame, region) -> {
		}));
		masking.screenshot("screen", DISPLAY, BUDGET_SIZE, ImageFormat.PNG, 0.8f);
		masking.screenshot("screen", DISPLAY, BUDGET_SIZE, ImageFormat.PNG, 0.8f);
		assertThat(this.captured).containsExactly(DISPLAY, DISPLAY);
		assertThat(this.damage.asked).isZero();
	}

	@Test
	void aConfirmedFrameServesZoomsAgainLikeAnIdenticalCapture() {
		long frameId = shot().frameId();
		this.clock.addAndGet(Duration.ofMillis(2001).toNanos());
		assertThat(this.pipeline
			.zoom("screen", frameId, new Rect(0, 0, 100, 100), ImageBudget.DEFAULT, ImageFormat.PNG, 0.8f)
			.frameId()).isEqualTo(-1);
		assertThat(shot().frameId()).isEqualTo(frameId);
		this.captured.clear();
		assertThat(this.pipeline
			.zoom("screen", frameId, new Rect(0, 0, 100, 100), ImageBudget.DEFAULT, ImageFormat.PNG, 0.8f)
			.frameId()).isEqualTo(frameId);
		assertThat(this.captured).isEmpty();
		// input after the question: the confirmation is older than the input, no zoom
		// from it
		this.pipeline.inputStarting();
		shot();
		this.pipeline.inputStarting();
		assertThat(this.pipeline
			.zoom("screen", frameId, new Rect(0, 0, 100, 100), ImageBudget.DEFAULT, ImageFormat.PNG, 0.8f)
			.frameId()).isEqualTo(-1);
	}

	@Test
	void bandsJoinCloseRunsAndCapAtMaxBands() {
		boolean[] rows = new boolean[1000];
		Arrays.fill(rows, 10, 20, true);
		Arrays.fill(rows, 40, 50, true);
		Arrays.fill(rows, 200, 201, true);
		assertThat(ScreenPipeline.bands(rows)).containsExactly(new int[] { 10, 50 }, new int[] { 200, 201 });
		boolean[] many = new boolean[1000];
		for (int i = 0; i < ScreenPipeline.MAX_BANDS + 1; i++) {
			many[i * 100 + 5] = true;
		}
		assertThat(ScreenPipeline.bands(many)).containsExactly(new int[] { 5, 806 });
		assertThat(ScreenPipeline.bands(new boolean[10])).isEmpty();
	}

	@Test
	void damagedRowsAreClippedToTheRegion() {
		boolean[] rows = ScreenPipeline.damagedRows(
				ScreenDamage.of(List.of(new Rect(0, 90, 10, 20), new Rect(2000, 50, 10, 10), new Rect(5, 195, 5, 50))),
				new Rect(0, 100, 1920, 100));
		assertThat(rows).hasSize(100);
		for (int y = 0; y < 100; y++) {
			assertThat(rows[y]).as("row %d", y).isEqualTo(y < 10 || y >= 95);
		}
	}

	private ScreenPipeline pipeline(FrameCache cache, List<CaptureFilter> filters) {
		return new ScreenPipeline(this::capture, this.damage, filters, cache, new AreaAverageScaler(workers),
				new ImageEncoders(this.png), this.png, workers, new PixelBuffers(3));
	}

	private ScreenPipeline.Image shot() {
		return this.pipeline.screenshot("screen", DISPLAY, BUDGET_SIZE, ImageFormat.PNG, 0.8f);
	}

	private byte[] untrackedShot() {
		ScreenPipeline fresh = new ScreenPipeline((region, buffer) -> copy(region), List.of(), new FrameCache(),
				new AreaAverageScaler(workers), new ImageEncoders(this.png), this.png, workers, new PixelBuffers(3));
		return fresh.screenshot("screen", DISPLAY, BUDGET_SIZE, ImageFormat.PNG, 0.8f).bytes();
	}

	/** Paints a rectangle on the screen and reports it damaged, as the X server would. */
	private void draw(Rect area, int rgb) {
		for (int y = area.y(); y < area.bottom(); y++) {
			Arrays.fill(this.screen, y * 1920 + area.x(), y * 1920 + area.right(), rgb);
		}
		this.damage.drawn(area);
	}

	/** Like a driver: into the buffer given when it is large enough, else a new array. */
	private Frame capture(Rect region, int[] buffer) {
		if (this.failNextCapture != null) {
			RuntimeException failure = this.failNextCapture;
			this.failNextCapture = null;
			throw failure;
		}
		this.captured.add(region);
		int[] pixels = (buffer != null && buffer.length >= region.width() * region.height()) ? buffer
				: new int[region.width() * region.height()];
		Frame frame = copy(region);
		System.arraycopy(frame.pixels(), 0, pixels, 0, region.width() * region.height());
		return new Frame(region.width(), region.height(), pixels);
	}

	private Frame copy(Rect region) {
		int[] pixels = new int[region.width() * region.height()];
		for (int y = 0; y < region.height(); y++) {
			System.arraycopy(this.screen, (region.y() + y) * 1920 + region.x(), pixels, y * region.width(),
					region.width());
		}
		return new Frame(region.width(), region.height(), pixels);
	}

	/** One damage source for every consumer, like one X server's root window. */
	private static final class FakeDamage implements ScreenPipeline.Damage {

		private final Map<String, List<Rect>> pending = new HashMap<>();

		int asked;

		synchronized void drawn(Rect area) {
			this.pending.values().forEach((areas) -> {
				if (areas != null) {
					areas.add(area);
				}
			});
		}

		/** As after a reconnect. */
		synchronized void everything() {
			this.pending.replaceAll((consumer, areas) -> null);
		}

		@Override
		public synchronized ScreenDamage take(String consumer, Rect region) {
			this.asked++;
			if (!this.pending.containsKey(consumer)) {
				this.pending.put(consumer, new ArrayList<>());
				return ScreenDamage.UNKNOWN;
			}
			List<Rect> areas = this.pending.put(consumer, new ArrayList<>());
			return (areas == null) ? ScreenDamage.UNKNOWN : ScreenDamage.of(areas);
		}

	}

}
