package dev.deskhand.agents;

import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What a person is shown of a model's own safety message (an OpenAI pending safety check,
 * a Gemini safety decision): nothing in it can hide or reorder words, and it is cut to a
 * readable length.
 */
class VendorCallsTests {

	static Stream<Arguments> messages() {
		return Stream.of(
				// a right-to-left override makes "deny" read as "ynned" after it
				Arguments.of("bidi override", "click allow\u202E yned", "click allow\\u{202E} yned"),
				Arguments.of("bidi isolate and pop", "a\u2067b\u2069c", "a\\u{2067}b\\u{2069}c"),
				Arguments.of("left-to-right mark", "ok\u200E", "ok\\u{200E}"),
				Arguments.of("zero-width space", "pay\u200Bpal", "pay\\u{200B}pal"),
				Arguments.of("zero-width joiner", "a\u200Db", "a\\u{200D}b"),
				Arguments.of("byte order mark", "\uFEFFsafe", "\\u{FEFF}safe"),
				Arguments.of("bell and escape", "x\u0007\u001B[2Jy", "x\\u{0007}\\u{001B}[2Jy"),
				Arguments.of("line breaks and tabs", "line1\nline2\tend", "line1⏎line2⇥end"),
				Arguments.of("null", "a\u0000b", "a\\u{0000}b"),
				Arguments.of("plain words stay", "The page asks to enter a password",
						"The page asks to enter a password"),
				Arguments.of("very long", "x".repeat(5000), "x".repeat(300) + "… (5000 characters)"),
				// the cut counts code points: an emoji is not split into a lone
				// surrogate
				Arguments.of("long with emoji", "\uD83D\uDE00".repeat(301),
						"\uD83D\uDE00".repeat(300) + "… (301 characters)"));
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("messages")
	void aModelsMessageIsShownVisiblyAndShort(String name, String message, String shown) {
		assertThat(VendorCalls.shortened(message)).isEqualTo(shown);
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("messages")
	void theConfirmationShowsEveryEntryVisiblyEvenOneTheEndpointDidNotShorten(String name, String message,
			String shown) {
		// an OpenAI check's code is the model's too
		String summary = VendorCalls.summary("OpenAI", List.of(message + ": " + VendorCalls.shortened(message)), 2);
		assertThat(summary).startsWith("OpenAI's model asks a person to confirm before it acts (")
			.endsWith("); then 2 input action(s)")
			.doesNotContain("\u202E", "\u200B", "\u200D", "\uFEFF", "\u0007", "\u0000", "\n")
			.contains(shown.substring(0, Math.min(shown.length(), 40)));
		assertThat(summary.codePointCount(0, summary.length())).isLessThan(800);
	}

}
