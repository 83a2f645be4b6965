package dev.deskhand.audit;

import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * What may be written about text an agent types or puts on the clipboard: its length and
 * a short hash for the audit trail, or a shortened, visible form for a human deciding an
 * approval. The text itself never goes into an audit record.
 */
public final class Redaction {

	private Redaction() {
	}

	/**
	 * The audit form of secret text: {@code {"length": <code points>, "sha256": "<16
	 * hex>"}}, the first 16 hex digits of the SHA-256 of its UTF-8 bytes. The hash lets
	 * an investigator who knows a candidate text confirm it was the one typed; it is
	 * unsalted, so it does the same for anyone guessing a short password.
	 * @param secretText the text
	 * @return an unmodifiable map with {@code length} then {@code sha256}
	 */
	public static Map<String, Object> of(String secretText) {
		Objects.requireNonNull(secretText, "'secretText' must not be null");
		byte[] digest = ChainLine.sha256().digest(secretText.getBytes(StandardCharsets.UTF_8));
		Map<String, Object> redacted = new LinkedHashMap<>();
		redacted.put("length", secretText.codePointCount(0, secretText.length()));
		redacted.put("sha256", HexFormat.of().formatHex(digest, 0, 8));
		return Collections.unmodifiableMap(redacted);
	}

	/**
	 * Text shortened for an approval prompt: the first {@code max} code points, then
	 * {@code "… (N characters)"} when it is longer. Line breaks, tabs and invisible
	 * characters (controls, bidi overrides, zero-width marks) are shown as {@code ⏎},
	 * {@code ⇥} or {@code \}{@code u{XXXX}}, so a prompt cannot hide or reorder what will
	 * really be typed; they still count as one character each.
	 * @param text the text
	 * @param max the number of code points to keep, at least 0
	 * @return the visible summary
	 */
	public static String summary(String text, int max) {
		Objects.requireNonNull(text, "'text' must not be null");
		if (max < 0) {
			throw new IllegalArgumentException("'max' must not be negative");
		}
		int length = text.codePointCount(0, text.length());
		StringBuilder summary = new StringBuilder();
		text.codePoints().limit(max).forEach((codePoint) -> appendVisible(summary, codePoint));
		if (length > max) {
			summary.append("… (").append(length).append(" characters)");
		}
		return summary.toString();
	}

	private static void appendVisible(StringBuilder summary, int codePoint) {
		if (codePoint == '\n') {
			summary.append('⏎');
		}
		else if (codePoint == '\t') {
			summary.append('⇥');
		}
		else if (isInvisible(codePoint)) {
			summary.append(String.format("\\u{%04X}", codePoint));
		}
		else {
			summary.appendCodePoint(codePoint);
		}
	}

	private static boolean isInvisible(int codePoint) {
		int type = Character.getType(codePoint);
		return type == Character.CONTROL || type == Character.FORMAT || type == Character.LINE_SEPARATOR
				|| type == Character.PARAGRAPH_SEPARATOR || type == Character.UNASSIGNED
				|| type == Character.PRIVATE_USE || type == Character.SURROGATE;
	}

}
