package dev.deskhand.screen.codec;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import dev.deskhand.platform.Frame;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link AreaAverageScaler} on its hot case, 1920x1080 to 1280x720, against a copy of the
 * scaler as it was before it packed the three channel sums into one long
 * ({@link Baseline}), in the same JVM: the whole frame and one band of
 * {@value IncrementalImage#BAND_ROWS} output rows (what an incremental screenshot
 * re-scales), on one thread. The frame is synthetic but screen-like: flat panels,
 * text-like strokes, a noisy photo area. Cases run interleaved, shuffled per round, after
 * a warm-up. Needs no display. Not a test: run it with
 * {@code ./mvnw test -Pbench -Dtest=AreaAverageScalerBenchmark}
 * ({@code -Dbench.rounds=400} for more rounds). It prints medians; it asserts only that
 * both give the same pixels.
 */
@Tag("benchmark")
class AreaAverageScalerBenchmark {

	private static final int WARMUP = Integer.getInteger("bench.warmup", 200);

	private static final int ROUNDS = Integer.getInteger("bench.rounds", 300);

	@Test
	void measure() {
		Frame frame = screenLike(new Random(42), 1920, 1080);
		int[] source = frame.pixels();
		AreaAverageScaler scaler = new AreaAverageScaler();
		AreaAverageScaler.Plan plan = AreaAverageScaler.plan(1920, 1080, 1280, 720);
		Baseline baseline = new Baseline(1920, 1080, 1280, 720);
		int[] now = new int[1280 * 720];
		int[] before = new int[1280 * 720];
		int bandFrom = 10 * IncrementalImage.BAND_ROWS;
		int bandTo = bandFrom + IncrementalImage.BAND_ROWS;

		Map<String, Runnable> cases = new LinkedHashMap<>();
		cases.put("frame 1920x1080 -> 1280x720, before", () -> baseline.scaleRows(source, before, 0, 720));
		cases.put("frame 1920x1080 -> 1280x720, now", () -> scaler.scale(frame, 1280, 720, now));
		cases.put("band of 32 rows, before", () -> baseline.scaleRows(source, before, bandFrom, bandTo));
		cases.put("band of 32 rows, now", () -> plan.scaleRows(source, now, bandFrom, bandTo));
		Map<String, List<Double>> samples = run(cases);
		PixelAssertions.assertSamePixels(now, before, 1280, "now vs before");
		assertThat(now).isEqualTo(before);

		System.out.printf("%n%-40s %9s %9s   (%d rounds after %d warm-up, %d cores)%n", "case", "p50 us", "p10 us",
				ROUNDS, WARMUP, Runtime.getRuntime().availableProcessors());
		samples.forEach((name, values) -> System.out.printf("%-40s %9.1f %9.1f%n", name, percentile(values, 0.5),
				percentile(values, 0.1)));
	}

	private static Map<String, List<Double>> run(Map<String, Runnable> cases) {
		Map<String, List<Double>> samples = new LinkedHashMap<>();
		cases.keySet().forEach((name) -> samples.put(name, new ArrayList<>()));
		for (int round = 0; round < WARMUP + ROUNDS; round++) {
			List<String> order = new ArrayList<>(cases.keySet());
			Collections.shuffle(order);
			for (String name : order) {
				long start = System.nanoTime();
				cases.get(name).run();
				double micros = (System.nanoTime() - start) / 1e3;
				if (round >= WARMUP) {
					samples.get(name).add(micros);
				}
			}
		}
		return samples;
	}

	private static double percentile(List<Double> values, double p) {
		List<Double> sorted = new ArrayList<>(values);
		Collections.sort(sorted);
		return sorted.get((int) Math.min(sorted.size() - 1, Math.floor(p * sorted.size())));
	}

	/**
	 * A desktop-like frame: a light background, a dark title bar, windows of text-like
	 * strokes (one- and two-pixel lines of near-black on white), and a noisy "photo".
	 */
	static Frame screenLike(Random random, int width, int height) {
		int[] pixels = new int[width * height];
		Arrays.fill(pixels, 0xFFEFEFF2);
		fill(pixels, width, 0, 0, width, 28, 0xFF2B2D31);
		for (int window = 0; window < 4; window++) {
			int left = 40 + window * 460;
			int top = 60 + (window % 2) * 80;
			int right = Math.min(width, left + 440);
			int bottom = Math.min(height, top + 820);
			fill(pixels, width, left, top, right, bottom, 0xFFFFFFFF);
			for (int line = top + 10; line + 14 < bottom; line += 18) {
				for (int x = left + 8; x < right - 8;) {
					int word = 3 + random.nextInt(9);
					for (int c = 0; c < word && x + 7 < right - 8; c++, x += 7) {
						int ink = 0xFF000000 | (random.nextInt(40) * 0x010101);
						// a glyph: a few vertical and horizontal strokes in a 6x11 cell
						for (int s = 0; s < 3; s++) {
							int sx = x + random.nextInt(6);
							fill(pixels, width, sx, line, sx + 1, line + 11, ink);
							int sy = line + random.nextInt(11);
							fill(pixels, width, x, sy, x + 6, sy + 1, ink);
						}
					}
					x += 7;
				}
			}
		}
		for (int y = 700; y < 1040; y++) {
			for (int x = 1300; x < 1880; x++) {
				pixels[y * width + x] = 0xFF000000 | (random.nextInt() & 0xFFFFFF);
			}
		}
		return new Frame(width, height, pixels);
	}

