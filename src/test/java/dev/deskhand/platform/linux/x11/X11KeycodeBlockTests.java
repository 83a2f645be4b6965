package dev.deskhand.platform.linux.x11;

import java.util.Arrays;
import java.util.Set;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class X11KeycodeBlockTests {

	@Test
	void claimsTheXf86MediaKeysAtTheTopOfXvfbsKeymap() {
		X11Keymap keymap = X11KeymapFixtures.xvfbEvdevUs();
		X11KeycodeBlock block = X11KeycodeBlock.choose(keymap, X11KeymapFixtures.XVFB_MODIFIERS).orElseThrow();
		assertThat(block.first()).isEqualTo(232);
		assertThat(block.count()).isEqualTo(24);
		assertThat(block.keysymsPerKeycode()).isEqualTo(7);
		// XF86MonBrightnessDown, NoSymbol, XF86MonBrightnessDown: restored exactly at
		// close
		assertThat(block.original()).startsWith(0x1008ff03L, 0L, 0x1008ff03L, 0L, 0L, 0L, 0L);
		assertThat(block.original()).hasSize(24 * 7);
	}

	@Test
	void neverClaimsModifiersOrKeysWithCharacters() {
		X11Keymap keymap = X11KeymapFixtures.xvfbEvdevUs();
		// keycode 243 made a modifier: 244-255 is only 12 long, the next run of 24 media
		// keys is lower
		X11KeycodeBlock block = X11KeycodeBlock.choose(keymap, Set.of(243)).orElseThrow();
		assertThat(block.first()).isEqualTo(163);
		assertThat(block.count()).isEqualTo(24);
		assertThat(X11KeycodeBlock.isClaimable(keymap, 38)).isFalse();
		assertThat(X11KeycodeBlock.isClaimable(keymap, 248)).isTrue();
	}

	@Test
	void reclaimsWhatAKilledDeskhandLeftBoundAndRestoresItAsEmpty() {
		X11Keymap keymap = X11KeymapFixtures.xvfbEvdevUs().withBinding(250, new long[] { 0x01004e16L, 0xfc });
		assertThat(keymap.keysym(250, 3)).isEqualTo(0x01004e16L);
		X11KeycodeBlock block = X11KeycodeBlock.choose(keymap, X11KeymapFixtures.XVFB_MODIFIERS).orElseThrow();
		assertThat(block.first()).isEqualTo(232);
		X11Keymap pristine = X11KeymapFixtures.xvfbEvdevUs();
		for (int keycode = 232; keycode <= 255; keycode++) {
			long[] row = Arrays.copyOfRange(block.original(), (keycode - 232) * 7, (keycode - 231) * 7);
			if (keycode == 250 || keycode == 251) {
				assertThat(row).as("keycode %d", keycode).containsOnly(0L);
			}
			else {
				assertThat(row).as("keycode %d", keycode).containsExactly(pristine.rows(keycode, 1));
			}
		}
	}

	@Test
	void takesTheLongestShorterRunWhenNoneIsLongEnough() {
		long[] keysyms = new long[40 * 2];
		for (int i = 0; i < 40; i++) {
			// keycodes 8..47: characters, except a run of 10 empty keys at 20..29 and 3
			// at 40..42
			boolean empty = (i + 8 >= 20 && i + 8 <= 29) || (i + 8 >= 40 && i + 8 <= 42);
			keysyms[2 * i] = empty ? 0 : 0x61;
		}
		X11KeycodeBlock block = X11KeycodeBlock.choose(new X11Keymap(8, 2, keysyms), Set.of()).orElseThrow();
		assertThat(block.first()).isEqualTo(20);
		assertThat(block.count()).isEqualTo(10);
	}

	@Test
	void findsNothingInAFullKeymap() {
		assertThat(X11KeycodeBlock.choose(X11KeymapFixtures.uniform(248, 0x61), Set.of())).isEmpty();
	}

}
