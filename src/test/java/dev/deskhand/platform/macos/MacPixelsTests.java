package dev.deskhand.platform.macos;

import java.nio.ByteBuffer;

import org.junit.jupiter.api.Test;

import dev.deskhand.errors.DeskhandException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A display image's bytes, with the layouts Quartz describes in bitmap info and padded
 * rows, become {@code 0x00RRGGBB} pixels.
 */
class MacPixelsTests {

	private static final int SCREEN = MacPixels.BYTE_ORDER_32_LITTLE | MacPixels.ALPHA_PREMULTIPLIED_FIRST;

	@Test
	void aDisplaysUsualFormatIsBgraInMemory() {
		assertThat(MacPixels.layout(SCREEN, 32, 8)).isEqualTo(MacPixels.Layout.BGRA);
		assertThat(MacPixels.layout(MacPixels.BYTE_ORDER_32_LITTLE | MacPixels.ALPHA_NONE_SKIP_FIRST, 32, 8))
			.isEqualTo(MacPixels.Layout.BGRA);
		assertThat(MacPixels.layout(MacPixels.BYTE_ORDER_DEFAULT | MacPixels.ALPHA_PREMULTIPLIED_LAST, 32, 8))
			.isEqualTo(MacPixels.Layout.RGBA);
		assertThat(MacPixels.layout(MacPixels.BYTE_ORDER_32_BIG | MacPixels.ALPHA_NONE_SKIP_FIRST, 32, 8))
			.isEqualTo(MacPixels.Layout.ARGB);
		assertThat(MacPixels.layout(MacPixels.BYTE_ORDER_32_LITTLE | MacPixels.ALPHA_PREMULTIPLIED_LAST, 32, 8))
			.isEqualTo(MacPixels.Layout.ABGR);
	}

	@Test
	void formatsWithoutFourEightBitBytesAreRefusedNotMisread() {
		// 16-bit 5-5-5, 64-bit half floats, and an image without alpha or padding
		assertThatThrownBy(() -> MacPixels.layout(0x1000 | MacPixels.ALPHA_NONE_SKIP_FIRST, 16, 5))
			.isInstanceOf(DeskhandException.class);
		assertThatThrownBy(() -> MacPixels.layout(SCREEN, 64, 16)).isInstanceOf(DeskhandException.class);
		assertThatThrownBy(() -> MacPixels.layout(MacPixels.BYTE_ORDER_32_LITTLE, 32, 8))
			.isInstanceOf(DeskhandException.class);
	}

	@Test
	void bgraRowsWithPaddingBecomeRgbPixels() {
		// 2x2 pixels, rows of 12 bytes (4 bytes of padding filled with 0x77)
		byte[] bytes = { 0x10, 0x20, 0x30, (byte) 0xFF, 0x01, 0x02, 0x03, (byte) 0xFF, 0x77, 0x77, 0x77, 0x77,
				(byte) 0xFF, 0x00, 0x00, (byte) 0xFF, 0x00, 0x00, (byte) 0xFF, (byte) 0xFF, 0x77, 0x77, 0x77, 0x77 };

		int[] pixels = MacPixels.toRgb(ByteBuffer.wrap(bytes), 2, 2, 12, MacPixels.Layout.BGRA, null);

		assertThat(pixels).containsExactly(0x302010, 0x030201, 0x0000FF, 0xFF0000);
	}

	@Test
	void rgbaBytesBecomeTheSamePixels() {
		byte[] bytes = { 0x30, 0x20, 0x10, (byte) 0xFF, 0x03, 0x02, 0x01, 0x00 };

		int[] pixels = MacPixels.toRgb(ByteBuffer.wrap(bytes), 2, 1, 8, MacPixels.Layout.RGBA, null);

		assertThat(pixels).containsExactly(0x302010, 0x030201);
	}

	@Test
	void aLargeEnoughArrayIsReusedASmallOneIsNot() {
		byte[] bytes = new byte[16];
		int[] big = new int[8];

		assertThat(MacPixels.toRgb(ByteBuffer.wrap(bytes), 2, 2, 8, MacPixels.Layout.BGRA, big)).isSameAs(big);
		assertThat(MacPixels.toRgb(ByteBuffer.wrap(bytes), 2, 2, 8, MacPixels.Layout.BGRA, new int[3])).hasSize(4);
	}

	@Test
	void tooFewBytesForTheRowsAreAnErrorNotAnOverread() {
		// the last row needs only width * 4 bytes, not a whole padded row
		assertThat(MacPixels.toRgb(ByteBuffer.wrap(new byte[12 + 8]), 2, 2, 12, MacPixels.Layout.BGRA, null))
			.hasSize(4);
		assertThatThrownBy(() -> MacPixels.toRgb(ByteBuffer.wrap(new byte[19]), 2, 2, 12, MacPixels.Layout.BGRA, null))
			.isInstanceOf(DeskhandException.class);
		assertThatThrownBy(() -> MacPixels.toRgb(ByteBuffer.wrap(new byte[64]), 4, 2, 8, MacPixels.Layout.BGRA, null))
			.isInstanceOf(DeskhandException.class);
	}

}
