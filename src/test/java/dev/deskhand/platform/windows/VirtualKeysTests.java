package dev.deskhand.platform.windows;

import java.util.OptionalInt;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import dev.deskhand.platform.keys.KeyNames;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The names agents send, resolved through the OS-neutral vocabulary, reach the
 * virtual-key codes of Microsoft's table (winuser.h values as fixtures), with the sides
 * of modifiers and the extended flag where Windows needs it.
 */
class VirtualKeysTests {

	@ParameterizedTest(name = "{0} -> {1}")
	@CsvSource({ "ctrl, 0xA2", "rctrl, 0xA3", "shift, 0xA0", "alt, 0xA4", "super, 0x5B", "Return, 0x0D", "enter, 0x0D",
			"Tab, 0x09", "Escape, 0x1B", "BackSpace, 0x08", "Delete, 0x2E", "Left, 0x25", "Down, 0x28", "Page_Up, 0x21",
			"Page_Down, 0x22", "Home, 0x24", "End, 0x23", "F1, 0x70", "F12, 0x7B", "F24, 0x87", "a, 0x41", "Z, 0x5A",
			"0, 0x30", "KP_5, 0x65", "space, 0x20", "Print, 0x2C", "Caps_Lock, 0x14" })
	void agentsNamesReachMicrosoftsCodes(String name, String code) {
		String canonical = KeyNames.resolve(name)
			.orElseThrow(() -> new AssertionError(name + " is not in the vocabulary"));
		assertThat(VirtualKeys.code(canonical)).as(name + " = " + canonical)
			.isEqualTo(OptionalInt.of(Integer.decode(code)));
	}

	@Test
	void navigationKeysAndRightModifiersAreExtendedLetterKeysAreNot() {
		for (String name : new String[] { "Left", "Home", "Delete", "Control_R", "Alt_R", "KP_Enter", "Super_L" }) {
			assertThat(VirtualKeys.extended(name)).as(name).isTrue();
		}
		for (String name : new String[] { "a", "Return", "Control_L", "Shift_R", "F5", "KP_5" }) {
			assertThat(VirtualKeys.extended(name)).as(name).isFalse();
		}
	}

	@Test
	void aCharacterWithoutAKeyHasNoCodeAndIsTypedAsText() {
		assertThat(VirtualKeys.code("eacute")).isEmpty();
		assertThat(VirtualKeys.code("EuroSign")).isEmpty();
	}

}
