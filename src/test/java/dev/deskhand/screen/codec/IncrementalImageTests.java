package dev.deskhand.screen.codec;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Random;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

import dev.deskhand.platform.Frame;
import dev.deskhand.screen.JpegLegibility;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Incremental screenshots, PNG and JPEG, are the images a fresh encode makes whatever
 * changed (PNG byte for byte, JPEG pixel for pixel once decoded), and re-encode only the
 * bands whose source rows changed.
 */
class IncrementalImageTests {

	private static final ScreenWorkers workers = new ScreenWorkers(2);

	private static final PngEncoder png = new PngEncoder(workers, 2);

	@AfterAll
	static void stopWorkers() {
		workers.shutdown();
	}

	/** Each encoding, with what a fresh encode of the same frame must equal. */
	enum Encoding {

		PNG {
			@Override
			IncrementalImage.Bands<?> bands() {
				return IncrementalImage.png(png);
			}

			@Override
			void assertFresh(byte[] image, int[] screen, String what) {
				byte[] fresh = new IncrementalImage<PngEncoder.DeflatedRows>(null)
					.encode(new Frame(1920, 1080, screen.clone()), 1, 1280, 720, IncrementalImage.png(png));
				assertThat(image).as(what).isEqualTo(fresh);
				Frame expected = new AreaAverageScaler().scale(new Frame(1920, 1080, screen.clone()), 1280, 720);
				try {
					PixelAssertions.assertSamePixels(PngEncoderTests.decode(image), expected.pixels(), 1280, what);
				}
				catch (IOException ex) {
					throw new UncheckedIOException(ex);
				}
			}
		},

		JPEG {
			@Override
			IncrementalImage.Bands<?> bands() {
				return IncrementalImage.jpeg(0.9f, false);
			}

			@Override
			void assertFresh(byte[] image, int[] screen, String what) {
				Frame scaled = new AreaAverageScaler().scale(new Frame(1920, 1080, screen.clone()), 1280, 720);
				Frame whole = JpegLegibility.decode(JpegEncoder.encode(scaled, 0.9f, false));
				PixelAssertions.assertSamePixels(JpegLegibility.decode(image).pixels(), whole.pixels(), 1280, what);
			}
		};

		abstract IncrementalImage.Bands<?> bands();

		abstract void assertFresh(byte[] image, int[] screen, String what);

	}

	@ParameterizedTest
	@EnumSource(Encoding.class)
	void randomChangesGiveTheImageOfAFreshEncode(Encoding encoding) {
		Random random = new Random(7);
		int[] screen = StripedPngTests.desktopLike(1920, 1080, 3).pixels();
		Incremental incremental = new Incremental(encoding);
		int[] before = screen.clone();
		long id = 1;
		incremental.encodeAndCheck(screen, id, -1, null);
		for (int round = 0; round < 20; round++) {
			// a rectangle of any size anywhere, sometimes a single pixel, sometimes
			// nothing
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
			incremental.encodeAndCheck(screen, id + 1, id, changedRows(before, screen, 1920));
			id++;
			before = screen.clone();
		}
	}

	@ParameterizedTest
	@EnumSource(Encoding.class)
	void onlyTheBandsUnderChangedRowsAreEncodedAgain(Encoding encoding) {
		int[] screen = StripedPngTests.desktopLike(1920, 1080, 5).pixels();
		Incremental incremental = new Incremental(encoding);
		incremental.encodeAndCheck(screen, 1, -1, null);
		assertThat(incremental.image.lastEncodedBands()).isEqualTo(23);
		int[] before = screen.clone();
		// source rows 600-602 scale into image rows 400-401: band 12 only (rows 384-415)
		for (int y = 600; y < 603; y++) {
			screen[y * 1920 + 5] ^= 0xFFFFFF;
		}
		incremental.encodeAndCheck(screen, 2, 1, changedRows(before, screen, 1920));
		assertThat(incremental.image.lastEncodedBands()).isEqualTo(1);
		// source rows 575 and 576 scale into image rows 383 (band 11) and 384 (band 12)
		before = screen.clone();
		screen[575 * 1920 + 7] ^= 0xFFFFFF;
		screen[576 * 1920 + 7] ^= 0xFFFFFF;
		incremental.encodeAndCheck(screen, 3, 2, changedRows(before, screen, 1920));
		assertThat(incremental.image.lastEncodedBands()).isEqualTo(2);
	}

	@ParameterizedTest
	@EnumSource(Encoding.class)
	void changesRelativeToAnotherFrameThanTheBandsShowAreNotTrusted(Encoding encoding) {
		int[] screen = StripedPngTests.desktopLike(1920, 1080, 9).pixels();
		Incremental incremental = new Incremental(encoding);
		incremental.encodeAndCheck(screen, 1, -1, null);
		screen[100] ^= 0xFFFFFF;
		// claims "nothing changed since frame 7", but the bands show frame 1
		incremental.encodeAndCheck(screen, 8, 7, new boolean[1080]);
		assertThat(incremental.image.lastEncodedBands()).isEqualTo(23);
	}

