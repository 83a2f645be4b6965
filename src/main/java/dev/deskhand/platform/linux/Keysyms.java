package dev.deskhand.platform.linux;

import java.util.Arrays;

import dev.deskhand.errors.DeskhandException;

/**
 * Keysyms for characters: pure, no connection. Latin-1 characters are their own keysym;
 * any other code point is {@code 0x01000000 | cp}, the X11 Unicode keysym that clients
 * translate back to the character without a lookup table.
 */
public final class Keysyms {

	public static final long NO_SYMBOL = 0;

	public static final long RETURN = 0xff0d;

	public static final long TAB = 0xff09;

	public static final long SHIFT_L = 0xffe1;

	public static final long CONTROL_L = 0xffe3;

	public static final long CAPS_LOCK = 0xffe5;

	/** Keysyms above Latin-1 are this plus the code point. */
	public static final long UNICODE_OFFSET = 0x01000000L;

	private Keysyms() {
	}

	/**
	 * @param codePoint a Unicode code point
	 * @return its keysym; {@code \n} and {@code \r} are Return, {@code \t} is Tab; -1 for
	 * a control character that has no key
	 */
	public static long forCodePoint(int codePoint) {
		if (codePoint == '\n' || codePoint == '\r') {
			return RETURN;
		}
		if (codePoint == '\t') {
			return TAB;
		}
		boolean control = codePoint < 0x20 || (codePoint >= 0x7f && codePoint < 0xa0);
		boolean loneSurrogate = codePoint >= Character.MIN_SURROGATE && codePoint <= Character.MAX_SURROGATE;
		if (control || loneSurrogate || !Character.isValidCodePoint(codePoint)) {
			return -1;
		}
		if (codePoint <= 0xff) {
			return codePoint;
		}
		return UNICODE_OFFSET | codePoint;
	}

	/**
	 * The keysyms that type {@code text}, one per key stroke; {@code \r\n} is one Return.
	 * @throws DeskhandException E_ARGS naming the first character no key can type
	 */
	public static long[] forText(String text) {
		int[] codePoints = text.codePoints().toArray();
		long[] keysyms = new long[codePoints.length];
		int count = 0;
		for (int i = 0; i < codePoints.length; i++) {
			int codePoint = codePoints[i];
			if (codePoint == '\r' && i + 1 < codePoints.length && codePoints[i + 1] == '\n') {
				continue;
			}
			long keysym = forCodePoint(codePoint);
			if (keysym < 0) {
				throw DeskhandException.args(String.format(
						"cannot type U+%04X at position %d: only newline and tab"
								+ " of the control characters have a key, and a lone surrogate is no character",
						codePoint, i));
			}
			keysyms[count++] = keysym;
		}
		return Arrays.copyOf(keysyms, count);
	}

	/** Whether a keysym stands for a printable character (Latin-1 or Unicode keysym). */
	public static boolean isCharacter(long keysym) {
		return (keysym >= 0x20 && keysym <= 0x7e) || (keysym >= 0xa0 && keysym <= 0xff)
				|| (keysym >= UNICODE_OFFSET + 0x100 && keysym <= UNICODE_OFFSET + 0x10ffff);
	}

	/**
	 * Whether a keysym is in the XFree86 vendor range (media, brightness, launcher keys).
	 */
	public static boolean isVendor(long keysym) {
		return keysym >= 0x10080000L && keysym <= 0x1008ffffL;
	}

}
