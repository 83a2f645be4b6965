package dev.deskhand.platform.macos;

import java.nio.ByteBuffer;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;

/**
 * Converts a {@code CGImage}'s bytes (from {@code CGDataProviderCopyData}) to
 * {@code 0x00RRGGBB} pixels. Screen images are 32 bits per pixel; which byte is which
 * follows from {@code CGImageGetBitmapInfo}: the byte order
 * ({@code kCGBitmapByteOrder32Little} reverses a 32-bit word) and where alpha sits
 * ({@code First}/{@code Last}, premultiplied or skipped). A display's image is normally
 * {@code kCGBitmapByteOrder32Little | kCGImageAlphaPremultipliedFirst}, bytes B, G, R, A.
 * Alpha is dropped without un-premultiplying: a screen's pixels are opaque. Rows may be
 * padded ({@code CGImageGetBytesPerRow} beyond width times four). Pure.
 */
final class MacPixels {

	/** {@code kCGBitmapAlphaInfoMask}. */
	static final int ALPHA_INFO_MASK = 0x1F;

	/** {@code kCGBitmapByteOrderMask}. */
	static final int BYTE_ORDER_MASK = 0x7000;

	/** {@code kCGImageAlphaPremultipliedLast}. */
	static final int ALPHA_PREMULTIPLIED_LAST = 1;

	/** {@code kCGImageAlphaPremultipliedFirst}. */
	static final int ALPHA_PREMULTIPLIED_FIRST = 2;

	/** {@code kCGImageAlphaLast}. */
	static final int ALPHA_LAST = 3;

	/** {@code kCGImageAlphaFirst}. */
	static final int ALPHA_FIRST = 4;

	/** {@code kCGImageAlphaNoneSkipLast}. */
	static final int ALPHA_NONE_SKIP_LAST = 5;

	/** {@code kCGImageAlphaNoneSkipFirst}. */
	static final int ALPHA_NONE_SKIP_FIRST = 6;

	/** {@code kCGBitmapByteOrderDefault}: big-endian components, as in memory. */
	static final int BYTE_ORDER_DEFAULT = 0;

	/** {@code kCGBitmapByteOrder32Little}. */
	static final int BYTE_ORDER_32_LITTLE = 2 << 12;

	/** {@code kCGBitmapByteOrder32Big}. */
	static final int BYTE_ORDER_32_BIG = 4 << 12;

	private MacPixels() {
	}

	/**
	 * Where red, green and blue sit in each pixel's four bytes, in memory order.
	 *
	 * @param red the offset of red, 0-3
	 * @param green the offset of green
	 * @param blue the offset of blue
	 */
	record Layout(int red, int green, int blue) {

		static final Layout BGRA = new Layout(2, 1, 0);

		static final Layout ARGB = new Layout(1, 2, 3);

		static final Layout RGBA = new Layout(0, 1, 2);

		static final Layout ABGR = new Layout(3, 2, 1);

	}

	/**
	 * The byte layout an image's bitmap info and depth describe.
	 * @throws DeskhandException E_FAIL for anything but 32-bit pixels with three colour
	 * bytes and one alpha or padding byte
	 */
	static Layout layout(int bitmapInfo, long bitsPerPixel, long bitsPerComponent) {
		int alpha = bitmapInfo & ALPHA_INFO_MASK;
		int order = bitmapInfo & BYTE_ORDER_MASK;
		boolean alphaFirst = alpha == ALPHA_PREMULTIPLIED_FIRST || alpha == ALPHA_FIRST
				|| alpha == ALPHA_NONE_SKIP_FIRST;
		boolean alphaLast = alpha == ALPHA_PREMULTIPLIED_LAST || alpha == ALPHA_LAST || alpha == ALPHA_NONE_SKIP_LAST;
		boolean little = order == BYTE_ORDER_32_LITTLE;
		boolean big = order == BYTE_ORDER_32_BIG || order == BYTE_ORDER_DEFAULT;
		if (bitsPerPixel != 32 || bitsPerComponent != 8 || !(alphaFirst || alphaLast) || !(little || big)) {
			throw new DeskhandException(ErrorCode.E_FAIL,
					"the screen image has a pixel format Deskhand cannot read (bitmap info 0x"
							+ Integer.toHexString(bitmapInfo) + ", " + bitsPerPixel + " bits per pixel, "
							+ bitsPerComponent + " per component)");
		}
		if (little) {
			// a little-endian 32-bit ARGB word is B, G, R, A in memory; RGBA is A, B, G,
			// R
			return alphaFirst ? Layout.BGRA : Layout.ABGR;
		}
		return alphaFirst ? Layout.ARGB : Layout.RGBA;
	}

	/**
	 * Converts {@code width} times {@code height} pixels.
	 * @param bytes the image's bytes from position 0, rows {@code bytesPerRow} apart
	 * @param into an array to reuse when it holds {@code width * height} pixels, or
	 * {@code null}
	 * @return the pixels, row-major, in {@code into} when it was large enough
	 */
	static int[] toRgb(ByteBuffer bytes, int width, int height, int bytesPerRow, Layout layout, int[] into) {
		if (bytesPerRow < width * 4 || (long) bytesPerRow * (height - 1) + width * 4L > bytes.limit()) {
			throw new DeskhandException(ErrorCode.E_FAIL, "the screen image holds " + bytes.limit()
					+ " bytes, too few for " + width + "x" + height + " pixels at " + bytesPerRow + " bytes per row");
		}
		int[] pixels = (into != null && into.length >= width * height) ? into : new int[width * height];
		byte[] row = new byte[width * 4];
		for (int y = 0; y < height; y++) {
			bytes.get(y * bytesPerRow, row, 0, row.length);
			int out = y * width;
			for (int x = 0, in = 0; x < width; x++, in += 4) {
				pixels[out + x] = (row[in + layout.red()] & 0xFF) << 16 | (row[in + layout.green()] & 0xFF) << 8
						| (row[in + layout.blue()] & 0xFF);
			}
		}
		return pixels;
	}

}
