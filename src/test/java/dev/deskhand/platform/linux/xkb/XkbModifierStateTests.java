package dev.deskhand.platform.linux.xkb;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class XkbModifierStateTests {

	private static int code(String name) {
		return XkbKeymap.fixed(XkbKeymapTests.keysym(name)).evdev();
	}

	@Test
	void eachModifierKeySetsItsRealModifierWhileHeld() {
		XkbModifierState state = new XkbModifierState();
		assertThat(state.key(code("Control_L"), true)).isTrue();
		assertThat(state.depressed()).isEqualTo(4);
		assertThat(state.key(code("Shift_R"), true)).isTrue();
		assertThat(state.key(code("Alt_L"), true)).isTrue();
		assertThat(state.key(code("Super_L"), true)).isTrue();
		assertThat(state.depressed()).isEqualTo(4 | 1 | 8 | 64);
		assertThat(state.key(code("a"), true)).as("an ordinary key changes nothing").isFalse();
		assertThat(state.key(code("Control_L"), false)).isTrue();
		assertThat(state.depressed()).isEqualTo(1 | 8 | 64);
		assertThat(state.key(code("ISO_Level3_Shift"), true)).isTrue();
		assertThat(state.depressed() & 128).isEqualTo(128);
		assertThat(state.key(code("Meta_L"), true)).as("Meta is on Mod1 like Alt, held already").isFalse();
	}

	@Test
	void bothShiftsHeldStayShiftedUntilTheLastGoesUp() {
		XkbModifierState state = new XkbModifierState();
		state.key(code("Shift_L"), true);
		assertThat(state.key(code("Shift_R"), true)).isFalse();
		assertThat(state.key(code("Shift_L"), false)).isFalse();
		assertThat(state.depressed()).isEqualTo(1);
		assertThat(state.key(code("Shift_R"), false)).isTrue();
		assertThat(state.depressed()).isZero();
	}

	@Test
	void capsLockAndNumLockToggleTheirLockOnEachPress() {
		XkbModifierState state = new XkbModifierState();
		assertThat(state.key(code("Caps_Lock"), true)).isTrue();
		assertThat(state.locked()).isEqualTo(2);
		assertThat(state.depressed()).isZero();
		assertThat(state.key(code("Caps_Lock"), false)).isFalse();
		assertThat(state.key(code("Num_Lock"), true)).isTrue();
		assertThat(state.locked()).isEqualTo(2 | 16);
		state.key(code("Num_Lock"), false);
		state.key(code("Caps_Lock"), true);
		assertThat(state.locked()).isEqualTo(16);
	}

	@Test
	void releaseAllLetsGoOfTheHeldModifiers() {
		XkbModifierState state = new XkbModifierState();
		state.key(code("Control_R"), true);
		state.key(code("Caps_Lock"), true);
		state.releaseAll();
		assertThat(state.depressed()).isZero();
		assertThat(state.locked()).isEqualTo(2);
	}

}
