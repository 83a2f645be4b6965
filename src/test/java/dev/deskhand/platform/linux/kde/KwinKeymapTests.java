package dev.deskhand.platform.linux.kde;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.linux.Keysyms;
import dev.deskhand.platform.linux.TextOutsideLayout;
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
		assertThat(keymap.stroke(Keysyms.forCodePoint('\u03a9'))).as("Ω by its Unicode keysym")
			.contains(new Stroke(16, 4));
		assertThat(keymap.modifiersFor(new Stroke(16, 4))).containsExactly(SHIFT_L, RALT);
	}

	@Test
	void textWithACharacterTheLayoutLacksIsRefusedNamingIt() {
		KwinKeymap keymap = load("keymap-us.xkb");
		String text = "ok 日本";
		assertThatThrownBy(() -> KdeInput.keystrokesFor(keymap, text, Keysyms.forText(text), TextOutsideLayout.REFUSE))
			.isInstanceOfSatisfying(DeskhandException.class,
					(ex) -> assertThat(ex.code()).isEqualTo(ErrorCode.E_UNSUPPORTED))
			.hasMessageContaining("'日' (U+65E5) (character 3")
			.hasMessageContaining("English (US)")
			.hasMessageContaining("nothing was typed")
			.hasMessageContaining("deskhand.kde.text-outside-layout=unicode-entry");
		assertThat(KdeInput.keystrokesFor(keymap, "Hi\n", Keysyms.forText("Hi\n"), TextOutsideLayout.REFUSE))
			.containsExactly(plain(35, 2), plain(23, 1), plain(28, 1));
	}

	@Test
	void unicodeEntryTypesCtrlShiftUTheHexDigitsAndSpaceForWhatTheLayoutLacks() {
		KwinKeymap keymap = load("keymap-us.xkb");
		String text = "a\u00e9\ud83d\ude42";
		List<KdeInput.Keystroke> strokes = KdeInput.keystrokesFor(keymap, text, Keysyms.forText(text),
				TextOutsideLayout.UNICODE_ENTRY);
		// a; Ctrl+Shift+U e 9 Space; Ctrl+Shift+U 1 f 6 4 2 Space
		assertThat(strokes).containsExactly(plain(30, 1), new KdeInput.Keystroke(new Stroke(22, 2), true), plain(18, 1),
				plain(10, 1), plain(57, 1), new KdeInput.Keystroke(new Stroke(22, 2), true), plain(2, 1), plain(33, 1),
				plain(7, 1), plain(5, 1), plain(3, 1), plain(57, 1));
		assertThat(strokes.get(1).modifiers(keymap)).as("Control, then Shift").containsExactly(29, SHIFT_L);
		assertThat(strokes.get(0).modifiers(keymap)).isEmpty();
	}

	@Test
	void aRussianLayoutTypesCyrillicThroughItsLegacyKeysyms() {
		KwinKeymap keymap = load("keymap-ru.xkb");
		// Cyrillic_a is on the key of Latin f (evdev 33), Cyrillic_YA on Shift+z (44)
		assertThat(keymap.stroke(Keysyms.forCodePoint('\u0430'))).contains(new Stroke(33, 1));
		assertThat(keymap.stroke(Keysyms.forCodePoint('\u042f'))).contains(new Stroke(44, 2));
		String text = "\u041f\u0440\u0438\u0432\u0435\u0442";
		assertThat(KdeInput.keystrokesFor(keymap, text, Keysyms.forText(text), TextOutsideLayout.REFUSE))
			.hasSize(text.length());
	}

	private static KdeInput.Keystroke plain(int evdev, int level) {
		return new KdeInput.Keystroke(new Stroke(evdev, level), false);
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
