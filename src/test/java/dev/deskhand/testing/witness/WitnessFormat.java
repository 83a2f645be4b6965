package dev.deskhand.testing.witness;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The witness log's line format, shared by the writer ({@link WitnessApp}) and the reader
 * ({@link WitnessWindow}).
 * <p>
 * A line is {@code <System.nanoTime()> <EVENT> <key=value>...}; {@code TEXT} lines carry
 * the escaped document instead of fields. Values may contain spaces (KeyEvent.getKeyText
 * gives "Page Down"), so a value runs until the next {@code " key="}.
 */
final class WitnessFormat {

	static final String TEXT = "TEXT";

	private static final Pattern FIELD_SEPARATOR = Pattern.compile(" (?=[A-Za-z]+=)");

	private WitnessFormat() {
	}

	/**
	 * Escapes a document so that it fits on one line and {@link #unescape} restores it.
	 */
	static String escape(String text) {
		StringBuilder escaped = new StringBuilder(text.length() + 8);
		for (int i = 0; i < text.length(); i++) {
			char c = text.charAt(i);
			switch (c) {
				case '\\' -> escaped.append("\\\\");
				case '\n' -> escaped.append("\\n");
				case '\r' -> escaped.append("\\r");
				case '\t' -> escaped.append("\\t");
				default -> escaped.append(c);
			}
		}
		return escaped.toString();
	}

	static String unescape(String escaped) {
		StringBuilder text = new StringBuilder(escaped.length());
		for (int i = 0; i < escaped.length(); i++) {
			char c = escaped.charAt(i);
			if (c != '\\' || i + 1 == escaped.length()) {
				text.append(c);
				continue;
			}
			char next = escaped.charAt(++i);
			switch (next) {
				case 'n' -> text.append('\n');
				case 'r' -> text.append('\r');
				case 't' -> text.append('\t');
				default -> text.append(next);
			}
		}
		return text.toString();
	}

	/**
	 * Splits an event (a log line without its timestamp) into fields. The event name is
	 * under {@code "event"}; a TEXT event's unescaped document is under {@code "text"}.
	 */
	static Map<String, String> fields(String event) {
		Map<String, String> fields = new LinkedHashMap<>();
		int space = event.indexOf(' ');
		String name = (space < 0) ? event : event.substring(0, space);
		fields.put("event", name);
		String rest = (space < 0) ? "" : event.substring(space + 1);
		if (TEXT.equals(name)) {
			fields.put("text", unescape(rest));
			return fields;
		}
		if (rest.isEmpty()) {
			return fields;
		}
		for (String field : FIELD_SEPARATOR.split(rest)) {
			int equals = field.indexOf('=');
			if (equals > 0) {
				fields.put(field.substring(0, equals), field.substring(equals + 1));
			}
		}
		return fields;
	}

	/** Formats a key character as a code point, {@code U+0068}, or {@code none}. */
	static String keyChar(char c, char undefined) {
		return (c == undefined) ? "none" : String.format("U+%04X", (int) c);
	}

}
