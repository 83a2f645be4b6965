package dev.deskhand.platform.windows.uia;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * VARIANTs, BSTRs and SAFEARRAYs laid out byte by byte as oaidl.h defines them on 64-bit
 * (and 32-bit) Windows, decoded as the cached properties Deskhand reads.
 */
class UiaVariantsTests {

	private static final long BASE = 0x7ff6_0000_1000L;

	@Test
	void integersBooleansAndDoublesAreReadFromOffsetEight() {
		Fixture memory = new Fixture(8);
		memory.i16(0, UiaIds.VT_I4).i32(8, 50000);
		assertThat(UiaVariants.decode(memory, BASE)).isEqualTo(50000);
		memory.i16(0, UiaIds.VT_BOOL).i16(8, (short) -1);
		assertThat(UiaVariants.decode(memory, BASE)).isEqualTo(true);
		memory.i16(0, UiaIds.VT_BOOL).i16(8, (short) 0);
		assertThat(UiaVariants.decode(memory, BASE)).isEqualTo(false);
		memory.i16(0, UiaIds.VT_R8).f64(8, 1.5);
		assertThat(UiaVariants.decode(memory, BASE)).isEqualTo(1.5);
	}

	@Test
	void emptyAndTheNotSupportedObjectAreNothing() {
		Fixture memory = new Fixture(8);
		memory.i16(0, UiaIds.VT_EMPTY);
		assertThat(UiaVariants.decode(memory, BASE)).isNull();
		// UIA answers an unsupported property with its ReservedNotSupportedValue object
		memory.i16(0, UiaIds.VT_UNKNOWN).pointer(8, BASE + 0x300);
		assertThat(UiaVariants.decode(memory, BASE)).isNull();
	}

	@Test
	void aBstrIsUtf16WithItsByteLengthBeforeIt() {
		Fixture memory = new Fixture(8);
		memory.i16(0, UiaIds.VT_BSTR).pointer(8, BASE + 0x104).bstr(0x104, "Größe 😀");
		assertThat(UiaVariants.decode(memory, BASE)).isEqualTo("Größe 😀");
		memory.pointer(8, 0);
		assertThat(UiaVariants.decode(memory, BASE)).isNull();
	}

	@Test
	void aRuntimeIdIsASafeArrayOfInts() {
		Fixture memory = new Fixture(8);
		memory.i16(0, UiaIds.VT_ARRAY | UiaIds.VT_I4).pointer(8, BASE + 0x200);
		memory.safeArray(0x200, 4, 3, BASE + 0x280).i32(0x280, 42).i32(0x284, 263286).i32(0x288, -3);
		assertThat((int[]) UiaVariants.decode(memory, BASE)).containsExactly(42, 263286, -3);
	}

	@Test
	void aBoundingRectangleIsASafeArrayOfFourDoubles() {
		Fixture memory = new Fixture(8);
		memory.i16(0, UiaIds.VT_ARRAY | UiaIds.VT_R8).pointer(8, BASE + 0x200);
		memory.safeArray(0x200, 8, 4, BASE + 0x280).f64(0x280, -1920).f64(0x288, -8).f64(0x290, 1920).f64(0x298, 1048);
		assertThat((double[]) UiaVariants.decode(memory, BASE)).containsExactly(-1920, -8, 1920, 1048);
	}

	@Test
	void on32BitWindowsTheArraysDataPointerIsAtTwelve() {
		Fixture memory = new Fixture(4);
		memory.i16(0, UiaIds.VT_ARRAY | UiaIds.VT_I4).pointer(8, BASE + 0x200);
		memory.safeArray(0x200, 4, 2, BASE + 0x280).i32(0x280, 7).i32(0x284, 8);
		assertThat((int[]) UiaVariants.decode(memory, BASE)).containsExactly(7, 8);
	}

	@Test
	void anArrayOfAnotherShapeIsRefused() {
		Fixture memory = new Fixture(8);
		memory.i16(0, UiaIds.VT_ARRAY | UiaIds.VT_I4).pointer(8, BASE + 0x200);
		memory.safeArray(0x200, 8, 2, BASE + 0x280);
		assertThatIllegalArgumentException().isThrownBy(() -> UiaVariants.decode(memory, BASE));
		memory.safeArray(0x200, 4, 1_000_000, BASE + 0x280);
		assertThatIllegalArgumentException().isThrownBy(() -> UiaVariants.decode(memory, BASE));
	}

	@Test
	void aPointGoesInOneRegisterXLowYHigh() {
		assertThat(UiaVariants.point(100, 200)).isEqualTo(0x0000_00c8_0000_0064L);
		assertThat(UiaVariants.point(-1, -2)).isEqualTo(0xffff_fffe_ffff_ffffL);
	}

	/** 4 KiB of little-endian memory at {@link #BASE}. */
	private static final class Fixture implements UiaMemory {

		private final ByteBuffer bytes = ByteBuffer.allocate(4096).order(ByteOrder.LITTLE_ENDIAN);

		private final int pointerSize;

		Fixture(int pointerSize) {
			this.pointerSize = pointerSize;
		}

		Fixture i16(int offset, int value) {
			this.bytes.putShort(offset, (short) value);
			return this;
		}

		Fixture i32(int offset, int value) {
			this.bytes.putInt(offset, value);
			return this;
		}

		Fixture f64(int offset, double value) {
			this.bytes.putDouble(offset, value);
			return this;
		}

		Fixture pointer(int offset, long address) {
			if (this.pointerSize == 8) {
				this.bytes.putLong(offset, address);
			}
			else {
				this.bytes.putInt(offset, (int) address);
			}
			return this;
		}

		Fixture bstr(int offset, String text) {
			byte[] utf16 = text.getBytes(StandardCharsets.UTF_16LE);
			this.bytes.putInt(offset - 4, utf16.length);
			this.bytes.put(offset, utf16);
			return this;
		}

		// cDims 1, fFeatures, cbElements, cLocks, pvData, rgsabound[0] = {cElements, 0}
		Fixture safeArray(int offset, int elementSize, int count, long data) {
			i16(offset, 1).i16(offset + 2, 0x80).i32(offset + 4, elementSize).i32(offset + 8, 0);
			int dataAt = offset + ((this.pointerSize == 8) ? 16 : 12);
			pointer(dataAt, data);
			return i32(dataAt + this.pointerSize, count).i32(dataAt + this.pointerSize + 4, 0);
		}

		private int at(long address) {
			return Math.toIntExact(address - BASE);
		}

		@Override
		public int pointerSize() {
			return this.pointerSize;
		}

		@Override
		public short i16(long address) {
			return this.bytes.getShort(at(address));
		}

		@Override
		public int i32(long address) {
			return this.bytes.getInt(at(address));
		}

		@Override
		public double f64(long address) {
			return this.bytes.getDouble(at(address));
		}

		@Override
		public long address(long address) {
			// a 32-bit pointer is the low half of an address in this fixture's range
			return (this.pointerSize == 8) ? this.bytes.getLong(at(address))
					: (BASE & ~0xffffffffL) | (this.bytes.getInt(at(address)) & 0xffffffffL);
		}

		@Override
		public String utf16(long address, int chars) {
			char[] text = new char[chars];
			for (int i = 0; i < chars; i++) {
				text[i] = this.bytes.getChar(at(address) + 2 * i);
			}
			return new String(text);
		}

	}

}
