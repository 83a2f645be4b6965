package dev.deskhand.screen.codec;

import java.awt.Graphics2D;
import java.awt.Image;
import java.awt.image.BufferedImage;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import dev.deskhand.platform.Frame;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class AreaAverageScalerTests {

	private final AreaAverageScaler scaler = new AreaAverageScaler();

	@Test
	void integerRatioAveragesEachBlockExactly() {
		// red channel per 2x2 block: {10,20,30,40} = 25, {1,2,2,2} = 1.75, {0,0,0,1} =
		// 0.25, {0,0,1,1} = 0.5 which rounds half up (green there: 254.5 -> 255)
		int[] red = { 10, 20, 1, 2, //
				30, 40, 2, 2, //
				0, 0, 0, 0, //
				0, 1, 1, 1 };
		int[] pixels = new int[16];
		for (int i = 0; i < 16; i++) {
			pixels[i] = (red[i] << 16) | (255 - red[i]) << 8 | 7;
		}
		Frame scaled = this.scaler.scale(new Frame(4, 4, pixels), 2, 2);
		assertThat(scaled.width()).isEqualTo(2);
		assertThat(scaled.height()).isEqualTo(2);
		assertThat(scaled.pixels()).containsExactly(rgb(25, 230, 7), rgb(2, 253, 7), rgb(0, 255, 7), rgb(1, 255, 7));
	}

	@Test
	void fractionalRatioWeighsPartialPixelsByArea() {
		// 3 -> 2 columns: output 0 = p0 + p1/2, output 1 = p1/2 + p2, each over 1.5
		// pixels
		Frame source = new Frame(3, 1, new int[] { rgb(0, 0, 0), rgb(150, 30, 3), rgb(90, 0, 255) });
		Frame scaled = this.scaler.scale(source, 2, 1);
		// red: (0 + 75) / 1.5 = 50, (75 + 90) / 1.5 = 110; green: 15 / 1.5 = 10 twice;
		// blue: 1.5 / 1.5 = 1, (1.5 + 255) / 1.5 = 171
		assertThat(scaled.pixels()).containsExactly(rgb(50, 10, 1), rgb(110, 10, 171));
	}

	@ParameterizedTest(name = "{0}x{1} -> {2}x{3}")
	@CsvSource({ "1920, 1080, 1280, 720", "1366, 768, 1280, 720", "7, 5, 3, 2", "3, 2, 7, 5", "100, 1, 1, 1",
			"1, 100, 1, 33" })
	void flatColourStaysFlat(int width, int height, int targetWidth, int targetHeight) {
		int colour = rgb(18, 200, 99);
		int[] pixels = new int[width * height];
		java.util.Arrays.fill(pixels, colour | 0xFF000000);
		Frame scaled = this.scaler.scale(new Frame(width, height, pixels), targetWidth, targetHeight);
		assertThat(scaled.pixels()).hasSize(targetWidth * targetHeight).containsOnly(colour);
	}

	@Test
	void gradientStaysMonotonic() {
		int width = 1366;
		int[] pixels = new int[width * 3];
		for (int y = 0; y < 3; y++) {
			for (int x = 0; x < width; x++) {
				int v = x * 255 / (width - 1);
				pixels[y * width + x] = rgb(v, 255 - v, v / 2);
			}
		}
		Frame scaled = this.scaler.scale(new Frame(width, 3, pixels), 1280, 2);
		for (int y = 0; y < 2; y++) {
			for (int x = 1; x < 1280; x++) {
				int left = scaled.rgb(x - 1, y);
				int right = scaled.rgb(x, y);
				assertThat(right >> 16).isGreaterThanOrEqualTo(left >> 16);
				assertThat((right >> 8) & 0xFF).isLessThanOrEqualTo((left >> 8) & 0xFF);
			}
		}
		assertThat(scaled.rgb(0, 0) >> 16).isZero();
		assertThat(scaled.rgb(1279, 1) >> 16).isEqualTo(255);
	}

	@Test
	void unchangedSizeReturnsTheSourceItself() {
		Frame source = randomFrame(new Random(1), 31, 17);
		assertThat(this.scaler.scale(source, 31, 17)).isSameAs(source);
	}

	@Test
	void writesIntoAGivenBufferWhenLargeEnough() {
		Frame source = randomFrame(new Random(2), 64, 48);
		int[] buffer = new int[32 * 24 + 5];
		Frame scaled = this.scaler.scale(source, 32, 24, buffer);
		assertThat(scaled.pixels()).isSameAs(buffer);
		assertThat(this.scaler.scale(source, 32, 24, new int[10]).pixels()).hasSize(32 * 24);
		assertThat(this.scaler.scale(source, 32, 24).pixels()).startsWith(java.util.Arrays.copyOf(buffer, 32 * 24));
	}

	@Test
	void matchesADirectTwoDimensionalAreaAverage() {
		Random random = new Random(7);
		for (int i = 0; i < 60; i++) {
			int width = 1 + random.nextInt(90);
			int height = 1 + random.nextInt(60);
			int targetWidth = 1 + random.nextInt((i % 5 == 0) ? 120 : width);
			int targetHeight = 1 + random.nextInt((i % 5 == 0) ? 80 : height);
			Frame source = randomFrame(random, width, height);
			PixelAssertions.assertSamePixels(this.scaler.scale(source, targetWidth, targetHeight).pixels(),
					reference(source, targetWidth, targetHeight), targetWidth,
					width + "x" + height + " -> " + targetWidth + "x" + targetHeight);
		}
	}

	@Test
	void matchesDirectAverageWhenTheAreaIsTooLargeForTheReciprocal() {
		// 8191 and 1031 are prime, so one output pixel is 8191 x 1031 units: past 2^23,
		// where the scaler divides instead of multiplying by a reciprocal
		Frame source = randomFrame(new Random(11), 8191, 1031);
		PixelAssertions.assertSamePixels(this.scaler.scale(source, 8190, 1030).pixels(), reference(source, 8190, 1030),
				8190, "8191x1031 -> 8190x1030");
	}

	@Test
	void reciprocalDivisionIsExactAcrossItsRange() {
		Random random = new Random(3);
		long[] divisors = { 1, 2, 3, 9, 10_928, 1_000_003, (1L << 23) - 1, 1L << 23 };
		for (long divisor : divisors) {
			long reciprocal = AreaAverageScaler.reciprocal(divisor);
			assertThat(reciprocal).isPositive();
			for (long q = 0; q <= 256; q++) {
				for (long n : new long[] { q * divisor, q * divisor + divisor - 1, q * divisor + divisor / 2 }) {
					if (n <= 256 * divisor) {
						assertThat(AreaAverageScaler.divideRounded(n, divisor, reciprocal))
							.isEqualTo((int) (n / divisor));
					}
				}
			}
			for (int i = 0; i < 10_000; i++) {
				long n = (long) (random.nextDouble() * 256 * divisor);
				assertThat(AreaAverageScaler.divideRounded(n, divisor, reciprocal)).isEqualTo((int) (n / divisor));
			}
		}
		assertThat(AreaAverageScaler.reciprocal((1L << 23) + 1)).isZero();
	}

	@Test
	void matchesAwtAreaAveragingOnAScreenshotRatio() {
		Frame source = randomFrame(new Random(5), 192, 108);
		BufferedImage sourceImage = new BufferedImage(192, 108, BufferedImage.TYPE_INT_RGB);
		sourceImage.setRGB(0, 0, 192, 108, source.pixels(), 0, 192);
		BufferedImage awt = new BufferedImage(128, 72, BufferedImage.TYPE_INT_RGB);
		Graphics2D graphics = awt.createGraphics();
		graphics.drawImage(sourceImage.getScaledInstance(128, 72, Image.SCALE_AREA_AVERAGING), 0, 0, null);
		graphics.dispose();
		int[] expected = awt.getRGB(0, 0, 128, 72, null, 0, 128);
		for (int i = 0; i < expected.length; i++) {
			expected[i] &= 0xFFFFFF;
		}
		PixelAssertions.assertSamePixels(this.scaler.scale(source, 128, 72).pixels(), expected, 128, "vs AWT");
	}

	@Test
	void rejectsEmptyTargets() {
		Frame source = randomFrame(new Random(4), 4, 4);
		assertThatIllegalArgumentException().isThrownBy(() -> this.scaler.scale(source, 0, 2));
		assertThatIllegalArgumentException().isThrownBy(() -> this.scaler.scale(source, 2, -1));
	}

	/**
	 * Each output pixel straight from its definition: overlap-weighted sum over the
	 * source.
	 */
	private static int[] reference(Frame source, int targetWidth, int targetHeight) {
		int width = source.width();
		int height = source.height();
		int[] out = new int[targetWidth * targetHeight];
		// in units of 1/(target size) of a source pixel: output X spans [X*width,
		// (X+1)*width)
		long area = (long) width * height;
		for (int oy = 0; oy < targetHeight; oy++) {
			for (int ox = 0; ox < targetWidth; ox++) {
				long[] sum = new long[3];
				for (int sy = (int) ((long) oy * height / targetHeight); sy < height
						&& (long) sy * targetHeight < (long) (oy + 1) * height; sy++) {
					long wy = overlap(sy, targetHeight, oy, height);
					for (int sx = (int) ((long) ox * width / targetWidth); sx < width
							&& (long) sx * targetWidth < (long) (ox + 1) * width; sx++) {
						long w = overlap(sx, targetWidth, ox, width) * wy;
						int p = source.rgb(sx, sy);
						sum[0] += w * (p >> 16);
						sum[1] += w * ((p >> 8) & 0xFF);
						sum[2] += w * (p & 0xFF);
					}
				}
				int pixel = 0;
				for (long channel : sum) {
					// the weights above total width * height * ... per unit; round half
					// up
					long total = area;
					pixel = (pixel << 8) | (int) ((2 * channel + total) / (2 * total));
				}
				out[oy * targetWidth + ox] = pixel;
			}
		}
		return out;
	}

	/**
	 * Length of [s*sourceUnit, (s+1)*sourceUnit) inside [o*targetUnit, (o+1)*targetUnit).
	 */
	private static long overlap(long s, long sourceUnit, long o, long targetUnit) {
		long start = Math.max(s * sourceUnit, o * targetUnit);
		long end = Math.min((s + 1) * sourceUnit, (o + 1) * targetUnit);
		return Math.max(0, end - start);
	}

	private static Frame randomFrame(Random random, int width, int height) {
		int[] pixels = new int[width * height];
		for (int i = 0; i < pixels.length; i++) {
			pixels[i] = random.nextInt();
		}
		return new Frame(width, height, pixels);
	}

	private static int rgb(int r, int g, int b) {
		return (r << 16) | (g << 8) | b;
	}

	@ParameterizedTest(name = "{0}x{1} -> {2}x{3} in bands")
	@CsvSource({ "1920, 1080, 1280, 720", "1366, 768, 1280, 720", "2560, 1600, 1280, 800", "1000, 999, 997, 611",
			"3840, 2, 1280, 1" })
	void bandsOnSeveralThreadsGiveTheSamePixels(int width, int height, int targetWidth, int targetHeight) {
		Frame source = randomFrame(new Random(width + height), width, height);
		ScreenWorkers workers = new ScreenWorkers(3);
		try {
			Frame banded = new AreaAverageScaler(workers).scale(source, targetWidth, targetHeight);
			Frame single = this.scaler.scale(source, targetWidth, targetHeight);
			PixelAssertions.assertSamePixels(banded.pixels(), single.pixels(), targetWidth, "banded");
		}
		finally {
			workers.shutdown();
		}
	}

}
