package dev.deskhand.screen;

import java.util.Random;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import dev.deskhand.platform.Frame;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Striped and incremental JPEG screenshots decode to exactly the pixels of the whole
 * image encoded at once, whatever changed, and re-encode only the stripes whose source
 * rows changed.
 */
class IncrementalJpegTests {

	private static final ScreenWorkers workers = new ScreenWorkers(2);

	@AfterAll
	static void stopWorkers() {
		workers.shutdown();
	}

	@ParameterizedTest
	@CsvSource({ "1280, 720, false", "1281, 719, false", "640, 37, false", "1280, 720, true", "97, 16, false",
			"200, 5, false" })
	void stripesDecodeToTheWholeImage(int width, int height, boolean subsampling) {
		Frame frame = StripedPngTests.desktopLike(width, height, 4);
		int stripes = (height + IncrementalJpeg.STRIPE_ROWS - 1) / IncrementalJpeg.STRIPE_ROWS;
		JpegEncoder.Stripe[] parts = new JpegEncoder.Stripe[stripes];
		for (int i = 0; i < stripes; i++) {
			parts[i] = JpegEncoder.stripe(frame.pixels(), width, i * IncrementalJpeg.STRIPE_ROWS,
					Math.min(height, (i + 1) * IncrementalJpeg.STRIPE_ROWS), 0.9f, subsampling);
		}
		Frame joined = JpegLegibility.decode(JpegEncoder.assemble(width, height, parts, subsampling));
		Frame whole = JpegLegibility.decode(JpegEncoder.encode(frame, 0.9f, subsampling));
		assertThat(joined.width()).isEqualTo(width);
		assertThat(joined.height()).isEqualTo(height);
		if (!subsampling) {
			PixelAssertions.assertSamePixels(joined.pixels(), whole.pixels(), width, width + "x" + height);
		}
		else {
			// 4:2:0 decoders smooth colour across block rows: near, not equal, at the
			// joins
			assertThat(maxDifference(joined, whole)).isLessThan(24);
		}
	}

	@Test
	void randomChangesGiveTheImageOfAFreshEncode() {
		Random random = new Random(7);
		int[] screen = StripedPngTests.desktopLike(1920, 1080, 3).pixels();
		IncrementalJpeg incremental = new IncrementalJpeg(workers, false);
		int[] before = screen.clone();
		long id = 1;
		encodeAndCheck(incremental, screen, id, -1, null);
		for (int round = 0; round < 12; round++) {
			int x = random.nextInt(1920);
			int y = random.nextInt(1080);
			int w = (round % 5 == 0) ? 1 : 1 + random.nextInt(1920 - x);
			int h = (round % 5 == 0) ? 1 : 1 + random.nextInt(Math.min(200, 1080 - y));
			if (round % 7 != 3) {
				for (int row = y; row < y + h; row++) {
					for (int col = x; col < x + w; col++) {
						screen[row * 1920 + col] ^= 0x010101 * (1 + random.nextInt(200));
					}
				}
			}
			encodeAndCheck(incremental, screen, id + 1, id, changedRows(before, screen, 1920));
			id++;
			before = screen.clone();
		}
	}

	@Test
	void onlyTheStripesUnderChangedRowsAreEncodedAgain() {
		int[] screen = StripedPngTests.desktopLike(1920, 1080, 5).pixels();
		IncrementalJpeg incremental = new IncrementalJpeg(workers, false);
		encodeAndCheck(incremental, screen, 1, -1, null);
		assertThat(incremental.lastEncodedStripes()).isEqualTo(23);
		int[] before = screen.clone();
		// source rows 600-602 scale into image rows 400-401: stripe 12 only (rows
		// 384-415)
		for (int y = 600; y < 603; y++) {
			screen[y * 1920 + 5] ^= 0xFFFFFF;
		}
		encodeAndCheck(incremental, screen, 2, 1, changedRows(before, screen, 1920));
		assertThat(incremental.lastEncodedStripes()).isEqualTo(1);
		// claims "nothing changed since frame 7", but the stripes show frame 2
		screen[100] ^= 0xFFFFFF;
		encodeAndCheck(incremental, screen, 8, 7, new boolean[1080]);
		assertThat(incremental.lastEncodedStripes()).isEqualTo(23);
	}

	@Test
	void anotherQualityStartsOver() {
		int[] screen = StripedPngTests.desktopLike(1920, 1080, 6).pixels();
		IncrementalJpeg incremental = new IncrementalJpeg(workers, false);
		incremental.encode(new Frame(1920, 1080, screen), 1, 1280, 720, 0.9f);
		byte[] image = incremental.encode(new Frame(1920, 1080, screen), 1, 1280, 720, 0.5f);
		assertThat(incremental.lastEncodedStripes()).isEqualTo(23);
		Frame scaled = new AreaAverageScaler().scale(new Frame(1920, 1080, screen.clone()), 1280, 720);
		PixelAssertions.assertSamePixels(JpegLegibility.decode(image).pixels(),
				JpegLegibility.decode(JpegEncoder.encode(scaled, 0.5f, false)).pixels(), 1280, "quality 0.5");
	}

	private static void encodeAndCheck(IncrementalJpeg incremental, int[] screen, long id, long previousId,
			boolean[] changed) {
		incremental.frameReplaced(id, previousId, changed);
		byte[] image = incremental.encode(new Frame(1920, 1080, screen), id, 1280, 720, 0.9f);
		Frame scaled = new AreaAverageScaler().scale(new Frame(1920, 1080, screen.clone()), 1280, 720);
		Frame whole = JpegLegibility.decode(JpegEncoder.encode(scaled, 0.9f, false));
		PixelAssertions.assertSamePixels(JpegLegibility.decode(image).pixels(), whole.pixels(), 1280, "frame " + id);
	}

	private static int maxDifference(Frame a, Frame b) {
		int max = 0;
		for (int i = 0; i < a.width() * a.height(); i++) {
			for (int shift = 0; shift <= 16; shift += 8) {
				max = Math.max(max, Math.abs(((a.pixels()[i] >> shift) & 0xff) - ((b.pixels()[i] >> shift) & 0xff)));
			}
		}
		return max;
	}

	private static boolean[] changedRows(int[] before, int[] after, int width) {
		boolean[] changed = new boolean[before.length / width];
		for (int y = 0; y < changed.length; y++) {
			for (int x = 0; x < width; x++) {
				if (before[y * width + x] != after[y * width + x]) {
					changed[y] = true;
					break;
				}
			}
		}
		return changed;
	}

}