	@ParameterizedTest
	@EnumSource(Encoding.class)
	void changesOfFramesEncodedElsewhereAddUp(Encoding encoding) {
		int[] screen = StripedPngTests.desktopLike(1920, 1080, 13).pixels();
		Incremental incremental = new Incremental(encoding);
		incremental.encodeAndCheck(screen, 1, -1, null);
		// frame 2 (say, a screenshot in the other encoding) changed source row 30, frame
		// 3 row 1000; neither went through this one
		int[] before = screen.clone();
		screen[30 * 1920] ^= 0xFFFFFF;
		incremental.image.frameReplaced(2, 1, changedRows(before, screen, 1920));
		before = screen.clone();
		screen[1000 * 1920] ^= 0xFFFFFF;
		incremental.image.frameReplaced(3, 2, changedRows(before, screen, 1920));
		encoding.assertFresh(incremental.encode(screen, 3), screen, "frame 3");
		assertThat(incremental.image.lastEncodedBands()).isEqualTo(2);
		// a gap in the chain (frame 5 reported against 4, which never was) trusts nothing
		screen[500 * 1920] ^= 0xFFFFFF;
		incremental.image.frameReplaced(5, 4, new boolean[1080]);
		incremental.encode(screen, 5);
		assertThat(incremental.image.lastEncodedBands()).isEqualTo(23);
	}

	@Test
	void aNewSizeStartsOver() throws IOException {
		int[] screen = StripedPngTests.desktopLike(1920, 1080, 11).pixels();
		IncrementalImage<PngEncoder.DeflatedRows> incremental = new IncrementalImage<>(workers);
		incremental.encode(new Frame(1920, 1080, screen), 1, 1280, 720, IncrementalImage.png(png));
		byte[] small = incremental.encode(new Frame(1920, 1080, screen), 1, 640, 360, IncrementalImage.png(png));
		assertThat(incremental.lastEncodedBands()).isEqualTo(12);
		Frame expected = new AreaAverageScaler().scale(new Frame(1920, 1080, screen.clone()), 640, 360);
		PixelAssertions.assertSamePixels(PngEncoderTests.decode(small), expected.pixels(), 640, "640x360");
	}

	@Test
	void anotherQualityStartsOver() {
		int[] screen = StripedPngTests.desktopLike(1920, 1080, 6).pixels();
		IncrementalImage<JpegEncoder.Stripe> incremental = new IncrementalImage<>(workers);
		incremental.encode(new Frame(1920, 1080, screen), 1, 1280, 720, IncrementalImage.jpeg(0.9f, false));
		byte[] image = incremental.encode(new Frame(1920, 1080, screen), 1, 1280, 720,
				IncrementalImage.jpeg(0.5f, false));
		assertThat(incremental.lastEncodedBands()).isEqualTo(23);
		Frame scaled = new AreaAverageScaler().scale(new Frame(1920, 1080, screen.clone()), 1280, 720);
		PixelAssertions.assertSamePixels(JpegLegibility.decode(image).pixels(),
				JpegLegibility.decode(JpegEncoder.encode(scaled, 0.5f, false)).pixels(), 1280, "quality 0.5");
	}

	@ParameterizedTest
	@CsvSource({ "1280, 720, false", "1281, 719, false", "640, 37, false", "1280, 720, true", "97, 16, false",
			"200, 5, false" })
	void jpegBandsDecodeToTheWholeImage(int width, int height, boolean subsampling) {
		Frame frame = StripedPngTests.desktopLike(width, height, 4);
		IncrementalImage.Bands<JpegEncoder.Stripe> jpeg = IncrementalImage.jpeg(0.9f, subsampling);
		int count = (height + IncrementalImage.BAND_ROWS - 1) / IncrementalImage.BAND_ROWS;
		JpegEncoder.Stripe[] parts = jpeg.arrays().apply(count);
		for (int i = 0; i < count; i++) {
			int to = Math.min(height, (i + 1) * IncrementalImage.BAND_ROWS);
			parts[i] = jpeg.encode(frame.pixels(), width, i * IncrementalImage.BAND_ROWS, to, to == height);
		}
		Frame joined = JpegLegibility.decode(jpeg.assemble(width, height, parts));
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

	/** One incremental image of 1920x1080 frames scaled to 1280x720 in one encoding. */
	private static final class Incremental {

		final IncrementalImage<Object> image = new IncrementalImage<>(workers);

		final Encoding encoding;

		Incremental(Encoding encoding) {
			this.encoding = encoding;
		}

		@SuppressWarnings("unchecked")
		byte[] encode(int[] screen, long id) {
			return this.image.encode(new Frame(1920, 1080, screen), id, 1280, 720,
					(IncrementalImage.Bands<Object>) this.encoding.bands());
		}

		void encodeAndCheck(int[] screen, long id, long previousId, boolean[] changed) {
			this.image.frameReplaced(id, previousId, changed);
			this.encoding.assertFresh(encode(screen, id), screen, "frame " + id);
		}

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
