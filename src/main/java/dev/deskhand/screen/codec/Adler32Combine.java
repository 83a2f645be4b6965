package dev.deskhand.screen.codec;

/**
 * Joins Adler-32 checksums of consecutive pieces of data into the checksum of the whole,
 * as zlib's {@code adler32_combine} does, so that stripes deflated apart can end in one
 * valid zlib trailer without reading their data again.
 */
final class Adler32Combine {

	private static final long BASE = 65521;

	private Adler32Combine() {
	}

	/**
	 * @param first the Adler-32 of the first piece
	 * @param second the Adler-32 of the piece that follows it
	 * @param secondLength the second piece's length in bytes
	 * @return the Adler-32 of both pieces in a row
	 */
	static int combine(int first, int second, long secondLength) {
		// Adler-32 is A = 1 + sum(bytes), B = sum of the running A's, both mod BASE.
		// Appending n bytes shifts the second piece's A by first's A - 1, and adds n
		// times first's A to B.
		long remainder = Math.floorMod(secondLength, BASE);
		long a1 = first & 0xFFFF;
		long b1 = (first >>> 16) & 0xFFFF;
		long a2 = second & 0xFFFF;
		long b2 = (second >>> 16) & 0xFFFF;
		long a = (a1 + a2 + BASE - 1) % BASE;
		long b = (b1 + b2 + remainder * a1 + BASE - remainder) % BASE;
		return (int) ((b << 16) | a);
	}

}
