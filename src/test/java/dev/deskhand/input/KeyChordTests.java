package dev.deskhand.input;

import java.util.List;
import java.util.function.Predicate;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.keys.KeyNames;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class KeyChordTests {

	// what a driver that presses every key of the vocabulary answers
	private static final Predicate<String> KNOWN = KeyNames::isKnown;

	@ParameterizedTest
	@CsvSource(delimiter = '|',
			value = { "ctrl+shift+t|Control_L+Shift_L+t", "Return|Return", "enter|Return", "super|Super_L",
					"cmd+c|Super_L+c", "alt+F4|Alt_L+F4", "ctrl+alt+Delete|Control_L+Alt_L+Delete",
					"Page_Down|Page_Down", "pagedown|Page_Down", "shift+Tab|Shift_L+Tab", "ESC|Escape", "f12|F12",
					"ctrl+/|Control_L+slash", "ctrl++|Control_L+plus", "ctrl+plus|Control_L+plus", "space|space",
					"KP_Enter|KP_Enter", "ctrl+é|Control_L+U00E9", "BackSpace|BackSpace", " ctrl + a |Control_L+a",
					"XF86AudioMute|XF86AudioMute", "1|1", "A|A" })
	void resolvesXdotoolStyleNames(String text, String expected) {
		assertThat(KeyChord.parse(text, KNOWN).toString()).isEqualTo(expected);
	}

	@Test
	void keepsOrderModifiersFirst() {
		assertThat(KeyChord.parse("ctrl+shift+t", KNOWN).keys()).containsExactly("Control_L", "Shift_L", "t");
	}

	@ParameterizedTest
	@CsvSource(delimiter = '|', value = { "ctrl+bogus|unknown key 'bogus'", "ctrl+|ends with '+'", "''|empty",
			"Fn|unknown key 'Fn'", "F99|unknown key 'F99'" })
	void rejectsBadChordsBeforeAnythingIsPressed(String text, String message) {
		assertThatThrownBy(() -> KeyChord.parse(text, KNOWN)).isInstanceOf(DeskhandException.class)
			.hasMessageContaining(message)
			.extracting((ex) -> ((DeskhandException) ex).code())
			.isEqualTo(ErrorCode.E_ARGS);
	}

	@Test
	void aDriverWithoutSomeKeyNarrowsTheVocabulary() {
		Predicate<String> noMediaKeys = (key) -> KeyNames.isKnown(key) && !key.startsWith("XF86");
		assertThatThrownBy(() -> KeyChord.parse("ctrl+XF86AudioMute", noMediaKeys))
			.hasMessageContaining("unknown key 'XF86AudioMute'");
		assertThat(KeyChord.parse("ctrl+a", noMediaKeys).keys()).containsExactly("Control_L", "a");
	}

	@Test
	void modifiersAreEveryHandOfEveryModifier() {
		assertThat(KeyChord.MODIFIERS).containsExactlyInAnyOrder("Shift_L", "Shift_R", "Control_L", "Control_R",
				"Alt_L", "Alt_R", "Super_L", "Super_R", "Meta_L", "Meta_R", "ISO_Level3_Shift");
	}

	@Test
	void blankModifiersAreNone() {
		assertThat(KeyChord.parseModifiers(null, KNOWN)).isEqualTo(KeyChord.NONE);
		assertThat(KeyChord.parseModifiers("  ", KNOWN).keys()).isEmpty();
		assertThat(KeyChord.parseModifiers("shift+alt", KNOWN).keys()).isEqualTo(List.of("Shift_L", "Alt_L"));
	}

}
