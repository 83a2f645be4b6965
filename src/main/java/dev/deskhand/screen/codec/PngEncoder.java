package dev.deskhand.screen.codec;

import java.util.Arrays;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.zip.CRC32;
import java.util.zip.Deflater;

import dev.deskhand.platform.Frame;

/**
 * Encodes frames as 8-bit truecolor PNG, tuned for screenshots: every row uses the SUB
 * filter and deflate runs at level 1. On desktop content that is both faster and smaller
 * than ImageIO's default (level 4 with per-row adaptive filters), see
 * {@code notes/perf-baseline.md}.
 *
 * <p>
 * Deflate still dominates the time, so with {@link ScreenWorkers} a large image is cut
 * into horizontal stripes that deflate at the same time on different cores, each from an
 * empty dictionary, and are joined into one zlib stream: every stripe but the last ends
 * with a sync flush (an empty stored block, so it ends on a byte boundary and without a
 * final block), the stripes' raw deflate data follow one zlib header, and the trailer is
 * the Adler-32 of all rows, combined from each stripe's own. Decoders see one ordinary
 * stream; it is a little larger (each stripe starts without history) and it is the same
 * bytes as a one-stripe encode when the image is small or there is one core.
 *
 * <p>
 * Thread-safe. Working memory (filter rows, output buffers and the native zlib state) is
 * pooled: a bounded number of stripes is kept for the next call instead of allocating
 * about a megabyte per screenshot, and nothing is pinned to a caller's thread.
 */
public final class PngEncoder {

