package dev.deskhand.platform.linux.wayland.screencopy;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import org.junit.jupiter.api.Test;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.Frame;
import dev.deskhand.platform.Rect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Screencopy buffers (little-endian words) turned into frames, on small fixtures. */
class WaylandScreencopyPixelsTests {

	/**
	 * 3x2 pixels, stride 16 (one padding word per row), top byte set as a compositor may.
	 */
	private static ByteBuffer buffer(int[][] rows) {
		ByteBuffer bytes = ByteBuffer.allocate(16 * rows.length).order(ByteOrder.LITTLE_ENDIAN);
		for (int y = 0; y < rows.length; y++) {
			for (int x = 0; x < rows[y].length; x++) {
				bytes.putInt(y * 16 + x * 4, rows[y][x]);
			}
			bytes.putInt(y * 16 + 12, 0xDEADBEEF);
		}
		return bytes;
	}

	private static final int[][] XRGB = { { 0xFFFF0000, 0x0000FF00, 0x7F0000FF },
			{ 0xFF112233, 0xFF445566, 0x00778899 } };

	@Test
	void xrgbBytesAreBgrxInMemory() {
		ByteBuffer bytes = buffer(XRGB);
		// XRGB8888 little-endian: blue, green, red, padding
		assertThat(bytes.get(0)).isEqualTo((byte) 0x00);
		assertThat(bytes.get(2)).isEqualTo((byte) 0xFF);
		Frame frame = WaylandScreencopyPixels.toFrame(bytes, WaylandShm.XRGB8888, 3, 2, 16, false, new Rect(0, 0, 3, 2),
				null);
		assertThat(frame.pixels()).containsExactly(0xFF0000, 0x00FF00, 0x0000FF, 0x112233, 0x445566, 0x778899);
	}

	@Test
	void argbLosesItsAlpha() {
		Frame frame = WaylandScreencopyPixels.toFrame(buffer(XRGB), WaylandShm.ARGB8888, 3, 2, 16, false,
				new Rect(0, 0, 3, 2), null);
		assertThat(frame.pixels()[2]).isEqualTo(0x0000FF);
	}

	@Test
	void bgrFormatsSwapRedAndBlue() {
		int[][] xbgr = { { 0xFF0000FF, 0x0000FF00, 0x00FF0000 }, { 0x00332211, 0x00665544, 0x00998877 } };
		for (int format : new int[] { WaylandShm.XBGR8888, WaylandShm.ABGR8888 }) {
			Frame frame = WaylandScreencopyPixels.toFrame(buffer(xbgr), format, 3, 2, 16, false, new Rect(0, 0, 3, 2),
					null);
			assertThat(frame.pixels()).as(WaylandShm.formatName(format))
				.containsExactly(0xFF0000, 0x00FF00, 0x0000FF, 0x112233, 0x445566, 0x778899);
		}
	}

	@Test
	void yInvertedBuffersAreFlipped() {
		Frame frame = WaylandScreencopyPixels.toFrame(buffer(XRGB), WaylandShm.XRGB8888, 3, 2, 16, true,
				new Rect(0, 0, 3, 2), null);
		assertThat(frame.pixels()).containsExactly(0x112233, 0x445566, 0x778899, 0xFF0000, 0x00FF00, 0x0000FF);
	}

	@Test
	void aRegionIsCroppedInPictureCoordinatesAlsoWhenInverted() {
		int[] into = new int[16];
		Frame frame = WaylandScreencopyPixels.toFrame(buffer(XRGB), WaylandShm.XRGB8888, 3, 2, 16, false,
				new Rect(1, 1, 2, 1), into);
		assertThat(frame.pixels()).isSameAs(into);
		assertThat(frame.width()).isEqualTo(2);
		assertThat(frame.rgb(0, 0)).isEqualTo(0x445566);
		assertThat(frame.rgb(1, 0)).isEqualTo(0x778899);
		Frame inverted = WaylandScreencopyPixels.toFrame(buffer(XRGB), WaylandShm.XRGB8888, 3, 2, 16, true,
				new Rect(1, 1, 2, 1), null);
		assertThat(inverted.rgb(0, 0)).as("picture row 1 is buffer row 0").isEqualTo(0x00FF00);
	}

	@Test
	void regionsOutsideTheBufferAndUnknownFormatsAreRefused() {
		assertThatThrownBy(() -> WaylandScreencopyPixels.toFrame(buffer(XRGB), WaylandShm.XRGB8888, 3, 2, 16, false,
				new Rect(2, 0, 2, 1), null))
			.isInstanceOf(DeskhandException.class)
			.extracting((ex) -> ((DeskhandException) ex).code())
			.isEqualTo(ErrorCode.E_ARGS);
		int rgb565 = 0x36314752;
		assertThatThrownBy(() -> WaylandScreencopyPixels.toFrame(buffer(XRGB), rgb565, 3, 2, 16, false,
				new Rect(0, 0, 3, 2), null))
			.isInstanceOf(DeskhandException.class)
			.hasMessageContaining("RG16 (0x36314752)")
			.extracting((ex) -> ((DeskhandException) ex).code())
			.isEqualTo(ErrorCode.E_UNSUPPORTED);
	}

}
