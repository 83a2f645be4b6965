package dev.deskhand.screen.codec;

import java.util.Arrays;

import dev.deskhand.platform.Frame;

/**
 * Exact area-average ("box") resampling of {@code 0x00RRGGBB} frames: each output pixel
 * is the mean of the source area it covers, every source pixel weighted by exactly the
 * fraction of it that lies inside, rounded half up. For downscaling screenshots this
 * keeps one-pixel text strokes that nearest-neighbour drops, for about the cost of a
 * bilinear filter. The output is pixel-identical to AWT's {@code SCALE_AREA_AVERAGING}
 * (checked in the tests), which is several times slower.
 *
 * <p>
 * The filter is separable and done in integers: along an axis of {@code S} source and
 * {@code D} output pixels, both are laid on a common grid of {@code S * D / gcd(S, D)}
 * units, where a source pixel is {@code D / gcd} units wide and an output pixel
 * {@code S / gcd}. Where the two pixel grids overlap, the overlap length in units is the
 * exact weight. One pass sums the source rows under an output row, a second sums those
 * columns into output pixels, and the total is divided by the output pixel's area in
 * units. Upscaling works too (each output pixel then overlaps one or two source pixels),
 * though screenshots are never upscaled.
 *
 * <p>
 * With {@link ScreenWorkers}, a large image is cut into bands of output rows that are
 * scaled at the same time; each output row depends only on its own source rows, so the
 * result is the same pixels, in a little over half the time on two cores
 * (docs/performance.md, "Figures behind the screen codecs' design"). The caller scales a
 * band itself rather than waiting for helpers, so a busy pool costs the parallelism, not
 * time.
 *
 * <p>
 * Thread-safe: the working memory is per call and small (a source row of sums); the
 * output goes into the caller's array when given one.
 */
public final class AreaAverageScaler {

	/**
	 * Smallest band of output pixels worth a thread hand-off: enough work to outweigh
	 * waking a helper (docs/performance.md).
	 */
	private static final int MIN_BAND_PIXELS = 128 * 1024;

	private final ScreenWorkers workers;

	public AreaAverageScaler() {
		this(null);
	}

	/**
	 * @param workers threads to scale bands of rows on, or {@code null} for the caller's
	 * only
	 */
	public AreaAverageScaler(ScreenWorkers workers) {
		this.workers = workers;
	}

	/**
	 * Largest divisor for which {@link #divideRounded} is exact: needs 256 d^2 <= 2^54.
	 */
	private static final long MAX_RECIPROCAL_DIVISOR = 1L << 23;

	private static final int RECIPROCAL_SHIFT = 54;

	/**
	 * Largest divisor (output pixel area in units) for which the channel sums fit the
	 * 21-bit lanes of {@link #resamplePacked}: every sum stays below
	 * {@code 256 * divisor <= 2^21}. Below {@link #MAX_RECIPROCAL_DIVISOR}, so such a
	 * divisor always has a reciprocal.
	 */
	private static final long MAX_PACKED_DIVISOR = 1L << 13;

	/** Bits per channel lane of a packed sum. */
	private static final int LANE = 21;

	private static final long LANE_MASK = (1L << LANE) - 1;

	/** One in each lane: {@code n * LANES} is n in all three. */
	private static final long LANES = (1L << (2 * LANE)) | (1L << LANE) | 1;

	/**
	 * Scales {@code source} to {@code width} x {@code height}.
	 * @return a new frame, or {@code source} itself when the size is unchanged
	 */
	public Frame scale(Frame source, int width, int height) {
		return scale(source, width, height, null);
	}

	/**
	 * Scales {@code source} to {@code width} x {@code height}, writing into
	 * {@code destination} when it holds at least {@code width * height} pixels (lets a
	 * caller reuse one buffer per display) and into a new array otherwise.
	 * @return the scaled frame, or {@code source} itself when the size is unchanged
	 */
	public Frame scale(Frame source, int width, int height, int[] destination) {
		if (width < 1 || height < 1) {
			throw new IllegalArgumentException("target size must be at least 1x1, got " + width + "x" + height);
		}
		if (source.width() < 1 || source.height() < 1) {
			throw new IllegalArgumentException("cannot scale an empty frame");
		}
		if (width == source.width() && height == source.height()) {
			return source;
		}
		int[] out = (destination != null && destination.length >= width * height) ? destination
				: new int[width * height];
		Spans columns = new Spans(source.width(), width);
		Pairs pairs = Pairs.of(columns, source.width(), width);
		Spans rows = new Spans(source.height(), height);
		int bands = (this.workers != null)
				? (int) Math.max(1,
						Math.min(Math.min(this.workers.parallelism(), height), (long) width * height / MIN_BAND_PIXELS))
				: 1;
		if (bands == 1) {
			resample(source.pixels(), source.width(), columns, pairs, rows, 0, rows.count, out, width);
		}
		else {
			this.workers.forEach(bands,
					(band) -> resample(source.pixels(), source.width(), columns, pairs, rows,
							rows.firstOverlap(PngEncoder.firstRow(band, bands, height)),
							rows.firstOverlap(PngEncoder.firstRow(band + 1, bands, height)), out, width));
		}
		return new Frame(width, height, out);
	}