	private static void fill(int[] pixels, int width, int left, int top, int right, int bottom, int colour) {
		for (int y = top; y < bottom; y++) {
			Arrays.fill(pixels, y * width + left, y * width + right, colour);
		}
	}

	/**
	 * {@link AreaAverageScaler.Plan#scaleRows} as it was before the packed sums (commit
	 * a4a64df): the baseline peer.
	 */
	static final class Baseline {

		private final int sourceWidth;

		private final Spans columns;

		private final Spans rows;

		Baseline(int sourceWidth, int sourceHeight, int width, int height) {
			this.sourceWidth = sourceWidth;
			this.columns = new Spans(sourceWidth, width);
			this.rows = new Spans(sourceHeight, height);
		}

		void scaleRows(int[] source, int[] out, int fromRow, int toRow) {
			resample(source, this.sourceWidth, this.columns, this.rows, this.rows.firstOverlap(fromRow),
					this.rows.firstOverlap(toRow), out, this.columns.targetSize);
		}

		private static void resample(int[] src, int srcWidth, Spans columns, Spans rows, int fromOverlap, int toOverlap,
				int[] out, int outWidth) {
			int[] red = new int[srcWidth];
			int[] green = new int[srcWidth];
			int[] blue = new int[srcWidth];
			long divisor = (long) columns.dstUnits * rows.dstUnits;
			long reciprocal = AreaAverageScaler.reciprocal(divisor);
			for (int k = fromOverlap; k < toOverlap; k++) {
				addRow(src, rows.src[k] * srcWidth, srcWidth, rows.weight[k], red, green, blue);
				int outRow = rows.dst[k];
				if (k + 1 == toOverlap || rows.dst[k + 1] != outRow) {
					emitRow(red, green, blue, columns, out, outRow * outWidth, divisor, reciprocal);
					Arrays.fill(red, 0);
					Arrays.fill(green, 0);
					Arrays.fill(blue, 0);
				}
			}
		}

		private static void addRow(int[] src, int rowStart, int width, int weight, int[] red, int[] green, int[] blue) {
			for (int x = 0; x < width; x++) {
				int p = src[rowStart + x];
				red[x] += weight * ((p >>> 16) & 0xFF);
				green[x] += weight * ((p >>> 8) & 0xFF);
				blue[x] += weight * (p & 0xFF);
			}
		}

		private static void emitRow(int[] red, int[] green, int[] blue, Spans columns, int[] out, int outStart,
				long divisor, long reciprocal) {
			int[] srcIndex = columns.src;
			int[] dstIndex = columns.dst;
			int[] weights = columns.weight;
			long half = divisor / 2;
			long r = half;
			long g = half;
			long b = half;
			int x = 0;
			for (int k = 0; k < columns.count; k++) {
				int dst = dstIndex[k];
				if (dst != x) {
					out[outStart + x] = pixel(r, g, b, divisor, reciprocal);
					r = half;
					g = half;
					b = half;
					x = dst;
				}
				int s = srcIndex[k];
				long w = weights[k];
				r += w * red[s];
				g += w * green[s];
				b += w * blue[s];
			}
			out[outStart + x] = pixel(r, g, b, divisor, reciprocal);
		}

		private static int pixel(long r, long g, long b, long divisor, long reciprocal) {
			return (AreaAverageScaler.divideRounded(r, divisor, reciprocal) << 16)
					| (AreaAverageScaler.divideRounded(g, divisor, reciprocal) << 8)
					| AreaAverageScaler.divideRounded(b, divisor, reciprocal);
		}

		private static final class Spans {

			final int[] src;

			final int[] dst;

			final int[] weight;

			final int count;

			final int dstUnits;

			final int targetSize;

			Spans(int sourceSize, int targetSize) {
				int gcd = gcd(sourceSize, targetSize);
				int srcUnits = targetSize / gcd;
				this.dstUnits = sourceSize / gcd;
				this.targetSize = targetSize;
				int capacity = sourceSize + targetSize;
				this.src = new int[capacity];
				this.dst = new int[capacity];
				this.weight = new int[capacity];
				int count = 0;
				long position = 0;
				long srcEnd = srcUnits;
				long dstEnd = this.dstUnits;
				for (int s = 0, d = 0; s < sourceSize && d < targetSize;) {
					long end = Math.min(srcEnd, dstEnd);
					this.src[count] = s;
					this.dst[count] = d;
					this.weight[count] = (int) (end - position);
					count++;
					position = end;
					if (srcEnd == end) {
						s++;
						srcEnd += srcUnits;
					}
					if (dstEnd == end) {
						d++;
						dstEnd += this.dstUnits;
					}
				}
				this.count = count;
			}

			int firstOverlap(int target) {
				int low = 0;
				int high = this.count;
				while (low < high) {
					int mid = (low + high) >>> 1;
					if (this.dst[mid] < target) {
						low = mid + 1;
					}
					else {
						high = mid;
					}
				}
				return low;
			}

			private static int gcd(int a, int b) {
				while (b != 0) {
					int t = a % b;
					a = b;
					b = t;
				}
				return a;
			}

		}

	}

}
