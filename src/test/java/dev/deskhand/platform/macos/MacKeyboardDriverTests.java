package dev.deskhand.platform.macos;

import java.util.Arrays;
import java.util.Set;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;

import dev.deskhand.platform.keys.KeyNames;

import static org.assertj.core.api.Assertions.assertThat;

/** What the Mac keyboard says of itself, without touching Quartz. */
class MacKeyboardDriverTests {

	@Test
	void selectingAllIsCommandA() {
		// ctrl+a on a Mac moves to the start of the line: set_value would type after the
		// old text
		String chord = new MacKeyboardDriver(null, null, null).selectAllChord();
		Set<Integer> codes = Arrays.stream(chord.split("\\+"))
			.map((key) -> KeyNames.resolve(key).orElseThrow())
			.map((name) -> MacKeyCodes.code(name).orElseThrow())
			.collect(Collectors.toSet());
		assertThat(codes).containsExactlyInAnyOrder(0x37, 0x00);
		assertThat(MacKeyCodes.flags(codes) & MacKeyCodes.FLAG_COMMAND).isNotZero();
		assertThat(MacKeyCodes.flags(codes) & MacKeyCodes.FLAG_CONTROL).isZero();
	}

}
