package dev.deskhand.platform.elements;

import java.util.EnumSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static dev.deskhand.platform.elements.ElementRole.ALERT;
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
import static dev.deskhand.platform.elements.ElementRole.CHECK_MENU_ITEM;
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

/**
 * The role names agents send, read onto {@link ElementRole}s. Models say "button" and
 * "textbox" (ARIA), "AXButton" (macOS AX), "Button" or "Edit" (UI Automation) as often as
 * AT-SPI's "push button", so a name is, first match wins:
 * <ol>
 * <li>an AT-SPI spelling ({@code "push button"}, {@code "text"}), exactly that role;</li>
 * <li>a common name from the table below (compared without case, spaces, {@code -} or
 * {@code _}, and without a leading {@code AX}), which may stand for several roles:
 * "button" is every kind of button;</li>
 * <li>an AT-SPI spelling written as one word ({@code "checkbox"}, {@code "PushButton"},
 * {@code "AXCheckBox"}).</li>
 * </ol>
 * AT-SPI's spelling wins where they clash: UI Automation's "Text" (static text) is
 * AT-SPI's "text" (a text area), so ask for "label" or "static text" there; UI
 * Automation's "Tab" is read as a tab, its "TabItem" too.
 */
public final class RoleNames {

	/** Common names by their compact form: lower case letters only. */
	static final Map<String, Set<ElementRole>> COMMON = Map.ofEntries(
			// buttons: ARIA button, AX AXButton, UIA Button, and their kinds
			Map.entry("button", EnumSet.of(PUSH_BUTTON, TOGGLE_BUTTON, PUSH_BUTTON_MENU)),
			Map.entry("menubutton", EnumSet.of(PUSH_BUTTON_MENU)),
			Map.entry("splitbutton", EnumSet.of(PUSH_BUTTON_MENU)), Map.entry("switch", EnumSet.of(TOGGLE_BUTTON)),
			Map.entry("toggle", EnumSet.of(TOGGLE_BUTTON)), Map.entry("disclosuretriangle", EnumSet.of(TOGGLE_BUTTON)),
			Map.entry("colorwell", EnumSet.of(PUSH_BUTTON)),
			// text input: ARIA textbox/searchbox, AX
			// AXTextField/AXTextArea/AXSearchField/
			// AXSecureTextField, UIA Edit, HTML input/textarea
			Map.entry("textbox", EnumSet.of(ENTRY, TEXT, PASSWORD_TEXT)),
			Map.entry("textfield", EnumSet.of(ENTRY, PASSWORD_TEXT)),
			Map.entry("edit", EnumSet.of(ENTRY, TEXT, PASSWORD_TEXT)),
			Map.entry("input", EnumSet.of(ENTRY, TEXT, PASSWORD_TEXT)), Map.entry("textarea", EnumSet.of(TEXT)),
			Map.entry("searchbox", EnumSet.of(ENTRY)), Map.entry("searchfield", EnumSet.of(ENTRY)),
			Map.entry("password", EnumSet.of(PASSWORD_TEXT)), Map.entry("securetextfield", EnumSet.of(PASSWORD_TEXT)),
			// choices
			Map.entry("radio", EnumSet.of(RADIO_BUTTON)), Map.entry("popupbutton", EnumSet.of(COMBO_BOX)),
			Map.entry("select", EnumSet.of(COMBO_BOX)), Map.entry("dropdown", EnumSet.of(COMBO_BOX)),
			Map.entry("option", EnumSet.of(LIST_ITEM)),
			Map.entry("menuitem", EnumSet.of(MENU_ITEM, CHECK_MENU_ITEM, RADIO_MENU_ITEM)),
			Map.entry("menuitemcheckbox", EnumSet.of(CHECK_MENU_ITEM)),
			Map.entry("menuitemradio", EnumSet.of(RADIO_MENU_ITEM)), Map.entry("incrementor", EnumSet.of(SPIN_BUTTON)),
			Map.entry("spinner", EnumSet.of(SPIN_BUTTON)), Map.entry("datefield", EnumSet.of(DATE_EDITOR)),
			Map.entry("timefield", EnumSet.of(DATE_EDITOR)),
			// tabs: ARIA tab/tablist, AX AXTabGroup, UIA TabItem (UIA's Tab: read as a
			// tab)
			Map.entry("tab", EnumSet.of(PAGE_TAB)), Map.entry("tabitem", EnumSet.of(PAGE_TAB)),
			Map.entry("tabbutton", EnumSet.of(PAGE_TAB)), Map.entry("tablist", EnumSet.of(PAGE_TAB_LIST)),
			Map.entry("tabgroup", EnumSet.of(PAGE_TAB_LIST)),
			// links, images, text that is only read
			Map.entry("hyperlink", EnumSet.of(LINK)), Map.entry("img", EnumSet.of(IMAGE)),
			Map.entry("statictext", EnumSet.of(LABEL, STATIC)),
			// tables and trees
			Map.entry("grid", EnumSet.of(TABLE, TREE_TABLE)), Map.entry("datagrid", EnumSet.of(TABLE)),
			Map.entry("treegrid", EnumSet.of(TREE_TABLE)), Map.entry("row", EnumSet.of(TABLE_ROW)),
			Map.entry("dataitem", EnumSet.of(TABLE_ROW)), Map.entry("cell", EnumSet.of(TABLE_CELL)),
			Map.entry("gridcell", EnumSet.of(TABLE_CELL)), Map.entry("outline", EnumSet.of(TREE)),
			Map.entry("outlinerow", EnumSet.of(TREE_ITEM)),
			// containers, windows, documents
			Map.entry("group", EnumSet.of(GROUPING, PANEL)), Map.entry("radiogroup", EnumSet.of(GROUPING)),
			Map.entry("pane", EnumSet.of(PANEL)), Map.entry("scrollarea", EnumSet.of(SCROLL_PANE)),
			Map.entry("splitgroup", EnumSet.of(SPLIT_PANE)), Map.entry("splitter", EnumSet.of(SEPARATOR)),
			Map.entry("sheet", EnumSet.of(DIALOG)), Map.entry("alertdialog", EnumSet.of(ALERT, DIALOG)),
			Map.entry("helptag", EnumSet.of(TOOL_TIP)), Map.entry("progressindicator", EnumSet.of(PROGRESS_BAR)),
			Map.entry("busyindicator", EnumSet.of(PROGRESS_BAR)),
			Map.entry("document", EnumSet.of(DOCUMENT_FRAME, DOCUMENT_WEB, DOCUMENT_TEXT)),
			Map.entry("webarea", EnumSet.of(DOCUMENT_WEB)));

	private static final Map<String, ElementRole> BY_COMPACT_SPELLING = Stream.of(ElementRole.values())
		.collect(Collectors.toUnmodifiableMap((role) -> compact(role.spelling()), Function.identity()));

	private RoleNames() {
	}

	/**
	 * The roles an agent's name stands for, or an empty set when it names none.
	 */
	public static Set<ElementRole> matching(String name) {
		if (name == null || name.isBlank()) {
			return Set.of();
		}
		ElementRole exact = ElementRole.bySpelling(name);
		if (exact != null) {
			return Set.of(exact);
		}
		String stripped = name.strip();
		// AX roles: "AXButton", "AXTextField"
		if (stripped.length() > 2 && stripped.startsWith("AX") && Character.isUpperCase(stripped.charAt(2))) {
			stripped = stripped.substring(2);
		}
		String compact = compact(stripped);
		Set<ElementRole> common = COMMON.get(compact);
		if (common != null) {
			return Set.copyOf(common);
		}
		ElementRole spelled = BY_COMPACT_SPELLING.get(compact);
		return (spelled != null) ? Set.of(spelled) : Set.of();
	}

	private static String compact(String name) {
		return name.toLowerCase(Locale.ROOT).replaceAll("[^a-z]", "");
	}

}
