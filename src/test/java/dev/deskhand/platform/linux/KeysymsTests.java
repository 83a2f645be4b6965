package dev.deskhand.platform.linux;

import org.junit.jupiter.api.Test;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class KeysymsTests {

	@Test
	void latin1IsItsOwnKeysym() {
		assertThat(Keysyms.forCodePoint('a')).isEqualTo(0x61);
		assertThat(Keysyms.forCodePoint('~')).isEqualTo(0x7e);
		assertThat(Keysyms.forCodePoint(' ')).isEqualTo(0x20);
		assertThat(Keysyms.forCodePoint('\u00a0')).isEqualTo(0xa0);
		assertThat(Keysyms.forCodePoint('ü')).isEqualTo(0xfc);
		assertThat(Keysyms.forCodePoint('ÿ')).isEqualTo(0xff);
	}

	@Test
	void everythingElseIsAUnicodeKeysym() {
		assertThat(Keysyms.forCodePoint('Ā')).isEqualTo(0x01000100L);
		assertThat(Keysyms.forCodePoint('€')).isEqualTo(0x010020acL);
		assertThat(Keysyms.forCodePoint('世')).isEqualTo(0x01004e16L);
		assertThat(Keysyms.forCodePoint('✓')).isEqualTo(0x01002713L);
		assertThat(Keysyms.forCodePoint(0x1F600)).isEqualTo(0x0101f600L);
	}

	@Test
	void newlineAndTabAreKeys() {
		assertThat(Keysyms.forCodePoint('\n')).isEqualTo(Keysyms.RETURN);
		assertThat(Keysyms.forCodePoint('\t')).isEqualTo(Keysyms.TAB);
		assertThat(Keysyms.forText("a\r\nb\rc\n")).containsExactly(0x61, Keysyms.RETURN, 0x62, Keysyms.RETURN, 0x63,
				Keysyms.RETURN);
	}

	@Test
	void surrogatePairsAreOneKeysym() {
		assertThat(Keysyms.forText("a😀b")).containsExactly(0x61, 0x0101f600L, 0x62);
	}

	@Test
	void controlCharactersAndLoneSurrogatesAreRejectedWithTheirPosition() {
		assertThatExceptionOfType(DeskhandException.class).isThrownBy(() -> Keysyms.forText("ab\u0007"))
			.satisfies((ex) -> assertThat(ex.code()).isEqualTo(ErrorCode.E_ARGS))
			.withMessageContaining("U+0007 at position 2");
		assertThatExceptionOfType(DeskhandException.class).isThrownBy(() -> Keysyms.forText("x\u0085"))
			.withMessageContaining("U+0085");
		assertThatExceptionOfType(DeskhandException.class).isThrownBy(() -> Keysyms.forText("\ud800z"))
			.withMessageContaining("U+D800 at position 0");
	}

	@Test
	void classifiesCharacterAndVendorKeysyms() {
		assertThat(Keysyms.isCharacter(0x61)).isTrue();
		assertThat(Keysyms.isCharacter(0x01004e16L)).isTrue();
		assertThat(Keysyms.isCharacter(0xff0d)).isFalse();
		assertThat(Keysyms.isCharacter(0x1008ff95L)).isFalse();
		assertThat(Keysyms.isVendor(0x1008ff95L)).isTrue();
		assertThat(Keysyms.isVendor(0x1008fe22L)).isTrue();
		assertThat(Keysyms.isVendor(0xffe1)).isFalse();
	}

}
