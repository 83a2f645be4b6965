package dev.deskhand.platform.macos;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits text into what {@code CGEventKeyboardSetUnicodeString} can carry: chunks of at
 * most {@value #MAX_UNITS} UTF-16 units (the limit Apple documents; longer strings are
 * truncated), a surrogate pair never cut in two, and line breaks and tabs as presses of
 * Return and Tab, because many text views ignore a newline that arrives as a character.
 * Pure.
 */
final class MacTyping {

	static final int MAX_UNITS = 20;

	private MacTyping() {
	}

	/** One step of typing: a chunk of characters, or one key pressed and released. */
	sealed interface Step permits Chars, Key {

	}

	/** Characters sent on one key-down/key-up pair. */
	record Chars(String text) implements Step {
	}

	/**
	 * A key pressed and released ({@link MacKeyCodes#RETURN}, {@link MacKeyCodes#TAB}).
	 */
	record Key(int keycode) implements Step {
	}

	static List<Step> plan(String text) {
		return plan(text, MAX_UNITS);
	}

	static List<Step> plan(String text, int maxUnits) {
		List<Step> steps = new ArrayList<>();
		int start = 0;
		int i = 0;
		while (i < text.length()) {
			char c = text.charAt(i);
			int key = (c == '\n' || c == '\r') ? MacKeyCodes.RETURN : (c == '\t') ? MacKeyCodes.TAB : -1;
			if (key < 0) {
				i++;
				continue;
			}
			chunks(text.substring(start, i), maxUnits, steps);
			steps.add(new Key(key));
			// \r\n is one line break
			i += (c == '\r' && i + 1 < text.length() && text.charAt(i + 1) == '\n') ? 2 : 1;
			start = i;
		}
		chunks(text.substring(start), maxUnits, steps);
		return steps;
	}

	private static void chunks(String text, int maxUnits, List<Step> steps) {
		int start = 0;
		while (start < text.length()) {
			int end = Math.min(start + maxUnits, text.length());
			if (end < text.length() && Character.isHighSurrogate(text.charAt(end - 1))
					&& Character.isLowSurrogate(text.charAt(end))) {
				end--;
			}
			steps.add(new Chars(text.substring(start, end)));
			start = end;
		}
	}

}