	/**
	 * A plan for scaling frames of one size to another, row range by row range: what an
	 * incremental screenshot uses to re-scale only the output rows whose source rows
	 * changed. Immutable and thread-safe; ranges may be scaled at the same time into one
	 * output array.
	 */
	static Plan plan(int sourceWidth, int sourceHeight, int width, int height) {
		if (width < 1 || height < 1 || sourceWidth < 1 || sourceHeight < 1) {
			throw new IllegalArgumentException("sizes must be at least 1x1, got " + sourceWidth + "x" + sourceHeight
					+ " to " + width + "x" + height);
		}
		return new Plan(sourceWidth, sourceHeight, width, height);
	}

	static final class Plan {

		private final int sourceWidth;

		private final int sourceHeight;

		private final int width;

		private final int height;

		private final Spans columns;

		private final Pairs pairs;

		private final Spans rows;

		private Plan(int sourceWidth, int sourceHeight, int width, int height) {
			this.sourceWidth = sourceWidth;
			this.sourceHeight = sourceHeight;
			this.width = width;
			this.height = height;
			this.columns = new Spans(sourceWidth, width);
			this.pairs = Pairs.of(this.columns, sourceWidth, width);
			this.rows = new Spans(sourceHeight, height);
		}

		boolean fits(Frame source, int width, int height) {
			return source.width() == this.sourceWidth && source.height() == this.sourceHeight && width == this.width
					&& height == this.height;
		}

		/**
		 * Scales output rows {@code [fromRow, toRow)} of {@code source} into {@code out}
		 * (row-major, the plan's output width); the same pixels a whole {@link #scale}
		 * gives for those rows. An unchanged size copies the rows.
		 */
		void scaleRows(int[] source, int[] out, int fromRow, int toRow) {
			if (this.sourceWidth == this.width && this.sourceHeight == this.height) {
				System.arraycopy(source, fromRow * this.width, out, fromRow * this.width,
						(toRow - fromRow) * this.width);
				return;
			}
			resample(source, this.sourceWidth, this.columns, this.pairs, this.rows, this.rows.firstOverlap(fromRow),
					this.rows.firstOverlap(toRow), out, this.width);
		}

		/** The first source row that output row {@code fromRow} reads. */
		int firstSourceRow(int fromRow) {
			return this.rows.src[this.rows.firstOverlap(fromRow)];
		}

		/** One past the last source row that output row {@code toRow - 1} reads. */
		int endSourceRow(int toRow) {
			return this.rows.src[this.rows.firstOverlap(toRow) - 1] + 1;
		}

	}

	/**
	 * Rows first: summing whole source rows into column sums is a plain loop over arrays
	 * that the JIT vectorises; the scalar, gather-like column pass then only runs once
	 * per output row. Columns first took nearly twice as long (docs/performance.md).
	 *
	 * <p>
	 * Scales the output rows that the row overlaps {@code [fromOverlap, toOverlap)} make
	 * up: all of them, or one band. Screenshot sizes take {@link #resamplePacked}; a
	 * pixel area too large for its lanes takes the channel-per-array path.
	 */
	private static void resample(int[] src, int srcWidth, Spans columns, Pairs pairs, Spans rows, int fromOverlap,
			int toOverlap, int[] out, int outWidth) {
		long divisor = (long) columns.dstUnits * rows.dstUnits;
		if (divisor <= MAX_PACKED_DIVISOR) {
			resamplePacked(src, srcWidth, columns, pairs, rows, fromOverlap, toOverlap, out, outWidth, divisor);
		}
		else {
			resampleChannels(src, srcWidth, columns, rows, fromOverlap, toOverlap, out, outWidth, divisor);
		}
	}

