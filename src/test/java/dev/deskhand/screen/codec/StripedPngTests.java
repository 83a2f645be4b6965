package dev.deskhand.screen.codec;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.zip.Adler32;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.Inflater;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import dev.deskhand.platform.Frame;

import static org.assertj.core.api.Assertions.assertThat;

/** PNGs deflated in parallel stripes and joined into one zlib stream. */
public class StripedPngTests {

	private static final ScreenWorkers workers = new ScreenWorkers(3);

	@AfterAll
	static void stopWorkers() {
		workers.shutdown();
	}

	@ParameterizedTest(name = "{0}x{1} in up to {2} stripes")
	@CsvSource({ "1, 1, 4", "1, 9, 4", "9, 1, 4", "3, 5, 3", "17, 4, 4", "2, 7, 7", "1023, 17, 3", "640, 480, 5",
			"21846, 2, 2", "5, 40, 40" })
	void tinyStripesJoinIntoOneValidStream(int width, int height, int stripes) throws Exception {
		// a minimum stripe of one byte cuts even tiny images into as many stripes as
		// asked
		PngEncoder encoder = new PngEncoder(workers, stripes, 1);
		Frame frame = PngEncoderTests.randomFrame(new Random(width * 7919L + height), width, height);
		byte[] png = encoder.encode(frame);
		PixelAssertions.assertSamePixels(PngEncoderTests.decode(png), rgb(frame), width, "decoded");
		assertCompleteStream(PngChunks.parse(png), width, height);
	}

	@Test
	void threeStripesOfUnequalHeight() throws Exception {
		int width = 1000;
		int height = 301;
		assertThat(PngEncoder.stripeCount(1 + 3 * width, height, 3, PngEncoder.MIN_STRIPE_BYTES)).isEqualTo(3);
		assertThat(List.of(PngEncoder.firstRow(0, 3, height), PngEncoder.firstRow(1, 3, height),
				PngEncoder.firstRow(2, 3, height), PngEncoder.firstRow(3, 3, height)))
			.containsExactly(0, 100, 200, 301);
		Frame frame = desktopLike(width, height, 3);
		byte[] png = new PngEncoder(workers, 3).encode(frame);
		PixelAssertions.assertSamePixels(PngEncoderTests.decode(png), rgb(frame), width, "decoded");
		assertCompleteStream(PngChunks.parse(png), width, height);
		assertThat(png).isNotEqualTo(new PngEncoder().encode(frame));
	}

	@Test
	void randomScreenshotSizedFrameInTwoAndFourStripes() throws Exception {
		Frame frame = PngEncoderTests.randomFrame(new Random(1280), 1280, 720);
		for (int stripes : new int[] { 2, 4 }) {
			byte[] png = new PngEncoder(workers, stripes).encode(frame);
			PixelAssertions.assertSamePixels(PngEncoderTests.decode(png), rgb(frame), 1280, stripes + " stripes");
			assertCompleteStream(PngChunks.parse(png), 1280, 720);
		}
	}

	@Test
	void stripesCostLittleCompression() throws IOException {
		Frame frame = desktopLike(1280, 720, 11);
		byte[] single = new PngEncoder().encode(frame);
		byte[] striped = new PngEncoder(workers, 3).encode(frame);
		PixelAssertions.assertSamePixels(PngEncoderTests.decode(striped), rgb(frame), 1280, "decoded");
		assertThat(striped).isNotEqualTo(single);
		assertThat((double) striped.length).isLessThan(single.length * 1.03);
	}

	@Test
	void smallImagesAndOneWorkerStayInOneStripe() {
		assertThat(PngEncoder.stripeCount(1 + 3 * 300, 200, 8, PngEncoder.MIN_STRIPE_BYTES)).isEqualTo(1);
		assertThat(PngEncoder.stripeCount(1 + 3 * 1280, 720, 1, PngEncoder.MIN_STRIPE_BYTES)).isEqualTo(1);
		assertThat(PngEncoder.stripeCount(1 + 3 * 1280, 720, 2, PngEncoder.MIN_STRIPE_BYTES)).isEqualTo(2);
		assertThat(PngEncoder.stripeCount(1 + 3 * 1280, 720, 64, PngEncoder.MIN_STRIPE_BYTES)).isEqualTo(10);
		Frame frame = desktopLike(300, 200, 5);
		assertThat(new PngEncoder(workers, 3).encode(frame)).isEqualTo(new PngEncoder().encode(frame));
	}

