package dev.deskhand.platform.linux.x11;

import org.junit.jupiter.api.Test;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class X11KeysymsTests {

	@Test
	void latin1IsItsOwnKeysym() {
		assertThat(X11Keysyms.forCodePoint('a')).isEqualTo(0x61);
		assertThat(X11Keysyms.forCodePoint('~')).isEqualTo(0x7e);
		assertThat(X11Keysyms.forCodePoint(' ')).isEqualTo(0x20);
		assertThat(X11Keysyms.forCodePoint('\u00a0')).isEqualTo(0xa0);
		assertThat(X11Keysyms.forCodePoint('ü')).isEqualTo(0xfc);
		assertThat(X11Keysyms.forCodePoint('ÿ')).isEqualTo(0xff);
	}

	@Test
	void everythingElseIsAUnicodeKeysym() {
		assertThat(X11Keysyms.forCodePoint('Ā')).isEqualTo(0x01000100L);
		assertThat(X11Keysyms.forCodePoint('€')).isEqualTo(0x010020acL);
		assertThat(X11Keysyms.forCodePoint('世')).isEqualTo(0x01004e16L);
		assertThat(X11Keysyms.forCodePoint('✓')).isEqualTo(0x01002713L);
		assertThat(X11Keysyms.forCodePoint(0x1F600)).isEqualTo(0x0101f600L);
	}

	@Test
	void newlineAndTabAreKeys() {
		assertThat(X11Keysyms.forCodePoint('\n')).isEqualTo(X11Keysyms.RETURN);
		assertThat(X11Keysyms.forCodePoint('\t')).isEqualTo(X11Keysyms.TAB);
		assertThat(X11Keysyms.forText("a\r\nb\rc\n")).containsExactly(0x61, X11Keysyms.RETURN, 0x62, X11Keysyms.RETURN,
				0x63, X11Keysyms.RETURN);
	}

	@Test
	void surrogatePairsAreOneKeysym() {
		assertThat(X11Keysyms.forText("a😀b")).containsExactly(0x61, 0x0101f600L, 0x62);
	}

	@Test
	void controlCharactersAndLoneSurrogatesAreRejectedWithTheirPosition() {
		assertThatExceptionOfType(DeskhandException.class).isThrownBy(() -> X11Keysyms.forText("ab\u0007"))
			.satisfies((ex) -> assertThat(ex.code()).isEqualTo(ErrorCode.E_ARGS))
			.withMessageContaining("U+0007 at position 2");
		assertThatExceptionOfType(DeskhandException.class).isThrownBy(() -> X11Keysyms.forText("x\u0085"))
			.withMessageContaining("U+0085");
		assertThatExceptionOfType(DeskhandException.class).isThrownBy(() -> X11Keysyms.forText("\ud800z"))
			.withMessageContaining("U+D800 at position 0");
	}

	@Test
	void classifiesCharacterAndVendorKeysyms() {
		assertThat(X11Keysyms.isCharacter(0x61)).isTrue();
		assertThat(X11Keysyms.isCharacter(0x01004e16L)).isTrue();
		assertThat(X11Keysyms.isCharacter(0xff0d)).isFalse();
		assertThat(X11Keysyms.isCharacter(0x1008ff95L)).isFalse();
		assertThat(X11Keysyms.isVendor(0x1008ff95L)).isTrue();
		assertThat(X11Keysyms.isVendor(0x1008fe22L)).isTrue();
		assertThat(X11Keysyms.isVendor(0xffe1)).isFalse();
	}

}
