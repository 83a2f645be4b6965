package dev.deskhand.platform.keys;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;

class KeyNamesTests {

	@ParameterizedTest
	@CsvSource({ "ctrl, Control_L", "CTRL, Control_L", "rctrl, Control_R", "cmd, Super_L", "win, Super_L",
			"meta, Super_L", "option, Alt_L", "altgr, ISO_Level3_Shift", "Enter, Return", "return, Return",
			"PageUp, Page_Up", "pgdn, Page_Down", "Page_Up, Page_Up", "Del, Delete", "esc, Escape", "f5, F5",
			"F35, F35", "a, a", "A, A", "7, 7", "!, exclam", "+, plus", "é, U00E9", "日, U65E5", "🙂, U1F642",
			"KP_Enter, KP_Enter", "XF86AudioMute, XF86AudioMute", "eacute, eacute", "Prior, Prior" })
	void resolvesTheNamesAgentsSend(String sent, String keysymName) {
		assertThat(KeyNames.resolve(sent)).contains(keysymName);
	}

	/**
	 * The spellings the vendors' computer-use loops send: OpenAI keypress (upper case and
	 * DOM KeyboardEvent names), Gemini key_combination ("control+c" parts), Anthropic's
	 * xdotool names.
	 */
	@ParameterizedTest
	@CsvSource({ "CTRL, Control_L", "Control, Control_L", "ctrl, Control_L", "ControlLeft, Control_L",
			"ControlRight, Control_R", "SHIFT, Shift_L", "ShiftRight, Shift_R", "ALT, Alt_L", "AltLeft, Alt_L",
			"opt, Alt_L", "META, Super_L", "Meta, Super_L", "MetaLeft, Super_L", "MetaRight, Super_R", "CMD, Super_L",
			"super, Super_L", "Win, Super_L", "lwin, Super_L", "rwin, Super_R", "OSLeft, Super_L", "ENTER, Return",
			"Enter, Return", "Return, Return", "ESC, Escape", "Escape, Escape", "ArrowLeft, Left", "ARROWLEFT, Left",
			"Left, Left", "ArrowUp, Up", "ArrowDown, Down", "ArrowRight, Right", "PageDown, Page_Down",
			"PAGEDOWN, Page_Down", "Page_Down, Page_Down", "PageUp, Page_Up", "SPACE, space", "Spacebar, space",
			"BACKSPACE, BackSpace", "BackSpace, BackSpace", "DELETE, Delete", "TAB, Tab", "HOME, Home", "END, End",
			"F12, F12" })
	void resolvesEachVendorsSpellings(String sent, String keysymName) {
		assertThat(KeyNames.resolve(sent)).contains(keysymName);
	}

	@ParameterizedTest
	@CsvSource({ "F36", "f0", "Ctrl_Left", "return_key", "XF86NoSuchKey", "U+D800", "U0007" })
	void unknownNamesResolveToNothing(String sent) {
		assertThat(KeyNames.resolve(sent)).isEmpty();
	}

	@Test
	void controlCharactersHaveNoKey() {
		assertThat(KeyNames.resolve("\u0007")).isEmpty();
		assertThat(KeyNames.resolve("")).isEmpty();
		assertThat(KeyNames.resolve(null)).isEmpty();
	}

	@Test
	void keysymValuesFollowTheXTable() {
		assertThat(KeyNames.keysym("Return")).hasValue(0xff0d);
		assertThat(KeyNames.keysym("Page_Up")).hasValue(0xff55);
		assertThat(KeyNames.keysym("Prior")).hasValue(0xff55);
		assertThat(KeyNames.keysym("XF86AudioMute")).hasValue(0x1008ff12L);
		assertThat(KeyNames.keysym("eacute")).hasValue(0xe9);
		assertThat(KeyNames.keysym("F35")).hasValue(0xffe0);
		// Unicode and hex forms as Xlib computes them: Latin-1 is its own keysym
		assertThat(KeyNames.keysym("U00E9")).hasValue(0xe9);
		assertThat(KeyNames.keysym("U1F642")).hasValue(0x0101f642L);
		assertThat(KeyNames.keysym("U+1F642")).isEmpty();
		assertThat(KeyNames.keysym("U4E16")).hasValue(0x01004e16L);
		assertThat(KeyNames.keysym("0xff0d")).hasValue(0xff0d);
		assertThat(KeyNames.keysym("0xzz")).isEmpty();
		assertThat(KeyNames.keysym("U110000")).isEmpty();
	}

	@Test
	void modifiersKnowTheirTwins() {
		assertThat(KeyNames.modifier("Control_R")).contains(Modifier.CONTROL);
		assertThat(KeyNames.modifier("ISO_Level3_Shift")).contains(Modifier.ALTGR);
		assertThat(KeyNames.modifier("a")).isEmpty();
		assertThat(KeyNames.eitherHand("Control_L")).containsExactly("Control_L", "Control_R");
		assertThat(KeyNames.eitherHand("Super_R")).containsExactly("Super_L", "Super_R");
		assertThat(KeyNames.eitherHand("ISO_Level3_Shift")).containsExactly("ISO_Level3_Shift");
		assertThat(KeyNames.eitherHand("Escape")).containsExactly("Escape");
	}

	@Test
	void chordsCompareByCanonicalNames() {
		assertThat(List.of("Control_R", "Shift_R", "Alt_R", "Super_R", "Meta_L", "Meta_R", "L", "Delete")
			.stream()
			.map(KeyNames::canonical))
			.containsExactly("Control_L", "Shift_L", "Alt_L", "Super_L", "Alt_L", "Alt_L", "l", "Delete");
	}

	@Test
	void everyModifierKeyIsInTheKeysymTable() {
		for (Modifier modifier : Modifier.values()) {
			for (String key : modifier.keys()) {
				assertThat(KeyNames.isKnown(key)).as(key).isTrue();
			}
		}
	}

}
