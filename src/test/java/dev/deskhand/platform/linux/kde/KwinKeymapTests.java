package dev.deskhand.platform.linux.kde;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.linux.Keysyms;
import dev.deskhand.platform.linux.kde.KwinKeymap.Stroke;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * KWin's keymap as the fake-input keyboard reads it, from keymaps as xkbcommon writes
 * them ({@code xkbcli compile-keymap --layout us} and {@code de}, the form KWin sends in
 * {@code wl_keyboard.keymap}).
 */
class KwinKeymapTests {

	private static final int SHIFT_L = 42;

	private static final int RALT = 100;

	@Test
	void usTypesLowerAtLevelOneUpperAndSymbolsWithShiftAndHasNoAccentedLetters() {
		KwinKeymap keymap = load("keymap-us.xkb");
		assertThat(keymap.layoutName()).isEqualTo("English (US)");
		assertThat(keymap.stroke('a')).contains(new Stroke(30, 1));
		assertThat(keymap.stroke('A')).contains(new Stroke(30, 2));
		assertThat(keymap.stroke('!')).contains(new Stroke(2, 2));
		assertThat(keymap.stroke('1')).contains(new Stroke(2, 1));
		assertThat(keymap.stroke(Keysyms.RETURN)).contains(new Stroke(28, 1));
		assertThat(keymap.stroke(0xffe3)).as("Control_L").contains(new Stroke(29, 1));
		assertThat(keymap.stroke(0xffc2)).as("F5").contains(new Stroke(63, 1));
		assertThat(keymap.modifiersFor(new Stroke(30, 2))).containsExactly(SHIFT_L);
		assertThat(keymap.stroke(Keysyms.forCodePoint('é'))).isEmpty();
		// evdev's KEY_EURO (435) carries EuroSign in every layout
		assertThat(keymap.stroke(Keysyms.forCodePoint('€'))).contains(new Stroke(435, 1));
		// US has no level-three key: the fourth level of a key is out of reach
		assertThat(keymap.modifiersFor(new Stroke(30, 1))).isEmpty();
	}

	@Test
	void deReachesUmlautsAtLevelOneAndAltGrLevelsThroughTheLevelThreeKey() {
		KwinKeymap keymap = load("keymap-de.xkb");
		assertThat(keymap.stroke(Keysyms.forCodePoint('ä'))).contains(new Stroke(40, 1));
		assertThat(keymap.stroke('z')).as("QWERTZ").contains(new Stroke(21, 1));
		assertThat(keymap.stroke('@')).contains(new Stroke(16, 3));
		assertThat(keymap.modifiersFor(new Stroke(16, 3))).containsExactly(RALT);
		assertThat(keymap.stroke(Keysyms.forCodePoint('{'))).contains(new Stroke(8, 3));
		assertThat(keymap.stroke(Keysyms.forCodePoint('µ'))).contains(new Stroke(50, 3));
		// on AltGr+E too, but KEY_EURO needs no modifier
		assertThat(keymap.stroke(Keysyms.forCodePoint('€'))).contains(new Stroke(435, 1));
		assertThat(keymap.stroke(0x7d9)).as("Greek_OMEGA").contains(new Stroke(16, 4));
		assertThat(keymap.modifiersFor(new Stroke(16, 4))).containsExactly(SHIFT_L, RALT);
	}

	@Test
	void textWithACharacterTheLayoutLacksIsRefusedNamingIt() {
		KwinKeymap keymap = load("keymap-us.xkb");
		String text = "ok 日本";
		assertThatThrownBy(() -> KdeInput.strokesFor(keymap, text, Keysyms.forText(text)))
			.isInstanceOfSatisfying(DeskhandException.class,
					(ex) -> assertThat(ex.code()).isEqualTo(ErrorCode.E_UNSUPPORTED))
			.hasMessageContaining("'日' (U+65E5) (character 3")
			.hasMessageContaining("English (US)")
			.hasMessageContaining("nothing was typed");
		assertThat(KdeInput.strokesFor(keymap, "Hi\n", Keysyms.forText("Hi\n"))).containsExactly(new Stroke(35, 2),
				new Stroke(23, 1), new Stroke(28, 1));
	}

	@Test
	void aKeymapWithoutSymbolsIsRefused() {
		assertThatThrownBy(() -> KwinKeymap.parse("xkb_keymap { xkb_keycodes { <AE01> = 10; }; };"))
			.isInstanceOf(IllegalArgumentException.class)
			.hasMessageContaining("xkb_symbols");
	}

	static KwinKeymap load(String name) {
		try (InputStream in = KwinKeymapTests.class.getResourceAsStream(name)) {
			return KwinKeymap.parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
		}
		catch (IOException ex) {
			throw new IllegalStateException(ex);
		}
	}

}
