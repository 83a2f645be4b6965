package dev.deskhand.platform.macos;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.deskhand.platform.macos.MacTyping.Chars;
import dev.deskhand.platform.macos.MacTyping.Key;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Text is split into CGEventKeyboardSetUnicodeString's 20-unit chunks without cutting a
 * surrogate pair, and line breaks and tabs become key presses.
 */
class MacTypingTests {

	@Test
	void shortTextIsOneChunk() {
		assertThat(MacTyping.plan("héllo wörld")).containsExactly(new Chars("héllo wörld"));
		assertThat(MacTyping.plan("")).isEmpty();
	}

	@Test
	void longTextIsSplitEveryTwentyUnits() {
		String text = "abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGH";

		List<MacTyping.Step> steps = MacTyping.plan(text);

		assertThat(steps).containsExactly(new Chars(text.substring(0, 20)), new Chars(text.substring(20, 40)),
				new Chars(text.substring(40)));
	}

	@Test
	void aSurrogatePairAtTheLimitMovesToTheNextChunk() {
		String emoji = "\uD83D\uDE42";
		String text = "a".repeat(19) + emoji + "b";

		List<MacTyping.Step> steps = MacTyping.plan(text);

		assertThat(steps).containsExactly(new Chars("a".repeat(19)), new Chars(emoji + "b"));
		for (MacTyping.Step step : steps) {
			String chunk = ((Chars) step).text();
			assertThat(chunk.length()).isLessThanOrEqualTo(20);
			assertThat(Character.isHighSurrogate(chunk.charAt(chunk.length() - 1))).isFalse();
		}
	}

	@Test
	void twentyEmojiAreTwoChunksOfTen() {
		String text = "\uD83D\uDE42".repeat(20);

		assertThat(MacTyping.plan(text)).containsExactly(new Chars("\uD83D\uDE42".repeat(10)),
				new Chars("\uD83D\uDE42".repeat(10)));
	}

	@Test
	void lineBreaksAndTabsArePressedCrLfOnce() {
		assertThat(MacTyping.plan("a\nb\r\nc\td\r")).containsExactly(new Chars("a"), new Key(0x24), new Chars("b"),
				new Key(0x24), new Chars("c"), new Key(0x30), new Chars("d"), new Key(0x24));
		assertThat(MacTyping.plan("\n\n")).containsExactly(new Key(0x24), new Key(0x24));
	}

}
