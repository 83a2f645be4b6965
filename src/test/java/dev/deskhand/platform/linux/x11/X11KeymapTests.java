package dev.deskhand.platform.linux.x11;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class X11KeymapTests {

	@Test
	void keycodesOfAKeysymAreAllKeysThatHaveItInAnyColumn() {
		X11Keymap keymap = X11KeymapFixtures.xvfbEvdevUs();
		// Alt_L: keycode 64, and 204, the evdev layout's key that exists to put Alt in
		// mod1
		assertThat(keymap.keycodesOf(0xffe9)).containsExactly(64, 204);
		assertThat(keymap.keycodesOf(0xffe3)).as("Control_L").containsExactly(37);
		assertThat(keymap.keycodesOf(0xff1b)).as("Escape").containsExactly(9);
		assertThat(keymap.keycodesOf(0x41)).as("A, the shifted column of a").containsExactly(38);
		assertThat(keymap.keycodesOf(0xffdb)).as("F30, on no key").isEmpty();
	}

}
