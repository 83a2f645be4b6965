package dev.deskhand.platform.linux;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class LegacyKeysymsTests {

	@Test
	void latin1AndUnicodeKeysymsAreTheirCodePoint() {
		assertThat(LegacyKeysyms.codePoint('a')).hasValue('a');
		assertThat(LegacyKeysyms.codePoint(0xe9)).hasValue(0xe9);
		assertThat(LegacyKeysyms.codePoint(0x1004e2d)).hasValue(0x4e2d);
		assertThat(LegacyKeysyms.codePoint(0x101f642)).hasValue(0x1f642);
	}

	@Test
	void legacyKeysymsComeFromKeysymdefsTable() {
		// EuroSign, Cyrillic_a, Greek_alpha, hebrew_aleph
		assertThat(LegacyKeysyms.codePoint(0x20ac)).hasValue(0x20ac);
		assertThat(LegacyKeysyms.codePoint(0x6c1)).hasValue(0x430);
		assertThat(LegacyKeysyms.codePoint(0x7e1)).hasValue(0x3b1);
		assertThat(LegacyKeysyms.codePoint(0xce0)).hasValue(0x5d0);
	}

	@Test
	void keysThatTypeNoCharacterHaveNone() {
		// Return, Shift_L, F5, a control character
		assertThat(LegacyKeysyms.codePoint(0xff0d)).isEmpty();
		assertThat(LegacyKeysyms.codePoint(0xffe1)).isEmpty();
		assertThat(LegacyKeysyms.codePoint(0xffc2)).isEmpty();
		assertThat(LegacyKeysyms.codePoint(0x1b)).isEmpty();
	}

}
