package dev.deskhand.platform.elements;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;

import static dev.deskhand.platform.elements.ElementRole.ALERT;
import static dev.deskhand.platform.elements.ElementRole.CHECK_BOX;
import static dev.deskhand.platform.elements.ElementRole.CHECK_MENU_ITEM;
import static dev.deskhand.platform.elements.ElementRole.COMBO_BOX;
import static dev.deskhand.platform.elements.ElementRole.DATE_EDITOR;
import static dev.deskhand.platform.elements.ElementRole.DIALOG;
import static dev.deskhand.platform.elements.ElementRole.DOCUMENT_FRAME;
import static dev.deskhand.platform.elements.ElementRole.DOCUMENT_TEXT;
import static dev.deskhand.platform.elements.ElementRole.DOCUMENT_WEB;
import static dev.deskhand.platform.elements.ElementRole.ENTRY;
import static dev.deskhand.platform.elements.ElementRole.GROUPING;
import static dev.deskhand.platform.elements.ElementRole.IMAGE;
import static dev.deskhand.platform.elements.ElementRole.LABEL;
import static dev.deskhand.platform.elements.ElementRole.LINK;
import static dev.deskhand.platform.elements.ElementRole.LIST_ITEM;
import static dev.deskhand.platform.elements.ElementRole.MENU_ITEM;
import static dev.deskhand.platform.elements.ElementRole.PAGE_TAB;
import static dev.deskhand.platform.elements.ElementRole.PAGE_TAB_LIST;
import static dev.deskhand.platform.elements.ElementRole.PANEL;
import static dev.deskhand.platform.elements.ElementRole.PASSWORD_TEXT;
import static dev.deskhand.platform.elements.ElementRole.PROGRESS_BAR;
import static dev.deskhand.platform.elements.ElementRole.PUSH_BUTTON;
import static dev.deskhand.platform.elements.ElementRole.PUSH_BUTTON_MENU;
import static dev.deskhand.platform.elements.ElementRole.RADIO_BUTTON;
import static dev.deskhand.platform.elements.ElementRole.RADIO_MENU_ITEM;
import static dev.deskhand.platform.elements.ElementRole.SCROLL_PANE;
import static dev.deskhand.platform.elements.ElementRole.SEPARATOR;
import static dev.deskhand.platform.elements.ElementRole.SPIN_BUTTON;
import static dev.deskhand.platform.elements.ElementRole.SPLIT_PANE;
import static dev.deskhand.platform.elements.ElementRole.STATIC;
import static dev.deskhand.platform.elements.ElementRole.TABLE;
import static dev.deskhand.platform.elements.ElementRole.TABLE_CELL;
import static dev.deskhand.platform.elements.ElementRole.TABLE_ROW;
import static dev.deskhand.platform.elements.ElementRole.TEXT;
import static dev.deskhand.platform.elements.ElementRole.TOGGLE_BUTTON;
import static dev.deskhand.platform.elements.ElementRole.TOOL_TIP;
import static dev.deskhand.platform.elements.ElementRole.TREE;
import static dev.deskhand.platform.elements.ElementRole.TREE_ITEM;
import static dev.deskhand.platform.elements.ElementRole.TREE_TABLE;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every common role name agents send, and what it finds: the table fails when a name is
 * added to {@link RoleNames} without a row here (and in docs/elements.md).
 */
class RoleNamesTests {

