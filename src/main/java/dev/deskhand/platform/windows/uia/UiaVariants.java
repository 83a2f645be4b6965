package dev.deskhand.platform.windows.uia;

/**
 * Decodes the VARIANTs UI Automation answers property reads with ({@code oaidl.h}): the
 * type tag ({@code vt}, 2 bytes) at offset 0, three reserved words, the value at offset
 * 8; a BSTR is a pointer to UTF-16 text with its length in bytes in the 4 bytes before
 * it; a SAFEARRAY holds {@code cDims}, {@code fFeatures}, {@code cbElements},
 * {@code cLocks}, then the data pointer (offset 16 on 64-bit, 12 on 32-bit) and the first
 * dimension's element count after it.
 */
final class UiaVariants {

	/** Size of a VARIANT on 64-bit Windows; 16 on 32-bit. */
	static final int VARIANT_SIZE_64 = 24;

	// runtime ids have a handful of parts and rectangles four: anything larger is not
	// what UIA answers for the properties Deskhand reads
	private static final int MAX_ARRAY = 64;

	private static final int MAX_STRING = 1 << 20;

	private UiaVariants() {
	}

	/**
	 * The value of the VARIANT at {@code variant}: {@link Integer}, {@link Boolean},
	 * {@link Double}, {@link String}, {@code int[]} or {@code double[]}; {@code null} for
	 * VT_EMPTY, UIA's "not supported" object (VT_UNKNOWN) and every type Deskhand does
	 * not read.
	 */
	static Object decode(UiaMemory memory, long variant) {
		int vt = memory.i16(variant) & 0xffff;
		long value = variant + 8;
		return switch (vt) {
			case UiaIds.VT_I4, UiaIds.VT_INT, UiaIds.VT_UI4 -> memory.i32(value);
			case UiaIds.VT_I2 -> (int) memory.i16(value);
			case UiaIds.VT_BOOL -> memory.i16(value) != 0;
			case UiaIds.VT_R8 -> memory.f64(value);
			case UiaIds.VT_BSTR -> bstr(memory, memory.address(value));
			case UiaIds.VT_ARRAY | UiaIds.VT_I4, UiaIds.VT_ARRAY | UiaIds.VT_INT -> ints(memory, memory.address(value));
			case UiaIds.VT_ARRAY | UiaIds.VT_R8 -> doubles(memory, memory.address(value));
			default -> null;
		};
	}

	/** The text of a BSTR; {@code null} for a null BSTR. */
	static String bstr(UiaMemory memory, long bstr) {
		if (bstr == 0) {
			return null;
		}
		int bytes = memory.i32(bstr - 4);
		if (bytes < 0 || bytes > MAX_STRING * 2) {
			throw new IllegalArgumentException("a BSTR of " + bytes + " bytes");
		}
		return memory.utf16(bstr, bytes / 2);
	}

	static int[] ints(UiaMemory memory, long safeArray) {
		long data = data(memory, safeArray, 4);
		if (data == 0) {
			return new int[0];
		}
		int[] values = new int[count(memory, safeArray)];
		for (int i = 0; i < values.length; i++) {
			values[i] = memory.i32(data + 4L * i);
		}
		return values;
	}

	static double[] doubles(UiaMemory memory, long safeArray) {
		long data = data(memory, safeArray, 8);
		if (data == 0) {
			return new double[0];
		}
		double[] values = new double[count(memory, safeArray)];
		for (int i = 0; i < values.length; i++) {
			values[i] = memory.f64(data + 8L * i);
		}
		return values;
	}

	private static long data(UiaMemory memory, long safeArray, int elementSize) {
		if (safeArray == 0) {
			return 0;
		}
		int dims = memory.i16(safeArray) & 0xffff;
		int cbElements = memory.i32(safeArray + 4);
		if (dims != 1 || cbElements != elementSize) {
			throw new IllegalArgumentException(
					"a SAFEARRAY of " + dims + " dimensions and " + cbElements + "-byte elements");
		}
		return memory.address(safeArray + dataOffset(memory));
	}

	private static int count(UiaMemory memory, long safeArray) {
		int count = memory.i32(safeArray + dataOffset(memory) + memory.pointerSize());
		if (count < 0 || count > MAX_ARRAY) {
			throw new IllegalArgumentException("a SAFEARRAY of " + count + " elements");
		}
		return count;
	}

	// cDims, fFeatures (2 each), cbElements, cLocks (4 each), aligned for the pointer
	private static int dataOffset(UiaMemory memory) {
		return (memory.pointerSize() == 8) ? 16 : 12;
	}

	/**
	 * A {@code POINT} passed by value in one 64-bit register, as the x64 calling
	 * convention passes an 8-byte struct: x in the low half, y in the high.
	 */
	static long point(int x, int y) {
		return ((long) y << 32) | (x & 0xffffffffL);
	}

}
