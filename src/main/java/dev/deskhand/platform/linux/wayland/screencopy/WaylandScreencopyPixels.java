package dev.deskhand.platform.linux.wayland.screencopy;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.IntBuffer;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.Frame;
import dev.deskhand.platform.Rect;

/**
 * Turns a screencopy buffer into a {@link Frame} of {@code 0x00RRGGBB}: crops to the
 * region, flips a y-inverted buffer, and reorders the BGR formats. Rows are bulk-copied
 * out of the mapping, then fixed in place in the {@code int[]}.
 */
final class WaylandScreencopyPixels {

	private WaylandScreencopyPixels() {
	}

	static boolean supports(int format) {
		return format == WaylandShm.XRGB8888 || format == WaylandShm.ARGB8888 || format == WaylandShm.XBGR8888
				|| format == WaylandShm.ABGR8888;
	}

	/**
	 * @param source the buffer's bytes, {@code stride * height} of them
	 * @param region the part to copy, in the buffer's pixels
	 * @param yInvert whether the buffer's first row is the picture's last
	 * @param into receives the pixels when not {@code null} and large enough
	 */
	static Frame toFrame(ByteBuffer source, int format, int width, int height, int stride, boolean yInvert, Rect region,
			int[] into) {
		if (!supports(format)) {
			throw new DeskhandException(ErrorCode.E_UNSUPPORTED, "the compositor offers screen pixels only as "
					+ WaylandShm.formatName(format) + "; Deskhand reads XRGB8888, ARGB8888, XBGR8888 and ABGR8888");
		}
		if ((stride & 3) != 0 || stride < width * 4) {
			throw new DeskhandException(ErrorCode.E_FAIL,
					"the compositor gave a screen buffer with stride " + stride + " for width " + width);
		}
		Rect whole = new Rect(0, 0, width, height);
		if (region.width() == 0 || region.height() == 0 || !region.equals(region.intersection(whole))) {
			throw DeskhandException
				.args("region " + region + " is not inside the display's " + width + "x" + height + " device pixels");
		}
		int length = region.width() * region.height();
		int[] pixels = (into != null && into.length >= length) ? into : new int[length];
		IntBuffer words = source.duplicate().order(ByteOrder.LITTLE_ENDIAN).asIntBuffer();
		int wordsPerRow = stride / 4;
		int rowWidth = region.width();
		for (int row = 0; row < region.height(); row++) {
			int y = region.y() + row;
			int sourceRow = yInvert ? height - 1 - y : y;
			words.get(sourceRow * wordsPerRow + region.x(), pixels, row * rowWidth, rowWidth);
		}
		if (format == WaylandShm.XBGR8888 || format == WaylandShm.ABGR8888) {
			swapRedBlue(pixels, length);
		}
		else {
			clearTopByte(pixels, length);
		}
		return new Frame(region.width(), region.height(), pixels);
	}

	/** The padding or alpha byte: the screen is opaque, and {@link Frame} wants 0. */
	private static void clearTopByte(int[] pixels, int length) {
		for (int i = 0; i < length; i++) {
			pixels[i] &= 0xFFFFFF;
		}
	}

	private static void swapRedBlue(int[] pixels, int length) {
		for (int i = 0; i < length; i++) {
			int p = pixels[i];
			pixels[i] = (p & 0x00FF00) | ((p >>> 16) & 0xFF) | ((p & 0xFF) << 16);
		}
	}

}
