package dev.deskhand.testing;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ManagedWindowTests {

	@Test
	void parsesWmctrlWithPids() {
		String output = """
				0x00400007  0 16017  vm Witness  two  spaces
				0x0080000c  0 17513  vm N/A
				0x00a00003 -1 0      N/A
				""";
		assertThat(ManagedWindow.parseWmctrl(output)).containsExactly(
				new ManagedWindow(0x400007, 16017, "Witness  two  spaces"),
				new ManagedWindow(0x80000c, 17513, ManagedWindow.UNKNOWN_TITLE), new ManagedWindow(0xa00003, 0, ""));
	}

	@Test
	void decodesTheKeymapBitPerKeycode() {
		byte[] keymap = new byte[32];
		keymap[50 >> 3] |= (byte) (1 << (50 & 7));
		keymap[255 >> 3] |= (byte) (1 << (255 & 7));
		assertThat(XInputState.decodeKeymap(keymap)).containsExactly(50, 255);
	}

}
