package dev.deskhand.platform.windows;

import java.util.Arrays;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code CF_UNICODETEXT} blocks: UTF-16LE with a NUL unit, as Windows stores them. */
class WindowsClipboardTextTests {

	@Test
	void textIsEncodedAsLittleEndianUnitsWithATerminator() {
		assertThat(WindowsClipboardText.encode("Hi")).containsExactly(0x48, 0, 0x69, 0, 0, 0);
		assertThat(WindowsClipboardText.encode("")).containsExactly(0, 0);
		// U+20AC and U+1F600 (a surrogate pair: D83D DE00)
		assertThat(WindowsClipboardText.encode("€😀")).containsExactly(0xAC, 0x20, 0x3D, 0xD8, 0x00, 0xDE, 0, 0);
	}

	@Test
	void decodingStopsAtTheFirstNulUnit() {
		byte[] block = { 0x48, 0, 0x69, 0, 0, 0, 0x58, 0, 0x59, 0, 0, 0 };
		assertThat(WindowsClipboardText.decode(block)).isEqualTo("Hi");
	}

	@Test
	void aZeroByteInsideAUnitIsNotATerminator() {
		// U+0100 is 00 01 in little-endian; a byte-wise search would end the text there
		byte[] block = { 0x41, 0, 0x00, 0x01, 0x00, 0x42, 0, 0 };
		assertThat(WindowsClipboardText.decode(block)).isEqualTo("A\u0100\u4200");
	}

	@Test
	void aBlockLargerThanItsTextOrWithoutATerminatorStillYieldsTheText() {
		byte[] padded = Arrays.copyOf(WindowsClipboardText.encode("line 1\r\nline 2"), 64);
		assertThat(WindowsClipboardText.decode(padded)).isEqualTo("line 1\r\nline 2");
		assertThat(WindowsClipboardText.decode(new byte[] { 0x4F, 0, 0x4B, 0 })).isEqualTo("OK");
		assertThat(WindowsClipboardText.decode(new byte[] { 0x4F, 0, 0x4B })).as("an odd last byte").isEqualTo("O");
		assertThat(WindowsClipboardText.decode(new byte[0])).isEmpty();
	}

	@Test
	void everyTextSurvivesTheRoundTrip() {
		for (String text : new String[] { "", "a", "Grüße, 世界 😀", "tab\tand\r\nnewline", "\uFFFF\u0101" }) {
			assertThat(WindowsClipboardText.decode(WindowsClipboardText.encode(text))).isEqualTo(text);
		}
	}

	@Test
	void aNulInTheTextEndsItAsWindowsReadersWould() {
		assertThat(WindowsClipboardText.decode(WindowsClipboardText.encode("before\0after"))).isEqualTo("before");
	}

}
