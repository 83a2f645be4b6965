package dev.deskhand.audit;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Collections;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * What may be written about text an agent types or puts on the clipboard: its length and
 * a short keyed hash for the audit trail, or a shortened, visible form for a human
 * deciding an approval. The text itself never goes into an audit record.
 */
public final class Redaction {

	private static final String ALGORITHM = "HmacSHA256";

	/** Hex digits of the HMAC kept: 64 bits, as many as the unkeyed hash had. */
	private static final int HMAC_BYTES = 8;

	/*
	 * A random key of this process until the audit configuration installs the
	 * installation's key: a hash is never unkeyed, only, before that, unconfirmable after
	 * the process ends. Volatile: installed once at start-up, read on any thread.
	 */
	private static volatile SecretKeySpec key = new SecretKeySpec(randomKey(), ALGORITHM);

	private Redaction() {
	}

	/**
	 * The audit form of secret text: {@code {"length": <code points>, "hmac": "<16
	 * hex>"}}, the first 16 hex digits of the HMAC-SHA256 of its UTF-8 bytes under the
	 * installation's audit key ({@code deskhand.audit.key-file}). Whoever holds the key
	 * can confirm that a candidate text was the one typed; whoever holds only the audit
	 * file cannot test guesses offline.
	 * @param secretText the text
	 * @return an unmodifiable map with {@code length} then {@code hmac}
	 */
	public static Map<String, Object> of(String secretText) {
		Objects.requireNonNull(secretText, "'secretText' must not be null");
		byte[] digest = hmac(key, secretText.getBytes(StandardCharsets.UTF_8));
		Map<String, Object> redacted = new LinkedHashMap<>();
		redacted.put("length", secretText.codePointCount(0, secretText.length()));
		redacted.put("hmac", HexFormat.of().formatHex(digest, 0, HMAC_BYTES));
		return Collections.unmodifiableMap(redacted);
	}

	/** Keys every later {@link #of} with the installation's secret; at start-up. */
	static void install(byte[] secret) {
		if (secret.length < AuditKey.LENGTH) {
			throw new IllegalArgumentException("an audit key has at least " + AuditKey.LENGTH + " bytes");
		}
		key = new SecretKeySpec(secret.clone(), ALGORITHM);
	}

	/** The key in use; for tests that install another and put it back. */
	static byte[] installed() {
		return key.getEncoded();
	}

	/**
	 * Text shortened for an approval prompt: the first {@code max} code points, then
	 * {@code "… (N characters)"} when it is longer. Line breaks, tabs and invisible
	 * characters (controls, bidi overrides, zero-width marks) are shown as {@code ⏎},
	 * {@code ⇥} or {@code \}{@code u{XXXX}}, so a prompt cannot hide or reorder what will
	 * really be typed; they still count as one character each. Used for every text an
	 * approval shows that an agent or an application chose: typed text, window titles,
	 * element and application names.
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

	private static byte[] hmac(SecretKeySpec secret, byte[] text) {
		try {
			// A Mac is not thread-safe and cheap to make: one per call.
			Mac mac = Mac.getInstance(ALGORITHM);
			mac.init(secret);
			return mac.doFinal(text);
		}
		catch (GeneralSecurityException ex) {
			// Every Java platform must provide HmacSHA256.
			throw new IllegalStateException(ex);
		}
	}

	private static byte[] randomKey() {
		byte[] random = new byte[AuditKey.LENGTH];
		new SecureRandom().nextBytes(random);
		return random;
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
				|| type == Character.PRIVATE_USE || type == Character.SURROGATE || isBlankGlyph(codePoint);
	}

	/**
	 * Characters that draw nothing although Unicode does not class them as formatting:
	 * the Hangul fillers (letters), the blank Braille pattern, the combining grapheme
	 * joiner and the variation selectors (marks). Phishing text uses them to pad or to
	 * split a word so that it reads as another.
	 */
	private static boolean isBlankGlyph(int codePoint) {
		return codePoint == 0x115F || codePoint == 0x1160 || codePoint == 0x3164 || codePoint == 0xFFA0
				|| codePoint == 0x2800 || codePoint == 0x034F || (codePoint >= 0xFE00 && codePoint <= 0xFE0F)
				|| (codePoint >= 0xE0100 && codePoint <= 0xE01EF);
	}

}
