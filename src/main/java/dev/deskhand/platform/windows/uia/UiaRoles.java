package dev.deskhand.platform.windows.uia;

import java.util.Map;

import dev.deskhand.platform.elements.ElementRole;

/**
 * UI Automation's control types ({@code UIA_ButtonControlTypeId} 50000 to
 * {@code UIA_AppBarControlTypeId} 50040) as the element model's roles, which are
 * AT-SPI's: an agent that learnt "push button" and "check box" on Linux finds them here
 * too. A few control types say less than the role an agent needs, and the element's
 * patterns tell the rest ({@link #of(int, UiaSnapshot)}).
 */
final class UiaRoles {

	/** The first and last control type id {@code UIAutomationClient.h} defines. */
	static final int FIRST = 50000;

	static final int LAST = 50040;

	static final Map<Integer, ElementRole> BY_CONTROL_TYPE = Map.ofEntries(Map.entry(50000, ElementRole.PUSH_BUTTON),
			Map.entry(50001, ElementRole.CALENDAR), Map.entry(50002, ElementRole.CHECK_BOX),
			Map.entry(50003, ElementRole.COMBO_BOX), Map.entry(50004, ElementRole.ENTRY),
			Map.entry(50005, ElementRole.LINK), Map.entry(50006, ElementRole.IMAGE),
			Map.entry(50007, ElementRole.LIST_ITEM), Map.entry(50008, ElementRole.LIST),
			// UIA's Menu is the list of items a menu opens: AT-SPI's popup menu
			Map.entry(50009, ElementRole.POPUP_MENU), Map.entry(50010, ElementRole.MENU_BAR),
			Map.entry(50011, ElementRole.MENU_ITEM), Map.entry(50012, ElementRole.PROGRESS_BAR),
			Map.entry(50013, ElementRole.RADIO_BUTTON), Map.entry(50014, ElementRole.SCROLL_BAR),
			Map.entry(50015, ElementRole.SLIDER), Map.entry(50016, ElementRole.SPIN_BUTTON),
			Map.entry(50017, ElementRole.STATUS_BAR), Map.entry(50018, ElementRole.PAGE_TAB_LIST),
			Map.entry(50019, ElementRole.PAGE_TAB),
			// static text, what GTK calls a label
			Map.entry(50020, ElementRole.LABEL), Map.entry(50021, ElementRole.TOOL_BAR),
			Map.entry(50022, ElementRole.TOOL_TIP), Map.entry(50023, ElementRole.TREE),
			Map.entry(50024, ElementRole.TREE_ITEM), Map.entry(50025, ElementRole.UNKNOWN),
			Map.entry(50026, ElementRole.GROUPING),
			// the draggable part of a scroll bar or slider: no role of its own in AT-SPI
			Map.entry(50027, ElementRole.UNKNOWN), Map.entry(50028, ElementRole.TABLE),
			Map.entry(50029, ElementRole.TABLE_ROW), Map.entry(50030, ElementRole.DOCUMENT_FRAME),
			Map.entry(50031, ElementRole.PUSH_BUTTON_MENU),
			// a top-level window is AT-SPI's frame
			Map.entry(50032, ElementRole.FRAME), Map.entry(50033, ElementRole.PANEL),
			Map.entry(50034, ElementRole.HEADER), Map.entry(50035, ElementRole.COLUMN_HEADER),
			Map.entry(50036, ElementRole.TABLE), Map.entry(50037, ElementRole.TITLE_BAR),
			Map.entry(50038, ElementRole.SEPARATOR), Map.entry(50039, ElementRole.PANEL),
			Map.entry(50040, ElementRole.TOOL_BAR));

	private UiaRoles() {
	}

	/** The role of a control type alone; {@code unknown} for one this table predates. */
	static ElementRole of(int controlType) {
		return BY_CONTROL_TYPE.getOrDefault(controlType, ElementRole.UNKNOWN);
	}

	/**
	 * The role of an element: its control type, told apart further by what it offers (a
	 * password edit, a button that toggles, a menu item that checks or opens a submenu).
	 */
	static ElementRole of(int controlType, UiaSnapshot element) {
		ElementRole role = of(controlType);
		return switch (role) {
			case ENTRY -> element.password() ? ElementRole.PASSWORD_TEXT : role;
			case PUSH_BUTTON -> element.toggleAvailable() ? ElementRole.TOGGLE_BUTTON : role;
			case MENU_ITEM -> {
				if (element.toggleAvailable()) {
					yield ElementRole.CHECK_MENU_ITEM;
				}
				// AT-SPI calls an item that opens a submenu a menu
				yield element.expandCollapseAvailable() ? ElementRole.MENU : role;
			}
			default -> role;
		};
	}

}
