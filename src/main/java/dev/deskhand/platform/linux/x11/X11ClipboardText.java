package dev.deskhand.platform.linux.x11;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;

/**
 * The clipboard's text in the encodings X clients ask for, and back; the selection
 * targets Deskhand offers; X timestamps. Pure, no connection.
 */
final class X11ClipboardText {

	static final String UTF8_STRING = "UTF8_STRING";

	static final String STRING = "STRING";

	static final String TEXT = "TEXT";

	static final String TEXT_PLAIN_UTF8 = "text/plain;charset=utf-8";

	static final String TARGETS = "TARGETS";

	static final String TIMESTAMP = "TIMESTAMP";

	static final String INCR = "INCR";

	static final String COMPOUND_TEXT = "COMPOUND_TEXT";

	/** The answer to TARGETS, best first: requestors take the first they understand. */
	static final List<String> OFFERED_TARGETS = List.of(UTF8_STRING, STRING, TEXT, TEXT_PLAIN_UTF8, TARGETS, TIMESTAMP);

	private X11ClipboardText() {
	}

	/**
	 * The property to answer a text target with.
	 *
	 * @param type the property's type: what the requestor decodes the bytes by
	 * @param bytes the text in that type's encoding
	 */
	record Encoded(String type, byte[] bytes) {
	}

	/**
	 * @param utf8 {@code text} as UTF-8, encoded once when it was written
	 * @param target the target the requestor asked for
	 * @return the property for a text target, {@code null} for any other target
	 */
	static Encoded encode(String text, byte[] utf8, String target) {
		if (UTF8_STRING.equals(target) || TEXT.equals(target)) {
			// TEXT lets the owner pick the encoding; every client that asks for TEXT
			// today reads UTF8_STRING
			return new Encoded(UTF8_STRING, utf8);
		}
		if (target != null && TEXT_PLAIN_UTF8.equals(target.toLowerCase(Locale.ROOT))) {
			// a MIME target is its own type (GTK and Qt check), whatever case the
			// requestor spelt it in
			return new Encoded(target, utf8);
		}
		if (STRING.equals(target)) {
			return new Encoded(STRING, latin1(text));
		}
		return null;
	}

	/**
	 * ISO Latin-1, which ICCCM says STRING is, with {@code ?} for each code point outside
	 * it.
	 */
	static byte[] latin1(String text) {
		return text.codePoints()
			.map((codePoint) -> (codePoint <= 0xff) ? codePoint : '?')
			.collect(StringBuilder::new, StringBuilder::appendCodePoint, StringBuilder::append)
			.toString()
			.getBytes(StandardCharsets.ISO_8859_1);
	}

	/**
	 * Decodes a selection's bytes by the property type the owner gave them: STRING as
	 * Latin-1, COMPOUND_TEXT by {@link X11CompoundText}, anything else (UTF8_STRING,
	 * text/plain MIME types) as UTF-8. Trailing NULs are dropped: some older owners end
	 * their text with one.
	 */
	static String decode(String type, byte[] bytes) {
		int length = bytes.length;
		while (length > 0 && bytes[length - 1] == 0) {
			length--;
		}
		if (STRING.equals(type)) {
			return new String(bytes, 0, length, StandardCharsets.ISO_8859_1);
		}
		if (COMPOUND_TEXT.equals(type)) {
			byte[] trimmed = new byte[length];
			System.arraycopy(bytes, 0, trimmed, 0, length);
			return X11CompoundText.decode(trimmed);
		}
		return new String(bytes, 0, length, StandardCharsets.UTF_8);
	}

	/**
	 * Whether an owner's answer is text by its type. Some owners answer any target with
	 * what they hold (xclip, given {@code -t image/png}, answers UTF8_STRING with
	 * image/png bytes).
	 */
	static boolean isText(String type) {
		return UTF8_STRING.equals(type) || STRING.equals(type) || TEXT.equals(type) || COMPOUND_TEXT.equals(type)
				|| (type != null && type.toLowerCase(Locale.ROOT).startsWith("text/"));
	}

	/**
	 * Compares X timestamps: milliseconds in 32 bits, which wrap after 49.7 days, so a
	 * time is earlier when it is less than half the range behind, as the X server
	 * compares them.
	 * @return whether {@code time} is earlier than {@code other}
	 */
	static boolean isBefore(long time, long other) {
		return (int) (time - other) < 0;
	}

}
