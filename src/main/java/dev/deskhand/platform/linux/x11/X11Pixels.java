package dev.deskhand.platform.linux.x11;

import java.nio.ByteOrder;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.Frame;
import dev.deskhand.platform.linux.x11.jna.Xlib;

/** Turns a 32-bit ZPixmap {@code XImage} into a {@link Frame} of {@code 0x00RRGGBB}. */
final class X11Pixels {

	private X11Pixels() {
	}

	/**
	 * @param buffer receives the pixels when not {@code null} and large enough; else a
	 * new array
	 */
	static Frame toFrame(Xlib.XImage image, int[] buffer) {
		requireRgb32(image.bits_per_pixel, image.red_mask.longValue(), image.green_mask.longValue(),
				image.blue_mask.longValue());
		int width = image.width;
		int height = image.height;
		int length = width * height;
		int[] pixels = (buffer != null && buffer.length >= length) ? buffer : new int[length];
		if (image.bytes_per_line == width * 4) {
			image.data.read(0, pixels, 0, length);
		}
		else {
			for (int row = 0; row < height; row++) {
				image.data.read((long) row * image.bytes_per_line, pixels, row * width, width);
			}
		}
		boolean swap = (image.byte_order == Xlib.LSB_FIRST) != (ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN);
		normalize(pixels, length, swap);
		return new Frame(width, height, pixels);
	}

	/**
	 * Clears the padding byte (not always zero, even on Xvfb) and fixes a foreign byte
	 * order.
	 */
	static void normalize(int[] pixels, int length, boolean swapBytes) {
		if (swapBytes) {
			for (int i = 0; i < length; i++) {
				pixels[i] = Integer.reverseBytes(pixels[i]) & 0xFFFFFF;
			}
		}
		else {
			for (int i = 0; i < length; i++) {
				pixels[i] &= 0xFFFFFF;
			}
		}
	}

	static void requireRgb32(int bitsPerPixel, long redMask, long greenMask, long blueMask) {
		if (bitsPerPixel != 32 || redMask != 0xFF0000L || greenMask != 0xFF00L || blueMask != 0xFFL) {
			throw new DeskhandException(ErrorCode.E_UNSUPPORTED, String
				.format("the X display's pixel format is %d bits per pixel with masks %06x/%06x/%06x; Deskhand captures"
						+ " only 24-bit TrueColor (8 bits per channel). Run the X server at depth 24, e.g."
						+ " Xvfb -screen 0 1920x1080x24", bitsPerPixel, redMask, greenMask, blueMask));
		}
	}

}
