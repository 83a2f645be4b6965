package dev.deskhand.platform.windows;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The {@code INPUT} array is byte for byte what winuser.h lays out: 40 bytes per event on
 * 64-bit Windows, 28 on 32-bit, each field at its offset.
 */
class WindowsInputLayoutTests {

	@Test
	void anInputIs40BytesOn64BitAnd28On32Bit() {
		assertThat(new WindowsInputLayout(8).inputSize()).isEqualTo(40);
		assertThat(new WindowsInputLayout(4).inputSize()).isEqualTo(28);
	}

	@Test
	void aMouseEventOn64BitWindows() {
		ByteBuffer bytes = encode(8, new WindowsInput.Mouse(-7, 65535, -120, 0xC001));
		assertThat(bytes.capacity()).isEqualTo(40);
		assertThat(bytes.getInt(0)).isEqualTo(WindowsInputLayout.INPUT_MOUSE);
		assertThat(bytes.getInt(4)).as("padding").isZero();
		assertThat(bytes.getInt(8)).isEqualTo(-7);
		assertThat(bytes.getInt(12)).isEqualTo(65535);
		assertThat(bytes.getInt(16)).isEqualTo(-120);
		assertThat(bytes.getInt(20)).isEqualTo(0xC001);
		assertThat(bytes.getInt(24)).as("time").isZero();
		assertThat(bytes.getLong(32)).isEqualTo(WindowsInputLayout.EXTRA_INFO);
	}

	@Test
	void aKeyEventOn64BitWindows() {
		ByteBuffer bytes = encode(8, new WindowsInput.Key(0, 0xD83D, 0x0006));
		assertThat(bytes.getInt(0)).isEqualTo(WindowsInputLayout.INPUT_KEYBOARD);
		assertThat(bytes.getShort(8)).isZero();
		assertThat(bytes.getShort(10) & 0xFFFF).isEqualTo(0xD83D);
		assertThat(bytes.getInt(12)).isEqualTo(0x0006);
		assertThat(bytes.getInt(16)).as("time").isZero();
		assertThat(bytes.getLong(24)).isEqualTo(WindowsInputLayout.EXTRA_INFO);
		assertThat(bytes.getLong(32)).as("the rest of the union").isZero();
	}

	@Test
	void eventsFollowEachOtherAndOn32BitTheUnionStartsAt4() {
		ByteBuffer bytes = ByteBuffer
			.wrap(new WindowsInputLayout(4)
				.encode(List.of(new WindowsInput.Key(0x41, 0x1E, 0), new WindowsInput.Mouse(1, 2, 3, 4))))
			.order(ByteOrder.LITTLE_ENDIAN);
		assertThat(bytes.capacity()).isEqualTo(56);
		assertThat(bytes.getShort(4)).isEqualTo((short) 0x41);
		assertThat(bytes.getShort(6)).isEqualTo((short) 0x1E);
		assertThat(bytes.getInt(16)).isEqualTo(WindowsInputLayout.EXTRA_INFO);
		assertThat(bytes.getInt(28)).isEqualTo(WindowsInputLayout.INPUT_MOUSE);
		assertThat(bytes.getInt(32)).isEqualTo(1);
		assertThat(bytes.getInt(44)).isEqualTo(4);
		assertThat(bytes.getInt(52)).isEqualTo(WindowsInputLayout.EXTRA_INFO);
	}

	private static ByteBuffer encode(int pointerSize, WindowsInput event) {
		return ByteBuffer.wrap(new WindowsInputLayout(pointerSize).encode(List.of(event)))
			.order(ByteOrder.LITTLE_ENDIAN);
	}

}
