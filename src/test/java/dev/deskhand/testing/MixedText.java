package dev.deskhand.testing;

import java.util.Random;

/**
 * The mixed text the live typing tests type on every driver: CJK, Hangul, accented Latin,
 * ✓✗★, €£¥, arrows and ASCII punctuation, in a fixed random order.
 */
public final class MixedText {

	private static final String POOL = "中文字世界日本語漢字東京北京上海你好謝謝한국어ÀÁÂÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÖÙÚÛÜàáâäåçèéêëìíîïñòóôöùúûüßœŒłŁžŠ"
			+ "✓✗★☆€£¥←↑→↓⇐⇒↔.,;:!?'\"()[]{}<>@#$%&*-_=+/\\|~^` abcxyzABCXYZ0123456789";

	private MixedText() {
	}

	/** {@code codePoints} characters of the pool, drawn with {@code seed}. */
	public static String of(int codePoints, long seed) {
		return draw(POOL, codePoints, seed);
	}

	/**
	 * As {@link #of}, from printable ASCII and space only: what a US keyboard layout
	 * types, for a driver that can type only its desktop's layout (KDE).
	 */
	public static String ascii(int codePoints, long seed) {
		StringBuilder pool = new StringBuilder();
		for (char c = ' '; c < 0x7f; c++) {
			pool.append(c);
		}
		return draw(pool.toString(), codePoints, seed);
	}

	/**
	 * As {@link #of}, with an emoji (outside the Basic Multilingual Plane) in the pool.
	 */
	public static String withEmoji(int codePoints, long seed) {
		return draw(POOL + "🙂", codePoints, seed);
	}

	private static String draw(String pool, int codePoints, long seed) {
		int[] characters = pool.codePoints().toArray();
		Random random = new Random(seed);
		StringBuilder text = new StringBuilder();
		for (int i = 0; i < codePoints; i++) {
			text.appendCodePoint(characters[random.nextInt(characters.length)]);
		}
		return text.toString();
	}

}
