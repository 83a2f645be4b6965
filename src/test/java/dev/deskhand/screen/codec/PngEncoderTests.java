package dev.deskhand.screen.codec;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.zip.CRC32;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

import javax.imageio.ImageIO;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import dev.deskhand.platform.Frame;

import static org.assertj.core.api.Assertions.assertThat;

public class PngEncoderTests {

	private final PngEncoder encoder = new PngEncoder();

	@ParameterizedTest(name = "{0}x{1}")
	@CsvSource({ "1, 1", "1, 9", "9, 1", "3, 5", "17, 4", "1023, 17", "640, 480", "21846, 2" })
	void randomFramesDecodeToTheSamePixels(int width, int height) throws IOException {
		Frame frame = randomFrame(new Random(width * 31L + height), width, height);
		PixelAssertions.assertSamePixels(decode(this.encoder.encode(frame)), rgbOnly(frame), width, "decoded");
	}

	@Test
	void syntheticDesktopFrameDecodesToTheSamePixels() throws IOException {
		int width = 1280;
		int height = 720;
		int[] pixels = new int[width * height];
		Random random = new Random(9);
		for (int y = 0; y < height; y++) {
			for (int x = 0; x < width; x++) {
				int background = ((x * 255 / width) << 16) | ((y * 255 / height) << 8) | 0x40;
				// text-like: dark strokes in a light "window" band
				boolean window = y > 100 && y < 500 && x > 200 && x < 1000;
				int text = (random.nextInt(10) < 3) ? 0x202020 : 0xFAFAFA;
				pixels[y * width + x] = window ? text : background;
			}
		}
		Frame frame = new Frame(width, height, pixels);
		byte[] png = this.encoder.encode(frame);
		PixelAssertions.assertSamePixels(decode(png), pixels, width, "decoded");
		// SUB filtering of flat and gradient areas must compress well below raw RGB
		assertThat(png.length).isLessThan(width * height * 3 / 4);
	}

	@Test
	void topByteOfPixelsIsIgnored() throws IOException {
		Frame frame = new Frame(2, 1, new int[] { 0xFF123456, 0x80ABCDEF });
		assertThat(decode(this.encoder.encode(frame))).containsExactly(0x123456, 0xABCDEF);
	}

	@Test
	void usesOnlyTheFramesPixelsWhenTheBufferIsLarger() throws IOException {
		int[] pixels = { 1, 2, 3, 4, 5, 6, 0xFFFFFF, 0xFFFFFF };
		assertThat(decode(this.encoder.encode(new Frame(3, 2, pixels)))).containsExactly(1, 2, 3, 4, 5, 6);
	}

	@Test
	void writesWellFormedChunksWithSubFilteredRows() throws DataFormatException {
		Frame frame = randomFrame(new Random(1), 37, 11);
		ByteBuffer png = ByteBuffer.wrap(this.encoder.encode(frame));
		byte[] signature = new byte[8];
		png.get(signature);
		assertThat(signature).containsExactly(0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n');
		List<String> types = new ArrayList<>();
		ByteArrayOutputStream idat = new ByteArrayOutputStream();
		while (png.hasRemaining()) {
			int length = png.getInt();
			byte[] typeAndData = new byte[4 + length];
			png.get(typeAndData);
			CRC32 crc = new CRC32();
			crc.update(typeAndData);
			assertThat(png.getInt()).isEqualTo((int) crc.getValue());
			String type = new String(typeAndData, 0, 4, java.nio.charset.StandardCharsets.US_ASCII);
			types.add(type);
			if (type.equals("IHDR")) {
				ByteBuffer header = ByteBuffer.wrap(typeAndData, 4, length);
				assertThat(length).isEqualTo(13);
				assertThat(header.getInt()).isEqualTo(37);
				assertThat(header.getInt()).isEqualTo(11);
				assertThat(header.get()).isEqualTo((byte) 8);
				assertThat(header.get()).isEqualTo((byte) 2);
				assertThat(new byte[] { header.get(), header.get(), header.get() }).containsOnly(0);
			}
			if (type.equals("IDAT")) {
				idat.write(typeAndData, 4, length);
			}
		}
		assertThat(types).containsExactly("IHDR", "IDAT", "IEND");
		Inflater inflater = new Inflater();
		inflater.setInput(idat.toByteArray());
		byte[] raw = new byte[11 * (1 + 37 * 3)];
		assertThat(inflater.inflate(raw)).isEqualTo(raw.length);
		assertThat(inflater.finished()).isTrue();
		inflater.end();
		for (int y = 0; y < 11; y++) {
			assertThat(raw[y * (1 + 37 * 3)]).as("filter of row %d", y).isEqualTo((byte) 1);
		}
	}

	@Test
	void concurrentEncodesGiveTheSameBytes() throws Exception {
		Frame frame = randomFrame(new Random(2), 300, 200);
		byte[] expected = this.encoder.encode(frame);
		ExecutorService pool = Executors.newFixedThreadPool(4);
		try {
			List<Future<byte[]>> results = new ArrayList<>();
			for (int i = 0; i < 16; i++) {
				results.add(pool.submit(() -> this.encoder.encode(frame)));
			}
			for (Future<byte[]> result : results) {
				assertThat(result.get()).isEqualTo(expected);
			}
		}
		finally {
			pool.shutdownNow();
		}
	}

	public static int[] decode(byte[] png) throws IOException {
		BufferedImage image = ImageIO.read(new ByteArrayInputStream(png));
		assertThat(image).as("ImageIO could not read the PNG").isNotNull();
		int[] pixels = image.getRGB(0, 0, image.getWidth(), image.getHeight(), null, 0, image.getWidth());
		for (int i = 0; i < pixels.length; i++) {
			pixels[i] &= 0xFFFFFF;
		}
		return pixels;
	}

	public static Frame randomFrame(Random random, int width, int height) {
		int[] pixels = new int[width * height];
		for (int i = 0; i < pixels.length; i++) {
			pixels[i] = random.nextInt();
		}
		return new Frame(width, height, pixels);
	}

	private static int[] rgbOnly(Frame frame) {
		int[] pixels = new int[frame.width() * frame.height()];
		for (int i = 0; i < pixels.length; i++) {
			pixels[i] = frame.pixels()[i] & 0xFFFFFF;
		}
		return pixels;
	}

}
