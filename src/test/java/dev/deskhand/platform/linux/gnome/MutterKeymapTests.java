package dev.deskhand.platform.linux.gnome;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.keys.KeyNames;
import dev.deskhand.testing.MixedText;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * {@link MutterKeymap} on keymaps libxkbcommon wrote (the writer of the keymap mutter
 * sends its Wayland clients): US alone, and US with German as a second group. The live
 * tests read mutter's own (US) keymap.
 */
class MutterKeymapTests {

	@Test
	void theUsLayoutHasAsciiAndTheKeysAgentsNameAndNothingElse() throws IOException {
		MutterKeymap us = MutterKeymap.fromXkb(fixture("keymap-us.xkb"), 0);
		for (String name : new String[] { "a", "A", "z", "1", "exclam", "asciitilde", "space", "Return", "Tab",
				"BackSpace", "F5", "Page_Down", "Shift_L", "Control_L", "Alt_L", "Super_L", "Escape" }) {
			assertThat(us.hasKey(KeyNames.keysym(name).getAsLong())).as(name).isTrue();
		}
		for (int codePoint = 0x20; codePoint < 0x7f; codePoint++) {
			assertThat(us.hasKey(codePoint)).as("U+%04X", codePoint).isTrue();
		}
		// é is Latin-1 but not on a US keyboard; CJK has no key; the euro sign has one
		// beyond the X keycodes (<I443>), under its legacy keysym only
		assertThat(us.hasKey(0xe9)).isFalse();
		assertThat(us.hasKey(0x1004e2d)).isFalse();
		assertThat(us.hasKey(0x20ac)).isTrue();
		assertThat(us.hasKey(0x10020ac)).isFalse();
		assertThat(us).hasToString("MutterKeymap[English (US)]");
	}

	@Test
	void aTextWithCharactersTheLayoutLacksIsRefusedNamingEachOnce() throws IOException {
		MutterKeymap us = MutterKeymap.fromXkb(fixture("keymap-us.xkb"), 0);
		assertThat(us.keysymsFor("Hi!\t~\r\n€")).containsExactly('H', 'i', '!', 0xff09, '~', 0xff0d, 0x20ac);
		assertThatThrownBy(() -> us.keysymsFor("ab中cé€中🙂"))
			.isInstanceOfSatisfying(DeskhandException.class,
					(ex) -> assertThat(ex.code()).isEqualTo(ErrorCode.E_UNSUPPORTED))
			.hasMessageContaining("(English (US))")
			.hasMessageContaining("has 3 it lacks")
			.hasMessageContaining("中 (U+4E2D), é (U+00E9), 🙂 (U+1F642)");
		String mixed = MixedText.of(200, 20261130);
		assertThatThrownBy(() -> us.keysymsFor(mixed)).hasMessageContaining("nothing was typed");
	}

	@Test
	void theCurrentGroupDecidesAndMutterReachesThreeLevels() throws IOException {
		String text = fixture("keymap-usde.xkb");
		MutterKeymap us = MutterKeymap.fromXkb(text, 0);
		MutterKeymap german = MutterKeymap.fromXkb(text, 1);
		assertThat(us.hasKey(0xf6)).as("ö in US").isFalse();
		assertThat(german.hasKey(0xf6)).as("ö in German").isTrue();
		assertThat(german.hasKey(0xdf)).as("ß").isTrue();
		// level 3 (AltGr+q) is reached, level 4 (AltGr+Shift+q, Greek_OMEGA) is not
		assertThat(german.hasKey('@')).isTrue();
		assertThat(german.hasKey(KeyNames.keysym("Greek_OMEGA").getAsLong())).isFalse();
		// the euro sign is there under its legacy keysym, which typing uses
		assertThat(german.hasKey(0x10020ac)).isFalse();
		assertThat(german.keysymsFor("ö€@")).containsExactly(0xf6, KeyNames.keysym("EuroSign").getAsLong(), '@');
		assertThat(german).hasToString("MutterKeymap[German]");
	}

	@Test
	void anUnknownKeymapRefusesNothing() {
		assertThat(MutterKeymap.unknown().keysymsFor("中🙂")).containsExactly(0x1004e2d, 0x101f642);
	}

	private static String fixture(String name) throws IOException {
		try (InputStream in = MutterKeymapTests.class.getResourceAsStream(name)) {
			return new String(in.readAllBytes(), StandardCharsets.UTF_8);
		}
	}

}
