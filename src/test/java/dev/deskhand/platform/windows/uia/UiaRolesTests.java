package dev.deskhand.platform.windows.uia;

import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import dev.deskhand.platform.elements.ElementRole;

import static org.assertj.core.api.Assertions.assertThat;

/** Every control type of UIAutomationClient.h has a role an agent knows from Linux. */
class UiaRolesTests {

	@Test
	void everyControlTypeIdIsMapped() {
		for (int id = UiaRoles.FIRST; id <= UiaRoles.LAST; id++) {
			assertThat(UiaRoles.BY_CONTROL_TYPE).as("control type " + id).containsKey(id);
		}
		assertThat(UiaRoles.BY_CONTROL_TYPE).hasSize(41);
	}

	@ParameterizedTest(name = "{0} -> {1}")
	@CsvSource({ "50000, push button", "50002, check box", "50003, combo box", "50004, entry", "50005, link",
			"50007, list item", "50009, popup menu", "50011, menu item", "50013, radio button", "50016, spin button",
			"50018, page tab list", "50019, page tab", "50020, label", "50024, tree item", "50031, push button menu",
			"50032, frame", "50033, panel", "50035, column header", "50040, tool bar" })
	void controlTypesReadAsAtspiRoles(int controlType, String spelling) {
		assertThat(UiaRoles.of(controlType).spelling()).isEqualTo(spelling);
	}

	@Test
	void aControlTypeNewerThanTheTableIsUnknown() {
		assertThat(UiaRoles.of(50041)).isEqualTo(ElementRole.UNKNOWN);
		assertThat(UiaRoles.of(0)).isEqualTo(ElementRole.UNKNOWN);
	}

	@Test
	void patternsTellApartWhatTheControlTypeDoesNot() {
		assertThat(UiaRoles.of(50004, UiaFixtures.snapshot(Map.of(UiaIds.IS_PASSWORD, true))))
			.isEqualTo(ElementRole.PASSWORD_TEXT);
		assertThat(UiaRoles.of(50000, UiaFixtures.snapshot(Map.of(UiaIds.IS_TOGGLE_PATTERN_AVAILABLE, true))))
			.isEqualTo(ElementRole.TOGGLE_BUTTON);
		assertThat(UiaRoles.of(50011, UiaFixtures.snapshot(Map.of(UiaIds.IS_TOGGLE_PATTERN_AVAILABLE, true))))
			.isEqualTo(ElementRole.CHECK_MENU_ITEM);
		assertThat(UiaRoles.of(50011, UiaFixtures.snapshot(Map.of(UiaIds.IS_EXPAND_COLLAPSE_PATTERN_AVAILABLE, true))))
			.isEqualTo(ElementRole.MENU);
		assertThat(UiaRoles.of(50011, UiaFixtures.snapshot(Map.of()))).isEqualTo(ElementRole.MENU_ITEM);
	}

}
