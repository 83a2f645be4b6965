package dev.deskhand.platform.windows.uia;

import com.sun.jna.Native;
import com.sun.jna.Pointer;

/** The process's memory read through JNA, for {@link UiaVariants}. */
final class UiaPointerMemory implements UiaMemory {

	static final UiaPointerMemory INSTANCE = new UiaPointerMemory();

	private UiaPointerMemory() {
	}

	@Override
	public int pointerSize() {
		return Native.POINTER_SIZE;
	}

	@Override
	public short i16(long address) {
		return new Pointer(address).getShort(0);
	}

	@Override
	public int i32(long address) {
		return new Pointer(address).getInt(0);
	}

	@Override
	public double f64(long address) {
		return new Pointer(address).getDouble(0);
	}

	@Override
	public long address(long address) {
		return Pointer.nativeValue(new Pointer(address).getPointer(0));
	}

	@Override
	public String utf16(long address, int chars) {
		// read as shorts: a Java char is UTF-16 whatever size wchar_t has
		short[] units = new Pointer(address).getShortArray(0, chars);
		char[] text = new char[chars];
		for (int i = 0; i < chars; i++) {
			text[i] = (char) units[i];
		}
		return new String(text);
	}

}
