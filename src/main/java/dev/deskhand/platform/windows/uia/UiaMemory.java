package dev.deskhand.platform.windows.uia;

/**
 * Native memory as {@link UiaVariants} reads it: addresses and little-endian values. The
 * native layer reads through a JNA pointer; tests read recorded bytes.
 */
interface UiaMemory {

	/** 8 on 64-bit Windows, 4 on 32-bit. */
	int pointerSize();

	short i16(long address);

	int i32(long address);

	double f64(long address);

	/** A pointer-sized address. */
	long address(long address);

	/** {@code chars} UTF-16 code units. */
	String utf16(long address, int chars);

}
