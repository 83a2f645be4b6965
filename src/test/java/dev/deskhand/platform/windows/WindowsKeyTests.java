package dev.deskhand.platform.windows;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Key names to virtual keys or characters, and keysyms to code points (Xlib's rule). */
class WindowsKeyTests {

	@Test
	void virtualKeysWinOverCharacters() {
		assertThat(WindowsKey.of("a")).contains(new WindowsKey.Virtual(0x41, false));
		assertThat(WindowsKey.of("Delete")).contains(new WindowsKey.Virtual(0x2E, true));
		assertThat(WindowsKey.of("eacute")).contains(new WindowsKey.Unicode("é"));
		assertThat(WindowsKey.of("U20AC")).contains(new WindowsKey.Unicode("€"));
		assertThat(WindowsKey.of("U1F642")).contains(new WindowsKey.Unicode("🙂"));
		assertThat(WindowsKey.of("EuroSign")).isEmpty();
		assertThat(WindowsKey.of("nonsense")).isEmpty();
	}

	@Test
	void keysymsToCodePoints() {
		assertThat(WindowsKey.codePoint(0x21)).isEqualTo('!');
		assertThat(WindowsKey.codePoint(0xE9)).isEqualTo(0xE9);
		assertThat(WindowsKey.codePoint(0x0100_20ACL)).isEqualTo(0x20AC);
		assertThat(WindowsKey.codePoint(0x0101_F642L)).isEqualTo(0x1F642);
		assertThat(WindowsKey.codePoint(0x0100_D83DL)).isEqualTo(-1);
		assertThat(WindowsKey.codePoint(0xFF0D)).isEqualTo(-1);
		assertThat(WindowsKey.codePoint(0x7F)).isEqualTo(-1);
	}

}
