package dev.deskhand.platform.windows;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.IntBuffer;

/**
 * Pixels of a 32 bpp top-down DIB section to {@code 0x00RRGGBB}. Each pixel is four bytes
 * B, G, R and an unused byte (BitBlt leaves it 0 or garbage), so a little-endian
 * {@code int} is {@code 0x??RRGGBB} and only the top byte must go.
 */
final class WindowsPixels {

	private static final int RGB = 0x00FFFFFF;

	private WindowsPixels() {
	}

	/** One pixel from its four bytes in memory order. */
	static int fromBgra(byte blue, byte green, byte red, byte unused) {
		return ((red & 0xFF) << 16) | ((green & 0xFF) << 8) | (blue & 0xFF);
	}

	/**
	 * Copies the top-left {@code width} x {@code height} of a DIB into {@code target}.
	 * @param dib the section's bits, at least {@code dibWidth * height * 4} bytes
	 * @param dibWidth the section's width in pixels: its row stride is
	 * {@code dibWidth * 4} (32 bpp rows need no padding to a DWORD)
	 * @param target receives {@code width * height} pixels, row-major
	 */
	static void copy(ByteBuffer dib, int dibWidth, int width, int height, int[] target) {
		if (width > dibWidth) {
			throw new IllegalArgumentException("a " + width + " pixel row does not fit a " + dibWidth + " pixel DIB");
		}
		IntBuffer pixels = dib.duplicate().order(ByteOrder.LITTLE_ENDIAN).asIntBuffer();
		for (int y = 0; y < height; y++) {
			pixels.position(y * dibWidth);
			pixels.get(target, y * width, width);
			for (int i = y * width, end = i + width; i < end; i++) {
				target[i] &= RGB;
			}
		}
	}

}
