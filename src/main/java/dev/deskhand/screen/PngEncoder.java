package dev.deskhand.screen;

import java.util.Arrays;
import java.util.zip.CRC32;
import java.util.zip.Deflater;

import dev.deskhand.platform.Frame;

/**
 * Encodes frames as 8-bit truecolor PNG, tuned for screenshots: every row uses the SUB filter
 * and deflate runs at level 1. On desktop content that is both faster and smaller than ImageIO's
 * default (level 4 with per-row adaptive filters), see {@code notes/perf-baseline.md}; deflate
 * still dominates the screenshot time, so nothing here tries to be cleverer.
 *
 * <p>
 * Thread-safe: each call uses its own {@link Deflater}, ended before it returns. The zlib state
 * costs microseconds to set up against milliseconds of compression, and keeping one per thread
 * would pin native memory in every servlet thread that ever took a screenshot.
 */
public final class PngEncoder {

	private static final byte[] SIGNATURE = { (byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n' };

	private static final int FILTER_SUB = 1;

	/** Filtered rows handed to deflate at once: few JNI calls, still cache-sized. */
	private static final int CHUNK_BYTES = 64 * 1024;

	public byte[] encode(Frame frame) {
		int width = frame.width();
		int height = frame.height();
		if (width < 1 || height < 1) {
			throw new IllegalArgumentException("cannot encode an empty frame " + width + "x" + height);
		}
		int rowBytes = 1 + 3 * width;
		int rowsPerChunk = Math.max(1, CHUNK_BYTES / rowBytes);
		byte[] filtered = new byte[rowsPerChunk * rowBytes];
		Output out = new Output(64 * 1024 + (int) Math.min(Integer.MAX_VALUE / 2, (long) rowBytes * height / 2));
		out.write(SIGNATURE);
		writeHeader(out, width, height);
		int idatStart = out.beginChunk("IDAT");
		Deflater deflater = new Deflater(Deflater.BEST_SPEED);
		try {
			int[] pixels = frame.pixels();
			for (int y = 0; y < height; y += rowsPerChunk) {
				int rows = Math.min(rowsPerChunk, height - y);
				for (int r = 0; r < rows; r++) {
					filterSub(pixels, (y + r) * width, width, filtered, r * rowBytes);
				}
				deflater.setInput(filtered, 0, rows * rowBytes);
				drain(deflater, out);
			}
			deflater.finish();
			while (!deflater.finished()) {
				out.deflate(deflater);
			}
		}
		finally {
			deflater.end();
		}
		out.endChunk(idatStart);
		out.endChunk(out.beginChunk("IEND"));
		return out.toByteArray();
	}

	private static void writeHeader(Output out, int width, int height) {
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

	/** One PNG row: the filter byte, then each channel minus the same channel one pixel left. */
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

	private static void drain(Deflater deflater, Output out) {
		while (!deflater.needsInput()) {
			out.deflate(deflater);
		}
	}

	/** A growable byte buffer that writes PNG chunks in place, so the data is never copied twice. */
	private static final class Output {

		private byte[] buffer;

		private int size;

		Output(int initialCapacity) {
			this.buffer = new byte[initialCapacity];
		}

		void write(int b) {
			ensure(1);
			this.buffer[this.size++] = (byte) b;
		}

		void write(byte[] bytes) {
			ensure(bytes.length);
			System.arraycopy(bytes, 0, this.buffer, this.size, bytes.length);
			this.size += bytes.length;
		}

		void writeInt(int value) {
			ensure(4);
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

		void deflate(Deflater deflater) {
			ensure(32 * 1024);
			this.size += deflater.deflate(this.buffer, this.size, this.buffer.length - this.size);
		}

		byte[] toByteArray() {
			return Arrays.copyOf(this.buffer, this.size);
		}

		private void ensure(int more) {
			if (this.buffer.length - this.size < more) {
				long wanted = Math.max((long) this.buffer.length * 3 / 2, (long) this.size + more);
				if (wanted > Integer.MAX_VALUE - 16) {
					throw new IllegalStateException("PNG larger than 2 GB");
				}
				this.buffer = Arrays.copyOf(this.buffer, (int) wanted);
			}
		}

	}

}
