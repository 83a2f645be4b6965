package dev.deskhand.platform.windows;

import java.nio.ByteBuffer;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A DIB section's B, G, R, unused bytes become {@code 0x00RRGGBB}, row by row, whatever
 * the unused byte holds and however wide the reused section is.
 */
class WindowsPixelsTests {

	@Test
	void bgraBytesBecomeRgb() {
		assertThat(WindowsPixels.fromBgra((byte) 0x33, (byte) 0x22, (byte) 0x11, (byte) 0xFF)).isEqualTo(0x112233);
		assertThat(WindowsPixels.fromBgra((byte) 0xFF, (byte) 0x80, (byte) 0x00, (byte) 0x00)).isEqualTo(0x0080FF);
	}

	@Test
	void copiesTheTopLeftOfAWiderSectionRowByRow() {
		// a 3x2 section: red, green, blue / white, black, grey; unused bytes set
		byte[] dib = { 0, 0, (byte) 0xFF, (byte) 0xFF, 0, (byte) 0xFF, 0, 0x12, (byte) 0xFF, 0, 0, 0x34, (byte) 0xFF,
				(byte) 0xFF, (byte) 0xFF, 0, 0, 0, 0, (byte) 0xFF, 0x10, 0x20, 0x30, 0 };
		int[] target = new int[4];
		WindowsPixels.copy(ByteBuffer.wrap(dib), 3, 2, 2, target);
		assertThat(target).containsExactly(0xFF0000, 0x00FF00, 0xFFFFFF, 0x000000);
		int[] whole = new int[6];
		WindowsPixels.copy(ByteBuffer.wrap(dib), 3, 3, 2, whole);
		assertThat(whole[2]).isEqualTo(0x0000FF);
		assertThat(whole[5]).isEqualTo(0x302010);
		for (int i = 0; i < 6; i++) {
			byte[] p = { dib[i * 4], dib[i * 4 + 1], dib[i * 4 + 2], dib[i * 4 + 3] };
			assertThat(whole[i]).isEqualTo(WindowsPixels.fromBgra(p[0], p[1], p[2], p[3]));
		}
	}

	@Test
	void aRowWiderThanTheSectionIsRefused() {
		assertThatThrownBy(() -> WindowsPixels.copy(ByteBuffer.allocate(64), 2, 3, 1, new int[3]))
			.isInstanceOf(IllegalArgumentException.class);
	}

}