	/**
	 * The three channels of a sum in one {@code long}, 21 bits each (red, green, blue
	 * from the top): one array to add rows into and one load and multiply per overlap in
	 * the column pass instead of three. Lanes never carry into each other: a column sum
	 * is at most {@code 255 * rows.dstUnits} per lane, and an output pixel's total the
	 * rounding half plus column sums weighted by weights that add up to
	 * {@code columns.dstUnits}, so below {@code 256 * divisor <= 2^21}. With the fixed
	 * pairs of {@link #emitPairs}, a scale takes about a quarter less time than with a
	 * sum per channel (AreaAverageScalerBenchmark; docs/performance.md).
	 */
	private static void resamplePacked(int[] src, int srcWidth, Spans columns, Pairs pairs, Spans rows, int fromOverlap,
			int toOverlap, int[] out, int outWidth, long divisor) {
		long[] sums = new long[srcWidth];
		long reciprocal = reciprocal(divisor);
		long half = (divisor / 2) * LANES;
		for (int k = fromOverlap; k < toOverlap; k++) {
			int outRow = rows.dst[k];
			// an output row's first source row overwrites what the last row left, which
			// saves clearing the sums
			if (k == fromOverlap || rows.dst[k - 1] != outRow) {
				setPackedRow(src, rows.src[k] * srcWidth, srcWidth, rows.weight[k], sums);
			}
			else {
				addPackedRow(src, rows.src[k] * srcWidth, srcWidth, rows.weight[k], sums);
			}
			if (k + 1 == toOverlap || rows.dst[k + 1] != outRow) {
				if (pairs != null) {
					emitPairs(sums, pairs, out, outRow * outWidth, half, reciprocal);
				}
				else {
					emitPackedRow(sums, columns, out, outRow * outWidth, half, reciprocal);
				}
			}
		}
	}

	private static void setPackedRow(int[] src, int rowStart, int width, int weight, long[] sums) {
		for (int x = 0; x < width; x++) {
			sums[x] = weight * spread(src[rowStart + x]);
		}
	}

	private static void addPackedRow(int[] src, int rowStart, int width, int weight, long[] sums) {
		for (int x = 0; x < width; x++) {
			sums[x] += weight * spread(src[rowStart + x]);
		}
	}

	/** A pixel's channels in the lanes of a packed sum. */
	private static long spread(int p) {
		return ((long) (p & 0xFF0000) << (2 * LANE - 16)) | ((p & 0xFF00) << (LANE - 8)) | (p & 0xFF);
	}

	/**
	 * The column pass where no output pixel overlaps more than two source pixels (3:2,
	 * 4:3, 2:1, any upscale): two fixed taps per output pixel, so no branch on where one
	 * ends. Measured a little faster than {@link #emitPackedRow}; a loop over a per-pixel
	 * tap count instead was slower than either (docs/performance.md).
	 */
	private static void emitPairs(long[] sums, Pairs pairs, int[] out, int outStart, long half, long reciprocal) {
		int[] starts = pairs.start;
		int[] weights = pairs.weight;
		for (int x = 0; x < starts.length; x++) {
			int s = starts[x];
			long sum = half + weights[2 * x] * sums[s] + weights[2 * x + 1] * sums[s + 1];
			out[outStart + x] = unpack(sum, reciprocal);
		}
	}

	/** The column pass over any overlaps. */
	private static void emitPackedRow(long[] sums, Spans columns, int[] out, int outStart, long half, long reciprocal) {
		int[] srcIndex = columns.src;
		int[] dstIndex = columns.dst;
		int[] weights = columns.weight;
		long sum = half;
		int x = 0;
		for (int k = 0; k < columns.count; k++) {
			int dst = dstIndex[k];
			if (dst != x) {
				out[outStart + x] = unpack(sum, reciprocal);
				sum = half;
				x = dst;
			}
			sum += weights[k] * sums[srcIndex[k]];
		}
		out[outStart + x] = unpack(sum, reciprocal);
	}

	/** Divides each lane of an output pixel's packed sum by the divisor. */
	private static int unpack(long sum, long reciprocal) {
		return (times(sum >>> (2 * LANE), reciprocal) << 16) | (times((sum >>> LANE) & LANE_MASK, reciprocal) << 8)
				| times(sum & LANE_MASK, reciprocal);
	}

	/** {@link #divideRounded} with a reciprocal. */
	private static int times(long n, long reciprocal) {
		return (int) ((n * reciprocal) >>> RECIPROCAL_SHIFT);
	}

