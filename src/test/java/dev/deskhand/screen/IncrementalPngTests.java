package dev.deskhand.screen;

import java.io.IOException;
import java.util.Random;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

import dev.deskhand.platform.Frame;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Incremental PNG screenshots are exactly the images a fresh encode makes, whatever
 * changed, and re-encode only the tiles whose source rows changed.
 */
class IncrementalPngTests {

	private static final ScreenWorkers workers = new ScreenWorkers(2);

	private final PngEncoder png = new PngEncoder(workers, 2);

	@AfterAll
	static void stopWorkers() {
		workers.shutdown();
	}

	@Test
	void randomChangesGiveTheImageOfAFreshEncode() throws IOException {
		Random random = new Random(7);
		int[] screen = StripedPngTests.desktopLike(1920, 1080, 3).pixels();
		IncrementalPng incremental = new IncrementalPng(this.png, workers);
		int[] before = screen.clone();
		long id = 1;
		encodeAndCheck(incremental, screen, id, -1, null);
		for (int round = 0; round < 25; round++) {
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
			encodeAndCheck(incremental, screen, id + 1, id, changedRows(before, screen, 1920));
			id++;
			before = screen.clone();
		}
	}

	@Test
	void onlyTheTilesUnderChangedRowsAreEncodedAgain() throws IOException {
		int[] screen = StripedPngTests.desktopLike(1920, 1080, 5).pixels();
		IncrementalPng incremental = new IncrementalPng(this.png, workers);
		encodeAndCheck(incremental, screen, 1, -1, null);
		assertThat(incremental.lastEncodedTiles()).isEqualTo(23);
		int[] before = screen.clone();
		// source rows 600-602 scale into image rows 400-401: tile 12 only (rows 384-415)
		for (int y = 600; y < 603; y++) {
			screen[y * 1920 + 5] ^= 0xFFFFFF;
		}
		encodeAndCheck(incremental, screen, 2, 1, changedRows(before, screen, 1920));
		assertThat(incremental.lastEncodedTiles()).isEqualTo(1);
		// source rows 575 and 576 scale into image rows 383 (tile 11) and 384 (tile 12)
		before = screen.clone();
		screen[575 * 1920 + 7] ^= 0xFFFFFF;
		screen[576 * 1920 + 7] ^= 0xFFFFFF;
		encodeAndCheck(incremental, screen, 3, 2, changedRows(before, screen, 1920));
		assertThat(incremental.lastEncodedTiles()).isEqualTo(2);
	}

	@Test
	void changesRelativeToAnotherFrameThanTheTilesShowAreNotTrusted() throws IOException {
		int[] screen = StripedPngTests.desktopLike(1920, 1080, 9).pixels();
		IncrementalPng incremental = new IncrementalPng(this.png, workers);
		encodeAndCheck(incremental, screen, 1, -1, null);
		screen[100] ^= 0xFFFFFF;
		// claims "nothing changed since frame 7", but the tiles show frame 1
		encodeAndCheck(incremental, screen, 8, 7, new boolean[1080]);
		assertThat(incremental.lastEncodedTiles()).isEqualTo(23);
	}

	@Test
	void changesOfFramesEncodedElsewhereAddUp() throws IOException {
		int[] screen = StripedPngTests.desktopLike(1920, 1080, 13).pixels();
		IncrementalPng incremental = new IncrementalPng(this.png, workers);
		encodeAndCheck(incremental, screen, 1, -1, null);
		// frame 2 (say, a JPEG screenshot) changed source row 30, frame 3 row 1000;
		// neither went through this PNG
		int[] before = screen.clone();
		screen[30 * 1920] ^= 0xFFFFFF;
		incremental.frameReplaced(2, 1, changedRows(before, screen, 1920));
		before = screen.clone();
		screen[1000 * 1920] ^= 0xFFFFFF;
		incremental.frameReplaced(3, 2, changedRows(before, screen, 1920));
		byte[] image = incremental.encode(new Frame(1920, 1080, screen), 3, 1280, 720);
		assertThat(incremental.lastEncodedTiles()).isEqualTo(2);
		assertThat(image)
			.isEqualTo(new IncrementalPng(this.png, null).encode(new Frame(1920, 1080, screen.clone()), 1, 1280, 720));
		// a gap in the chain (frame 5 reported against 4, which never was) trusts nothing
		screen[500 * 1920] ^= 0xFFFFFF;
		incremental.frameReplaced(5, 4, new boolean[1080]);
		incremental.encode(new Frame(1920, 1080, screen), 5, 1280, 720);
		assertThat(incremental.lastEncodedTiles()).isEqualTo(23);
	}

	@Test
	void aNewSizeStartsOver() throws IOException {
		int[] screen = StripedPngTests.desktopLike(1920, 1080, 11).pixels();
		IncrementalPng incremental = new IncrementalPng(this.png, workers);
		encodeAndCheck(incremental, screen, 1, -1, null);
		byte[] small = incremental.encode(new Frame(1920, 1080, screen), 1, 640, 360);
		Frame expected = new AreaAverageScaler().scale(new Frame(1920, 1080, screen.clone()), 640, 360);
		PixelAssertions.assertSamePixels(PngEncoderTests.decode(small), expected.pixels(), 640, "640x360");
	}

	private void encodeAndCheck(IncrementalPng incremental, int[] screen, long id, long previousId, boolean[] changed)
			throws IOException {
		incremental.frameReplaced(id, previousId, changed);
		byte[] image = incremental.encode(new Frame(1920, 1080, screen), id, 1280, 720);
		byte[] fresh = new IncrementalPng(this.png, null).encode(new Frame(1920, 1080, screen.clone()), 1, 1280, 720);
		assertThat(image).as("frame %d", id).isEqualTo(fresh);
		Frame expected = new AreaAverageScaler().scale(new Frame(1920, 1080, screen.clone()), 1280, 720);
		PixelAssertions.assertSamePixels(PngEncoderTests.decode(image), expected.pixels(), 1280, "frame " + id);
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