	@Test
	void oneStripeIsTheSameStreamAsDeflatingAllRowsAtOnce() throws Exception {
		// what the encoder did before stripes: one zlib stream, level 1, over every
		// filtered row
		Frame frame = desktopLike(1280, 720, 17);
		PngChunks chunks = PngChunks.parse(new PngEncoder().encode(frame));
		byte[] rows = inflate(chunks.idat(), (1 + 3 * 1280) * 720);
		Deflater deflater = new Deflater(Deflater.BEST_SPEED);
		deflater.setInput(rows);
		deflater.finish();
		byte[] reference = new byte[rows.length];
		int size = 0;
		while (!deflater.finished()) {
			size += deflater.deflate(reference, size, reference.length - size);
		}
		deflater.end();
		assertThat(chunks.idat()).isEqualTo(java.util.Arrays.copyOf(reference, size));
	}

	@Test
	void concurrentStripedEncodesOfDifferentFramesDoNotMixBuffers() throws Exception {
		PngEncoder encoder = new PngEncoder(workers, 3, 64 * 1024);
		List<Frame> frames = List.of(desktopLike(1280, 720, 1), PngEncoderTests.randomFrame(new Random(3), 1280, 720),
				desktopLike(801, 333, 2));
		List<byte[]> expected = frames.stream().map(new PngEncoder()::encode).toList();
		ExecutorService callers = Executors.newFixedThreadPool(4);
		try {
			List<Future<byte[]>> results = new ArrayList<>();
			for (int i = 0; i < 24; i++) {
				Frame frame = frames.get(i % 3);
				results.add(callers.submit(() -> encoder.encode(frame)));
			}
			for (int i = 0; i < results.size(); i++) {
				byte[] png = results.get(i).get();
				Frame frame = frames.get(i % 3);
				PixelAssertions.assertSamePixels(PngEncoderTests.decode(png), rgb(frame), frame.width(), "call " + i);
				assertThat(png.length).isCloseTo(expected.get(i % 3).length,
						org.assertj.core.data.Percentage.withPercentage(5));
			}
		}
		finally {
			callers.shutdownNow();
		}
	}

	/**
	 * The IDAT data is exactly one zlib stream: it inflates to every filtered row, ends
	 * with the final block and no byte after it, and its trailer is the Adler-32 of all
	 * rows.
	 */
	private static void assertCompleteStream(PngChunks chunks, int width, int height) throws DataFormatException {
		assertThat(chunks.types()).containsExactly("IHDR", "IDAT", "IEND");
		int rowBytes = 1 + 3 * width;
		byte[] rows = inflate(chunks.idat(), rowBytes * height);
		Adler32 adler = new Adler32();
		adler.update(rows);
		assertThat(chunks.trailer()).isEqualTo((int) adler.getValue());
		for (int y = 0; y < height; y++) {
			assertThat(rows[y * rowBytes]).as("filter of row %d", y).isEqualTo((byte) 1);
		}
	}

	/**
	 * Inflates a whole zlib stream, failing on a short stream, a checksum error or
	 * trailing bytes.
	 */
	private static byte[] inflate(byte[] stream, int expectedLength) throws DataFormatException {
		Inflater inflater = new Inflater();
		try {
			inflater.setInput(stream);
			byte[] out = new byte[expectedLength + 1];
			int size = 0;
			while (!inflater.finished() && size < out.length) {
				int n = inflater.inflate(out, size, out.length - size);
				if (n == 0 && (inflater.needsInput() || inflater.needsDictionary())) {
					break;
				}
				size += n;
			}
			assertThat(inflater.finished()).as("stream finished").isTrue();
			assertThat(size).as("inflated length").isEqualTo(expectedLength);
			assertThat(inflater.getRemaining()).as("bytes after the stream").isZero();
			return java.util.Arrays.copyOf(out, size);
		}
		finally {
			inflater.end();
		}
	}

	/** Gradients, flat "windows" and text-like strokes: compresses like a desktop. */
	public static Frame desktopLike(int width, int height, long seed) {
		Random random = new Random(seed);
		int[] pixels = new int[width * height];
		for (int y = 0; y < height; y++) {
			for (int x = 0; x < width; x++) {
				int background = ((x * 255 / width) << 16) | ((y * 255 / height) << 8) | ((x ^ y) & 0x3F);
				boolean window = y > height / 7 && y < height * 5 / 7 && x > width / 6 && x < width * 5 / 6;
				boolean glyphRow = (y / 3) % 5 != 4;
				int text = (glyphRow && random.nextInt(10) < 3) ? 0x202020 : 0xFAFAFA;
				pixels[y * width + x] = window ? text : background;
			}
		}
		return new Frame(width, height, pixels);
	}

	private static int[] rgb(Frame frame) {
		int[] pixels = new int[frame.width() * frame.height()];
		for (int i = 0; i < pixels.length; i++) {
			pixels[i] = frame.pixels()[i] & 0xFFFFFF;
		}
		return pixels;
	}

}