	/**
	 * The path for pixel areas too large for {@link #resamplePacked}: a source row's
	 * channels summed in three arrays of ints, output pixels in longs.
	 */
	private static void resampleChannels(int[] src, int srcWidth, Spans columns, Spans rows, int fromOverlap,
			int toOverlap, int[] out, int outWidth, long divisor) {
		// the output row being built, per channel, summed over the source rows it covers:
		// at most 255 * rows.dstUnits, which fits an int for any real image height
		int[] red = new int[srcWidth];
		int[] green = new int[srcWidth];
		int[] blue = new int[srcWidth];
		long reciprocal = reciprocal(divisor);
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

	/** Sums the column sums into output pixels and divides by the output pixel's area. */
	private static void emitRow(int[] red, int[] green, int[] blue, Spans columns, int[] out, int outStart,
			long divisor, long reciprocal) {
		int[] srcIndex = columns.src;
		int[] dstIndex = columns.dst;
		int[] weights = columns.weight;
		long half = divisor / 2;
		// long sums: 255 * divisor passes 2^31 for large, nearly coprime sizes; costs
		// nothing here
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
		return (divideRounded(r, divisor, reciprocal) << 16) | (divideRounded(g, divisor, reciprocal) << 8)
				| divideRounded(b, divisor, reciprocal);
	}

	/**
	 * {@code n / divisor} for {@code 0 <= n <= 256 * divisor}. A hardware division per
	 * channel would cost more than the rest of the scaler together, so this multiplies by
	 * a rounded-up fixed-point reciprocal, which is exact while
	 * {@code 256 * divisor^2 <= 2^54}: the reciprocal's error, times n, then stays below
	 * one unit of the shift.
	 */
	static int divideRounded(long n, long divisor, long reciprocal) {
		if (reciprocal == 0) {
			return (int) (n / divisor);
		}
		return (int) ((n * reciprocal) >>> RECIPROCAL_SHIFT);
	}

	/** The multiplier for {@link #divideRounded}, or 0 where it would not be exact. */
	static long reciprocal(long divisor) {
		return (divisor <= MAX_RECIPROCAL_DIVISOR) ? ceilDiv(1L << RECIPROCAL_SHIFT, divisor) : 0;
	}

	private static long ceilDiv(long a, long b) {
		return (a + b - 1) / b;
	}

	/**
	 * The overlaps of {@link Spans} where every output pixel has at most two, laid out
	 * per output pixel for {@link #emitPairs}: output pixel {@code x} is source pixels
	 * {@code start[x]} and {@code start[x] + 1} weighted by {@code weight[2 * x]} and
	 * {@code weight[2 * x + 1]}, a zero weight where it has only one. A pair that would
	 * run past the last source pixel starts one earlier, with a zero weight in front.
	 */
	private static final class Pairs {

		final int[] start;

		final int[] weight;

		private Pairs(int targetSize) {
			this.start = new int[targetSize];
			this.weight = new int[2 * targetSize];
		}

		/** The pairs of {@code spans}, or {@code null} where an output pixel has more. */
		static Pairs of(Spans spans, int sourceSize, int targetSize) {
			if (sourceSize < 2) {
				return null;
			}
			Pairs pairs = new Pairs(targetSize);
			for (int k = 0; k < spans.count; k++) {
				int d = spans.dst[k];
				if (k == 0 || spans.dst[k - 1] != d) {
					pairs.start[d] = Math.min(spans.src[k], sourceSize - 2);
				}
				int tap = spans.src[k] - pairs.start[d];
				if (tap > 1) {
					return null;
				}
				pairs.weight[2 * d + tap] = spans.weight[k];
			}
			return pairs;
		}

	}

	/**
	 * Where the source and output pixels of one axis overlap, in order: overlap {@code k}
	 * is {@code weight[k]} units of source pixel {@code src[k]} inside output pixel
	 * {@code dst[k]}. Both indexes never decrease, and each output pixel's weights add up
	 * to {@code dstUnits}.
	 */
	private static final class Spans {

		final int[] src;

		final int[] dst;

		final int[] weight;

		final int count;

		/** Width of one output pixel in units: the source size over gcd. */
		final int dstUnits;

		Spans(int sourceSize, int targetSize) {
			int gcd = gcd(sourceSize, targetSize);
			int srcUnits = targetSize / gcd;
			this.dstUnits = sourceSize / gcd;
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

		/**
		 * The first overlap of output pixel {@code target}, or {@link #count} past the
		 * last one.
		 */
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
