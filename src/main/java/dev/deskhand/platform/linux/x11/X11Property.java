package dev.deskhand.platform.linux.x11;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * One window property as {@code XGetWindowProperty} returned it. Pure: reading one is
 * {@link X11WindowReader#property}.
 *
 * @param type the name of its type, e.g. {@code UTF8_STRING}, {@code CARDINAL}
 * @param format 8, 16 or 32 bits per item
 * @param bytes the items of a format-8 property; empty otherwise
 * @param numbers the items of a format-16 or -32 property, unsigned; empty otherwise
 */
record X11Property(String type, int format, byte[] bytes, long[] numbers) {

	static X11Property ofBytes(String type, byte[] bytes) {
		return new X11Property(type, 8, bytes, new long[0]);
	}

	static X11Property ofNumbers(String type, int format, long[] numbers) {
		return new X11Property(type, format, new byte[0], numbers);
	}

	/**
	 * @return the first string of a text property, or empty
	 */
	String text() {
		List<String> strings = strings();
		return strings.isEmpty() ? "" : strings.get(0);
	}

	/**
	 * A text property's NUL-separated strings ({@code WM_CLASS} holds instance, then
	 * class), decoded by its type: UTF8_STRING as UTF-8, COMPOUND_TEXT by
	 * {@link X11CompoundText}, and STRING (and any other 8-bit type) as Latin-1, which is
	 * what ICCCM says STRING is.
	 */
	List<String> strings() {
		if (this.format != 8) {
			return List.of();
		}
		String decoded;
		if ("UTF8_STRING".equals(this.type)) {
			decoded = new String(this.bytes, StandardCharsets.UTF_8);
		}
		else if ("COMPOUND_TEXT".equals(this.type)) {
			decoded = X11CompoundText.decode(this.bytes);
		}
		else {
			decoded = new String(this.bytes, StandardCharsets.ISO_8859_1);
		}
		List<String> strings = new ArrayList<>(List.of(decoded.split("\0", -1)));
		// most clients end the last string with a NUL as well
		if (strings.size() > 1 && strings.get(strings.size() - 1).isEmpty()) {
			strings.remove(strings.size() - 1);
		}
		return strings;
	}

	/**
	 * @return the first item of a numeric property (a CARDINAL, a WINDOW), or 0
	 */
	long number() {
		return (this.numbers.length > 0) ? this.numbers[0] : 0;
	}

}