	private static final Map<String, Set<ElementRole>> COMMON = Map.ofEntries(
			Map.entry("button", Set.of(PUSH_BUTTON, TOGGLE_BUTTON, PUSH_BUTTON_MENU)),
			Map.entry("menubutton", Set.of(PUSH_BUTTON_MENU)), Map.entry("splitbutton", Set.of(PUSH_BUTTON_MENU)),
			Map.entry("switch", Set.of(TOGGLE_BUTTON)), Map.entry("toggle", Set.of(TOGGLE_BUTTON)),
			Map.entry("disclosuretriangle", Set.of(TOGGLE_BUTTON)), Map.entry("colorwell", Set.of(PUSH_BUTTON)),
			Map.entry("textbox", Set.of(ENTRY, TEXT, PASSWORD_TEXT)),
			Map.entry("textfield", Set.of(ENTRY, PASSWORD_TEXT)), Map.entry("edit", Set.of(ENTRY, TEXT, PASSWORD_TEXT)),
			Map.entry("input", Set.of(ENTRY, TEXT, PASSWORD_TEXT)), Map.entry("textarea", Set.of(TEXT)),
			Map.entry("searchbox", Set.of(ENTRY)), Map.entry("searchfield", Set.of(ENTRY)),
			Map.entry("password", Set.of(PASSWORD_TEXT)), Map.entry("securetextfield", Set.of(PASSWORD_TEXT)),
			Map.entry("radio", Set.of(RADIO_BUTTON)), Map.entry("popupbutton", Set.of(COMBO_BOX)),
			Map.entry("select", Set.of(COMBO_BOX)), Map.entry("dropdown", Set.of(COMBO_BOX)),
			Map.entry("option", Set.of(LIST_ITEM)),
			Map.entry("menuitem", Set.of(MENU_ITEM, CHECK_MENU_ITEM, RADIO_MENU_ITEM)),
			Map.entry("menuitemcheckbox", Set.of(CHECK_MENU_ITEM)), Map.entry("menuitemradio", Set.of(RADIO_MENU_ITEM)),
			Map.entry("incrementor", Set.of(SPIN_BUTTON)), Map.entry("spinner", Set.of(SPIN_BUTTON)),
			Map.entry("datefield", Set.of(DATE_EDITOR)), Map.entry("timefield", Set.of(DATE_EDITOR)),
			Map.entry("tab", Set.of(PAGE_TAB)), Map.entry("tabitem", Set.of(PAGE_TAB)),
			Map.entry("tabbutton", Set.of(PAGE_TAB)), Map.entry("tablist", Set.of(PAGE_TAB_LIST)),
			Map.entry("tabgroup", Set.of(PAGE_TAB_LIST)), Map.entry("hyperlink", Set.of(LINK)),
			Map.entry("img", Set.of(IMAGE)), Map.entry("statictext", Set.of(LABEL, STATIC)),
			Map.entry("grid", Set.of(TABLE, TREE_TABLE)), Map.entry("datagrid", Set.of(TABLE)),
			Map.entry("treegrid", Set.of(TREE_TABLE)), Map.entry("row", Set.of(TABLE_ROW)),
			Map.entry("dataitem", Set.of(TABLE_ROW)), Map.entry("cell", Set.of(TABLE_CELL)),
			Map.entry("gridcell", Set.of(TABLE_CELL)), Map.entry("outline", Set.of(TREE)),
			Map.entry("outlinerow", Set.of(TREE_ITEM)), Map.entry("group", Set.of(GROUPING, PANEL)),
			Map.entry("radiogroup", Set.of(GROUPING)), Map.entry("pane", Set.of(PANEL)),
			Map.entry("scrollarea", Set.of(SCROLL_PANE)), Map.entry("splitgroup", Set.of(SPLIT_PANE)),
			Map.entry("splitter", Set.of(SEPARATOR)), Map.entry("sheet", Set.of(DIALOG)),
			Map.entry("alertdialog", Set.of(ALERT, DIALOG)), Map.entry("helptag", Set.of(TOOL_TIP)),
			Map.entry("progressindicator", Set.of(PROGRESS_BAR)), Map.entry("busyindicator", Set.of(PROGRESS_BAR)),
			Map.entry("document", Set.of(DOCUMENT_FRAME, DOCUMENT_WEB, DOCUMENT_TEXT)),
			Map.entry("webarea", Set.of(DOCUMENT_WEB)));

	@Test
	void everyCommonNameHasARowAndFindsItsRoles() {
		assertThat(RoleNames.COMMON.keySet()).isEqualTo(COMMON.keySet());
		COMMON.forEach((name, roles) -> assertThat(RoleNames.matching(name)).as(name).isEqualTo(roles));
	}

	@Test
	void everyAtspiSpellingFindsExactlyItsRole() {
		for (ElementRole role : ElementRole.values()) {
			assertThat(RoleNames.matching(role.spelling())).as(role.spelling()).isEqualTo(Set.of(role));
		}
	}

	@Test
	void theNamesEachPlatformSpellsAreReadTheSameWay() {
		// macOS AX, UI Automation control types, ARIA, AT-SPI written as one word
		assertThat(RoleNames.matching("AXButton")).isEqualTo(RoleNames.matching("button"));
		assertThat(RoleNames.matching("Button")).isEqualTo(RoleNames.matching("button"));
		assertThat(RoleNames.matching("AXTextField")).isEqualTo(Set.of(ENTRY, PASSWORD_TEXT));
		assertThat(RoleNames.matching("Edit")).contains(ENTRY);
		assertThat(RoleNames.matching("AXCheckBox")).isEqualTo(Set.of(CHECK_BOX));
		assertThat(RoleNames.matching("CheckBox")).isEqualTo(Set.of(CHECK_BOX));
		assertThat(RoleNames.matching("checkbox")).isEqualTo(Set.of(CHECK_BOX));
		assertThat(RoleNames.matching("Hyperlink")).isEqualTo(Set.of(LINK));
		assertThat(RoleNames.matching("AXLink")).isEqualTo(Set.of(LINK));
		assertThat(RoleNames.matching("RadioButton")).isEqualTo(Set.of(RADIO_BUTTON));
		assertThat(RoleNames.matching("ComboBox")).isEqualTo(Set.of(COMBO_BOX));
		assertThat(RoleNames.matching("PushButton")).isEqualTo(Set.of(PUSH_BUTTON));
		assertThat(RoleNames.matching("push_button")).isEqualTo(Set.of(PUSH_BUTTON));
		assertThat(RoleNames.matching(" Menu-Item ")).isEqualTo(Set.of(MENU_ITEM));
		assertThat(RoleNames.matching("AXMenuItem")).isEqualTo(Set.of(MENU_ITEM, CHECK_MENU_ITEM, RADIO_MENU_ITEM));
	}

	@Test
	void atspiWinsWhereTheyClashAndNonsenseFindsNothing() {
		// UI Automation's "Text" is static text, AT-SPI's "text" an editable area: AT-SPI
		// decides
		assertThat(RoleNames.matching("Text")).isEqualTo(Set.of(TEXT));
		assertThat(RoleNames.matching("buton")).isEmpty();
		assertThat(RoleNames.matching("AX")).isEmpty();
		assertThat(RoleNames.matching("")).isEmpty();
		assertThat(RoleNames.matching(null)).isEmpty();
	}

	@Test
	void theElementsPageListsEveryCommonName() throws IOException {
		String page = Files.readString(Path.of("docs/elements.md"));
		assertThat(COMMON.keySet()).allSatisfy((name) -> assertThat(page).contains("`" + name + "`"));
	}

}