	private static final byte[] SIGNATURE = { (byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n' };

	private static final int FILTER_SUB = 1;

	/** Filtered rows handed to deflate at once: few JNI calls, still cache-sized. */
	private static final int CHUNK_BYTES = 64 * 1024;

	/**
	 * Smallest stripe worth a thread hand-off: its deflate takes far longer than waking a
	 * helper (docs/performance.md); smaller images stay on the caller's thread.
	 */
	static final int MIN_STRIPE_BYTES = 256 * 1024;

	/** zlib's 2-byte header, which the joined stream carries once. */
	private static final int ZLIB_HEADER = 2;

	/**
	 * What a level-1 {@link Deflater} starts its zlib stream with (RFC 1950: deflate, 32K
	 * window, fastest).
	 */
	private static final byte[] ZLIB_BEST_SPEED_HEADER = { 0x78, 0x01 };

	/** zlib's Adler-32 trailer, which only the joined stream carries. */
	private static final int ZLIB_TRAILER = 4;

	/** A stripe whose buffer grew past this (noise-like zooms) is not kept for reuse. */
	private static final int MAX_POOLED_OUTPUT = 4 * 1024 * 1024;

	private final ScreenWorkers workers;

	private final int maxStripes;

	private final int minStripeBytes;

	private final ConcurrentLinkedQueue<Stripe> pool = new ConcurrentLinkedQueue<>();

	private final AtomicInteger pooled = new AtomicInteger();

	private final int poolLimit;

	/** An encoder that deflates every image in one stripe on the caller's thread. */
	public PngEncoder() {
		this(null, 1);
	}

	/**
	 * @param workers the threads stripes run on ({@code null}: the caller's only)
	 * @param maxStripes at most this many stripes per image; 1 never splits
	 */
	public PngEncoder(ScreenWorkers workers, int maxStripes) {
		this(workers, maxStripes, MIN_STRIPE_BYTES);
	}

	/** Lets tests cut tiny images into many stripes. */
	PngEncoder(ScreenWorkers workers, int maxStripes, int minStripeBytes) {
		if (maxStripes < 1 || minStripeBytes < 1) {
			throw new IllegalArgumentException(
					"maxStripes and minStripeBytes must be positive, got " + maxStripes + " and " + minStripeBytes);
		}
		this.workers = workers;
		this.maxStripes = (workers != null) ? maxStripes : 1;
		this.minStripeBytes = minStripeBytes;
		// room for two screenshots encoding at once
		this.poolLimit = 2 * this.maxStripes;
	}

	public byte[] encode(Frame frame) {
		int width = frame.width();
		int height = frame.height();
		if (width < 1 || height < 1) {
			throw new IllegalArgumentException("cannot encode an empty frame " + width + "x" + height);
		}
		int rowBytes = 1 + 3 * width;
		int count = stripeCount(rowBytes, height, this.maxStripes, this.minStripeBytes);
		Stripe[] stripes = new Stripe[count];
		for (int i = 0; i < count; i++) {
			stripes[i] = take();
		}
		try {
			if (count == 1) {
				stripes[0].deflate(frame.pixels(), width, 0, height, true);
			}
			else {
				this.workers.forEach(count, (i) -> stripes[i].deflate(frame.pixels(), width, firstRow(i, count, height),
						firstRow(i + 1, count, height), i == count - 1));
			}
			return assemble(width, height, stripes);
		}
		finally {
			for (Stripe stripe : stripes) {
				give(stripe);
			}
		}
	}

	/**
	 * How many stripes an image of {@code height} rows of {@code rowBytes} filtered bytes
	 * is cut into: one per allowed worker, fewer when a stripe would hold less than
	 * {@code minStripeBytes}, never more than one per row.
	 */
	static int stripeCount(int rowBytes, int height, int maxStripes, int minStripeBytes) {
		long total = (long) rowBytes * height;
		long bySize = total / minStripeBytes;
		return (int) Math.max(1, Math.min(Math.min(maxStripes, bySize), height));
	}

	/**
	 * The first row of stripe {@code index}: stripes differ in height by at most one row.
	 */
	static int firstRow(int index, int count, int height) {
		return (int) ((long) index * height / count);
	}

	private static byte[] assemble(int width, int height, Stripe[] stripes) {
		int last = stripes.length - 1;
		DeflatedRows[] parts = new DeflatedRows[stripes.length];
		for (int i = 0; i <= last; i++) {
			parts[i] = stripes[i].view(i == last);
		}
		return assemble(width, height, parts);
	}

	/**
	 * A PNG of {@code width} x {@code height} from its rows deflated in order, top to
	 * bottom, by {@link #deflateRows} (the last part with {@code last} set): the parts'
	 * data joined under one zlib header, and the Adler-32 of all rows combined from the
	 * parts'.
	 */
	static byte[] assemble(int width, int height, DeflatedRows[] parts) {
		long data = ZLIB_HEADER + ZLIB_TRAILER;
		for (DeflatedRows part : parts) {
			data += part.length();
		}
		if (data > Integer.MAX_VALUE - 64) {
			throw new IllegalStateException("PNG larger than 2 GB");
		}
		ChunkWriter out = new ChunkWriter(SIGNATURE.length + (12 + 13) + (12 + (int) data) + 12);
		out.write(SIGNATURE, 0, SIGNATURE.length);
		writeHeader(out, width, height);
		int idat = out.beginChunk("IDAT");
		out.write(ZLIB_BEST_SPEED_HEADER, 0, ZLIB_HEADER);
		int adler = parts[0].adler();
		for (int i = 0; i < parts.length; i++) {
			DeflatedRows part = parts[i];
			out.write(part.data(), part.offset(), part.length());
			if (i > 0) {
				adler = Adler32Combine.combine(adler, part.adler(), part.inputBytes());
			}
		}
		out.writeInt(adler);
		out.endChunk(idat);
		out.endChunk(out.beginChunk("IEND"));
		return out.bytes();
	}

	/**
	 * Rows {@code [fromRow, toRow)} of a {@code width}-pixel-wide image, filtered and
	 * deflated on their own (from an empty dictionary), ready to be joined by
	 * {@link #assemble}: an incremental screenshot keeps these per tile of rows and
	 * re-deflates only changed tiles.
	 * @param last whether these are the image's last rows (they end the deflate stream)
	 */
	DeflatedRows deflateRows(int[] pixels, int width, int fromRow, int toRow, boolean last) {
		Stripe stripe = take();
		try {
			stripe.deflate(pixels, width, fromRow, toRow, last);
			DeflatedRows view = stripe.view(last);
			byte[] own = Arrays.copyOfRange(view.data(), view.offset(), view.offset() + view.length());
			return new DeflatedRows(own, 0, own.length, view.adler(), view.inputBytes());
		}
		finally {
			give(stripe);
		}
	}

	/**
	 * Raw deflate data of some rows, as {@link #assemble} joins them: no zlib header,
	 * ending in a sync flush (or, for the image's last rows, the final block without the
	 * trailer).
	 *
	 * @param adler the Adler-32 of the filtered rows
	 * @param inputBytes how many filtered bytes the rows are
	 */
	public record DeflatedRows(byte[] data, int offset, int length, int adler, long inputBytes) {
	}

	private static void writeHeader(ChunkWriter out, int width, int height) {
		int start = out.beginChunk("IHDR");
		out.writeInt(width);
		out.writeInt(height);
		out.write(8); // bits per channel
		out.write(2); // colour type: truecolor RGB
		out.write(0); // compression: deflate
		out.write(0); // filter method 0 (the five per-row filters)
		out.write(0); // no interlace
		out.endChunk(start);
	}

	/**
	 * One PNG row: the filter byte, then each channel minus the same channel one pixel
	 * left.
	 */
	private static void filterSub(int[] pixels, int start, int width, byte[] row, int offset) {
		row[offset] = FILTER_SUB;
		int o = offset + 1;
		int pr = 0;
		int pg = 0;
		int pb = 0;
		for (int i = start, end = start + width; i < end; i++) {
			int p = pixels[i];
			int r = (p >>> 16) & 0xFF;
			int g = (p >>> 8) & 0xFF;
			int b = p & 0xFF;
			row[o] = (byte) (r - pr);
			row[o + 1] = (byte) (g - pg);
			row[o + 2] = (byte) (b - pb);
			o += 3;
			pr = r;
			pg = g;
			pb = b;
		}
	}

	private Stripe take() {
		Stripe stripe = this.pool.poll();
		if (stripe == null) {
			return new Stripe();
		}
		this.pooled.decrementAndGet();
		return stripe;
	}

	private void give(Stripe stripe) {
		if (stripe.out.length <= MAX_POOLED_OUTPUT) {
			if (this.pooled.incrementAndGet() <= this.poolLimit) {
				this.pool.offer(stripe);
				return;
			}
			this.pooled.decrementAndGet();
		}
		// not kept: free zlib's native memory now rather than at some later GC
		stripe.deflater.end();
	}

	/**
	 * One stripe's rows deflated as a zlib stream of their own: zlib computes the
	 * stripe's Adler-32 while it reads the rows anyway, which saves a second pass over
	 * them.
	 */
	private static final class Stripe {

		final Deflater deflater = new Deflater(Deflater.BEST_SPEED);

		byte[] filtered = new byte[0];

		byte[] out = new byte[0];

		int size;

		long inputBytes;

		int adler;

		void deflate(int[] pixels, int width, int fromRow, int toRow, boolean last) {
			this.deflater.reset();
			this.size = 0;
			int rowBytes = 1 + 3 * width;
			int rowsPerChunk = Math.max(1, CHUNK_BYTES / rowBytes);
			if (this.filtered.length < rowsPerChunk * rowBytes) {
				this.filtered = new byte[rowsPerChunk * rowBytes];
			}
			this.inputBytes = (long) rowBytes * (toRow - fromRow);
			ensure(64 * 1024 + (int) Math.min(Integer.MAX_VALUE / 2, this.inputBytes / 2));
			for (int y = fromRow; y < toRow; y += rowsPerChunk) {
				int rows = Math.min(rowsPerChunk, toRow - y);
				for (int r = 0; r < rows; r++) {
					filterSub(pixels, (y + r) * width, width, this.filtered, r * rowBytes);
				}
				this.deflater.setInput(this.filtered, 0, rows * rowBytes);
				while (!this.deflater.needsInput()) {
					deflateInto(Deflater.NO_FLUSH);
				}
			}
			if (last) {
				this.deflater.finish();
				while (!this.deflater.finished()) {
					deflateInto(Deflater.NO_FLUSH);
				}
			}
			else {
				// a sync flush ends the stripe on a byte boundary with no final block;
				// output that fills the space given means there may be more
				while (deflateInto(Deflater.SYNC_FLUSH)) {
					// keep flushing
				}
			}
			this.adler = this.deflater.getAdler();
		}

		/** The stripe's raw deflate data, valid until the stripe is deflated again. */
		DeflatedRows view(boolean last) {
			if (this.out[0] != ZLIB_BEST_SPEED_HEADER[0] || this.out[1] != ZLIB_BEST_SPEED_HEADER[1]) {
				throw new IllegalStateException("unexpected zlib header " + this.out[0] + " " + this.out[1]);
			}
			return new DeflatedRows(this.out, ZLIB_HEADER, bodyLength(last), this.adler, this.inputBytes);
		}

		/**
		 * The stripe's raw deflate data: no zlib header, and no trailer for the last
		 * stripe.
		 */
		int bodyLength(boolean last) {
			return this.size - ZLIB_HEADER - (last ? ZLIB_TRAILER : 0);
		}

		/**
		 * @return whether the output filled all the space it was given
		 */
		private boolean deflateInto(int flush) {
			ensure(32 * 1024);
			int space = this.out.length - this.size;
			int written = this.deflater.deflate(this.out, this.size, space, flush);
			this.size += written;
			return written == space;
		}

		private void ensure(int more) {
			if (this.out.length - this.size < more) {
				long wanted = Math.max((long) this.out.length * 3 / 2, (long) this.size + more);
				if (wanted > Integer.MAX_VALUE - 16) {
					throw new IllegalStateException("PNG larger than 2 GB");
				}
				this.out = Arrays.copyOf(this.out, (int) wanted);
			}
		}

	}

	/** Writes PNG chunks into an array of the exact final size. */
	private static final class ChunkWriter {

		private final byte[] buffer;

		private int size;

		ChunkWriter(int size) {
			this.buffer = new byte[size];
		}

		void write(int b) {
			this.buffer[this.size++] = (byte) b;
		}

		void write(byte[] bytes, int offset, int length) {
			System.arraycopy(bytes, offset, this.buffer, this.size, length);
			this.size += length;
		}

		void writeInt(int value) {
			this.buffer[this.size++] = (byte) (value >>> 24);
			this.buffer[this.size++] = (byte) (value >>> 16);
			this.buffer[this.size++] = (byte) (value >>> 8);
			this.buffer[this.size++] = (byte) value;
		}

		/** Reserves the length, writes the type; returns where the chunk starts. */
		int beginChunk(String type) {
			int start = this.size;
			writeInt(0);
			for (int i = 0; i < 4; i++) {
				write(type.charAt(i));
			}
			return start;
		}

		/** Fills in the length and appends the CRC of type and data. */
		void endChunk(int start) {
			int length = this.size - start - 8;
			this.buffer[start] = (byte) (length >>> 24);
			this.buffer[start + 1] = (byte) (length >>> 16);
			this.buffer[start + 2] = (byte) (length >>> 8);
			this.buffer[start + 3] = (byte) length;
			CRC32 crc = new CRC32();
			crc.update(this.buffer, start + 4, length + 4);
			writeInt((int) crc.getValue());
		}

		byte[] bytes() {
			if (this.size != this.buffer.length) {
				throw new IllegalStateException("PNG size miscounted: " + this.size + " of " + this.buffer.length);
			}
			return this.buffer;
		}

	}

}
