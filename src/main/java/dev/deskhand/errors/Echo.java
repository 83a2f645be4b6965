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
		if (value == null) {
			return "null";
		}
		String text = String.valueOf(value);
		if (text.length() <= MAX) {
			return "'" + text + "'";
		}
		int end = Character.isHighSurrogate(text.charAt(MAX - 1)) ? MAX - 1 : MAX;
		return "'" + text.substring(0, end) + "…' (" + text.length() + " characters)";
	}

}
