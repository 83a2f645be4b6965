package dev.deskhand.testing.witness;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

class WitnessFormatTests {

	@Test
	void escapedTextFitsOnOneLineAndRoundTrips() {
		String text = "a\tb\nc\\n\r世界 ✓";
		String escaped = WitnessFormat.escape(text);
		assertThat(escaped).doesNotContain("\n", "\r", "\t");
		assertThat(WitnessFormat.unescape(escaped)).isEqualTo(text);
	}

	@Test
	void fieldValuesMayContainSpaces() {
		assertThat(WitnessWindow.fields("KEYDOWN code=Page Down keychar=none mods=Ctrl+Shift vk=34 location=1"))
			.containsExactly(entry("event", "KEYDOWN"), entry("code", "Page Down"), entry("keychar", "none"),
					entry("mods", "Ctrl+Shift"), entry("vk", "34"), entry("location", "1"));
	}

	@Test
	void emptyValuesAreKept() {
		assertThat(WitnessWindow.fields("PRESS button=1 x=10 y=-3 mods=")).containsEntry("mods", "")
			.containsEntry("y", "-3");
	}

	@Test
	void textEventsCarryTheUnescapedDocument() {
		assertThat(WitnessWindow.fields("TEXT x=1 \\n y")).containsExactly(entry("event", "TEXT"),
				entry("text", "x=1 \n y"));
		assertThat(WitnessWindow.fields("TEXT ")).containsEntry("text", "");
		assertThat(WitnessWindow.fields("READY")).containsExactly(entry("event", "READY"));
	}

}
