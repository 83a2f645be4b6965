package dev.deskhand.platform.macos.ax;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.FieldSource;

import dev.deskhand.platform.elements.ElementRole;

import static org.assertj.core.api.Assertions.assertThat;

/** AX roles and subroles as the element model's roles. */
class AxRolesTests {

	/**
	 * Every role constant of HIServices' {@code AXRoleConstants.h} ("Standard Roles",
	 * Copyright 2004, 2012 Apple Inc., as shipped in the macOS SDKs), in the header's
	 * order.
	 */
	static final List<String> HEADER_ROLES = List.of("AXApplication", "AXSystemWide", "AXWindow", "AXSheet", "AXDrawer",
			"AXGrowArea", "AXImage", "AXUnknown", "AXButton", "AXRadioButton", "AXCheckBox", "AXPopUpButton",
			"AXMenuButton", "AXTabGroup", "AXTable", "AXColumn", "AXRow", "AXOutline", "AXBrowser", "AXScrollArea",
			"AXScrollBar", "AXRadioGroup", "AXList", "AXGroup", "AXValueIndicator", "AXComboBox", "AXSlider",
			"AXIncrementor", "AXBusyIndicator", "AXProgressIndicator", "AXRelevanceIndicator", "AXToolbar",
			"AXDisclosureTriangle", "AXTextField", "AXTextArea", "AXStaticText", "AXHeading", "AXMenuBar",
			"AXMenuBarItem", "AXMenu", "AXMenuItem", "AXSplitGroup", "AXSplitter", "AXColorWell", "AXTimeField",
			"AXDateField", "AXHelpTag", "AXMatte", "AXDockItem", "AXRuler", "AXRulerMarker", "AXGrid",
			"AXLevelIndicator", "AXCell", "AXLayoutArea", "AXLayoutItem", "AXHandle", "AXPopover");

	@ParameterizedTest(name = "{0} has a mapping")
	@FieldSource("HEADER_ROLES")
	void everyRoleOfTheHeaderIsMapped(String role) {
		assertThat(AxRoles.isMapped(role)).as(role + " must be mapped to an ElementRole").isTrue();
	}

	@Test
	void theHeaderListIsComplete() {
		assertThat(HEADER_ROLES).hasSize(58).doesNotHaveDuplicates();
	}

	@ParameterizedTest(name = "{0} / {1} -> {2}")
	@CsvSource(nullValues = "-", value = { "AXButton, -, PUSH_BUTTON", "AXCheckBox, -, CHECK_BOX",
			"AXCheckBox, AXToggle, TOGGLE_BUTTON", "AXCheckBox, AXSwitch, CHECK_BOX", "AXRadioButton, -, RADIO_BUTTON",
			"AXRadioButton, AXTabButton, PAGE_TAB", "AXTextField, -, ENTRY", "AXTextField, AXSearchField, ENTRY",
			"AXTextField, AXSecureTextField, PASSWORD_TEXT", "AXSecureTextField, -, PASSWORD_TEXT",
			"AXTextArea, -, TEXT", "AXStaticText, -, LABEL", "AXLink, -, LINK", "AXMenuItem, -, MENU_ITEM",
			"AXMenuBarItem, -, MENU", "AXMenuBar, -, MENU_BAR", "AXPopUpButton, -, COMBO_BOX",
			"AXComboBox, -, COMBO_BOX", "AXSlider, -, SLIDER", "AXTabGroup, -, PAGE_TAB_LIST", "AXTable, -, TABLE",
			"AXRow, -, TABLE_ROW", "AXRow, AXOutlineRow, TREE_ITEM", "AXCell, -, TABLE_CELL", "AXOutline, -, TREE",
			"AXList, -, LIST", "AXScrollArea, -, SCROLL_PANE", "AXGroup, -, PANEL", "AXWindow, -, FRAME",
			"AXWindow, AXStandardWindow, FRAME", "AXWindow, AXDialog, DIALOG", "AXSheet, -, DIALOG",
			"AXToolbar, -, TOOL_BAR", "AXImage, -, IMAGE", "AXWebArea, -, DOCUMENT_WEB", "AXHeading, -, HEADING",
			"AXApplication, -, APPLICATION", "AXMenuButton, -, PUSH_BUTTON_MENU",
			"AXDisclosureTriangle, -, TOGGLE_BUTTON", "AXIncrementor, -, SPIN_BUTTON",
			"AXProgressIndicator, -, PROGRESS_BAR", "AXLevelIndicator, AXRatingIndicator, RATING",
			"AXGroup, AXApplicationAlert, ALERT", "AXList, AXDescriptionList, DESCRIPTION_LIST",
			"AXButton, AXCloseButton, PUSH_BUTTON", "AXSomethingNew, -, UNKNOWN", "-, -, UNKNOWN",
			// a subrole believed only on its own roles: a tab button subrole does not
			// turn a
			// row into a tab
			"AXRow, AXTabButton, TABLE_ROW" })
	void rolesAndSubroles(String role, String subrole, ElementRole expected) {
		assertThat(AxRoles.of(role, subrole)).isEqualTo(expected);
	}

	@Test
	void aSecureSubroleIsAPasswordWhateverTheRole() {
		assertThat(AxRoles.of("AXTextArea", "AXSecureTextField")).isEqualTo(ElementRole.PASSWORD_TEXT);
		assertThat(AxRoles.of("AXComboBox", "AXSecureTextField")).isEqualTo(ElementRole.PASSWORD_TEXT);
	}

}
