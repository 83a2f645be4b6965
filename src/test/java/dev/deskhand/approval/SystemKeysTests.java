package dev.deskhand.approval;

import java.util.List;
import java.util.function.Predicate;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import dev.deskhand.input.KeyChord;
import dev.deskhand.platform.keys.KeyNames;

import static org.assertj.core.api.Assertions.assertThat;

class SystemKeysTests {

	private static final Predicate<String> KNOWN = KeyNames::isKnown;

	private final SystemKeys systemKeys = new SystemKeys(
			List.of("ctrl+alt+Delete", "ctrl+alt+F1-F12", "super+l", "alt+F4", "ctrl+alt+BackSpace"), KNOWN);

	@ParameterizedTest
	@CsvSource({ "ctrl+alt+Delete,true", "alt+ctrl+Delete,true", "ctrl+alt+del,true", "rctrl+alt+Delete,true",
			"ctrl+alt+F1,true", "ctrl+alt+F7,true", "ctrl+alt+F12,true", "ctrl+alt+F13,false", "super+l,true",
			"super+L,true", "cmd+l,true", "alt+F4,true", "ralt+F4,true", "ctrl+alt+BackSpace,true", "Delete,false",
			"ctrl+Delete,false", "alt+F5,false", "super,false", "ctrl+c,false", "ctrl+alt+Delete+a,false" })
	void classifiesChordsAsSetsWithEitherHandsModifiers(String chord, boolean system) {
		assertThat(this.systemKeys.isSystemKey(KeyChord.parse(chord, KNOWN))).isEqualTo(system);
	}

}
