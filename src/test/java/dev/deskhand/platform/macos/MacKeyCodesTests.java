package dev.deskhand.platform.macos;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.OptionalInt;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import dev.deskhand.platform.keys.KeyNames;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The names agents send, resolved through the OS-neutral vocabulary, reach the
 * {@code kVK_*} codes of Carbon's Events.h (values as fixtures); keys a Mac lacks are
 * refused, characters without a key are typed; modifiers set their event flags.
 */
class MacKeyCodesTests {

	@ParameterizedTest(name = "{0} -> {1}")
	@CsvSource({ "a, 0x00", "s, 0x01", "d, 0x02", "z, 0x06", "q, 0x0C", "w, 0x0D", "m, 0x2E", "A, 0x00", "0, 0x1D",
			"1, 0x12", "5, 0x17", "6, 0x16", "9, 0x19", "enter, 0x24", "Return, 0x24", "Tab, 0x30", "space, 0x31",
			"BackSpace, 0x33", "Escape, 0x35", "Delete, 0x75", "Home, 0x73", "End, 0x77", "pageup, 0x74",
			"Page_Down, 0x79", "Left, 0x7B", "Right, 0x7C", "Down, 0x7D", "Up, 0x7E", "F1, 0x7A", "F2, 0x78",
			"F5, 0x60", "F12, 0x6F", "F20, 0x5A", "ctrl, 0x3B", "rctrl, 0x3E", "shift, 0x38", "rshift, 0x3C",
			"alt, 0x3A", "option, 0x3A", "ralt, 0x3D", "cmd, 0x37", "super, 0x37", "rsuper, 0x36", "meta, 0x37",
			"Meta_L, 0x3A", "altgr, 0x3D", "Caps_Lock, 0x39", "KP_0, 0x52", "KP_8, 0x5B", "KP_Enter, 0x4C",
			"minus, 0x1B", "-, 0x1B", "=, 0x18", "[, 0x21", "], 0x1E", "\\, 0x2A", "';', 0x29", "apostrophe, 0x27",
			"grave, 0x32", "',', 0x2B", "., 0x2F", "/, 0x2C", "Insert, 0x72" })
	void agentsNamesReachCarbonsCodes(String name, String code) {
		String canonical = KeyNames.resolve(name)
			.orElseThrow(() -> new AssertionError(name + " is not in the vocabulary"));
		assertThat(MacKeyCodes.code(canonical)).as(name + " = " + canonical)
			.isEqualTo(OptionalInt.of(Integer.decode(code)));
	}

	@ParameterizedTest
	@ValueSource(strings = { "Print", "Scroll_Lock", "Num_Lock", "Pause", "Menu", "XF86AudioMute", "F21", "Hyper_L",
			"Cyrillic_a" })
	void keysAMacLacksAreRefused(String name) {
		assertThat(MacKeyCodes.isKnown(name)).as(name).isFalse();
	}

	@Test
	void charactersWithoutAKeyAreTypedAsText() {
		assertThat(MacKeyCodes.code("exclam")).isEmpty();
		assertThat(MacKeyCodes.text("exclam")).isEqualTo("!");
		assertThat(MacKeyCodes.text(KeyNames.resolve("é").orElseThrow())).isEqualTo("é");
		assertThat(MacKeyCodes.text(KeyNames.resolve("€").orElseThrow())).isEqualTo("€");
		assertThat(MacKeyCodes.text("U1F642")).isEqualTo("\uD83D\uDE42");
		assertThat(MacKeyCodes.isKnown("exclam")).isTrue();
		assertThat(MacKeyCodes.text("F5")).isNull();
	}

	@Test
	void letterCodesAreTwentySixDistinctKeysApartFromDigits() {
		Set<Integer> codes = new HashSet<>();
		for (char c = 'a'; c <= 'z'; c++) {
			codes.add(MacKeyCodes.code(String.valueOf(c)).getAsInt());
		}
		for (char c = '0'; c <= '9'; c++) {
			codes.add(MacKeyCodes.code(String.valueOf(c)).getAsInt());
		}
		assertThat(codes).hasSize(36);
	}

	@Test
	void everyNameTheVocabularyKnowsIsPressedTypedOrRefusedConsistently() throws IOException {
		List<String> names = keysymNames();
		assertThat(names).hasSizeGreaterThan(2000);
		int pressed = 0;
		for (String name : names) {
			boolean known = MacKeyCodes.isKnown(name);
			boolean pressable = MacKeyCodes.code(name).isPresent();
			boolean typable = MacKeyCodes.text(name) != null;
			assertThat(known).as(name).isEqualTo(pressable || typable);
			pressed += pressable ? 1 : 0;
		}
		// the table's names that are not X keysym names would be dead entries
		assertThat(pressed).isGreaterThan(100);
	}

	@Test
	void modifiersSetTheirFlagsOtherKeysNone() {
		int shift = MacKeyCodes.code("Shift_L").getAsInt();
		int command = MacKeyCodes.code("Super_R").getAsInt();
		int option = MacKeyCodes.code("Alt_L").getAsInt();
		int control = MacKeyCodes.code("Control_R").getAsInt();

		assertThat(MacKeyCodes.flags(Set.of(shift, command))).isEqualTo(0x20000L | 0x100000L);
		assertThat(MacKeyCodes.flags(Set.of(option, control))).isEqualTo(0x80000L | 0x40000L);
		assertThat(MacKeyCodes.flags(Set.of(MacKeyCodes.code("a").getAsInt()))).isZero();
		assertThat(MacKeyCodes.flags(Set.of())).isZero();
	}

	private static List<String> keysymNames() throws IOException {
		List<String> names = new ArrayList<>();
		try (InputStream in = KeyNames.class.getResourceAsStream("keysyms.txt")) {
			BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.US_ASCII));
			for (String line = reader.readLine(); line != null; line = reader.readLine()) {
				if (!line.isBlank() && !line.startsWith("#")) {
					names.add(line.substring(0, line.indexOf(' ')));
				}
			}
		}
		return names;
	}

}
