package dev.deskhand.errors;

/**
 * A value quoted back in an error message, bounded: an agent that sends a megabyte of key
 * name gets a short prefix and the length, not a two-megabyte error.
 */
public final class Echo {

	/** Characters of a value an error message quotes before it cuts. */
	public static final int MAX = 40;

	private Echo() {
	}

	/**
	 * {@code 'value'}, or {@code 'prefix…' (N characters)} when longer than {@link #MAX}.
	 */
	public static String of(Object value) {
		return of(value, MAX);
	}

	/** As {@link #of(Object)}, cut after {@code max} characters. */
	public static String of(Object value, int max) {
		if (value == null) {
			return "null";
		}
		String text = String.valueOf(value);
		if (text.length() <= max) {
			return "'" + text + "'";
		}
		int end = Character.isHighSurrogate(text.charAt(max - 1)) ? max - 1 : max;
		return "'" + text.substring(0, end) + "…' (" + text.length() + " characters)";
	}

}
