package dev.deskhand.platform.macos.ax;

import java.util.Map;
import java.util.Set;

import dev.deskhand.platform.elements.ElementRole;

/**
 * AX roles (and the subroles that change what an element is) as the element model's
 * roles. The keys are every role constant of HIServices' {@code AXRoleConstants.h}
 * ("Standard Roles"), plus the roles AppKit and WebKit report that the header does not
 * list ({@code AXLink}, {@code AXWebArea}, {@code AXPage}, {@code AXSecureTextField} from
 * older Carbon apps).
 */
final class AxRoles {

	private static final Map<String, ElementRole> BY_ROLE = Map.ofEntries(
			Map.entry("AXApplication", ElementRole.APPLICATION), Map.entry("AXSystemWide", ElementRole.DESKTOP_FRAME),
			Map.entry("AXWindow", ElementRole.FRAME), Map.entry("AXSheet", ElementRole.DIALOG),
			Map.entry("AXDrawer", ElementRole.PANEL), Map.entry("AXGrowArea", ElementRole.FILLER),
			Map.entry("AXImage", ElementRole.IMAGE), Map.entry("AXUnknown", ElementRole.UNKNOWN),
			Map.entry("AXButton", ElementRole.PUSH_BUTTON), Map.entry("AXRadioButton", ElementRole.RADIO_BUTTON),
			Map.entry("AXCheckBox", ElementRole.CHECK_BOX), Map.entry("AXPopUpButton", ElementRole.COMBO_BOX),
			Map.entry("AXMenuButton", ElementRole.PUSH_BUTTON_MENU), Map.entry("AXTabGroup", ElementRole.PAGE_TAB_LIST),
			Map.entry("AXTable", ElementRole.TABLE),
			// a column holds the same cells as the rows (AXRoleConstants.h, AXOutline): a
			// plain container, so a listing does not show each cell's column
			Map.entry("AXColumn", ElementRole.PANEL), Map.entry("AXRow", ElementRole.TABLE_ROW),
			Map.entry("AXOutline", ElementRole.TREE), Map.entry("AXBrowser", ElementRole.TREE),
			Map.entry("AXScrollArea", ElementRole.SCROLL_PANE), Map.entry("AXScrollBar", ElementRole.SCROLL_BAR),
			Map.entry("AXRadioGroup", ElementRole.GROUPING), Map.entry("AXList", ElementRole.LIST),
			Map.entry("AXGroup", ElementRole.PANEL),
			// a scroll bar's or slider's knob: its parent is what one acts on
			Map.entry("AXValueIndicator", ElementRole.FILLER), Map.entry("AXComboBox", ElementRole.COMBO_BOX),
			Map.entry("AXSlider", ElementRole.SLIDER), Map.entry("AXIncrementor", ElementRole.SPIN_BUTTON),
			Map.entry("AXBusyIndicator", ElementRole.PROGRESS_BAR),
			Map.entry("AXProgressIndicator", ElementRole.PROGRESS_BAR),
			Map.entry("AXRelevanceIndicator", ElementRole.LEVEL_BAR), Map.entry("AXToolbar", ElementRole.TOOL_BAR),
			Map.entry("AXDisclosureTriangle", ElementRole.TOGGLE_BUTTON), Map.entry("AXTextField", ElementRole.ENTRY),
			Map.entry("AXTextArea", ElementRole.TEXT), Map.entry("AXStaticText", ElementRole.LABEL),
			Map.entry("AXHeading", ElementRole.HEADING), Map.entry("AXMenuBar", ElementRole.MENU_BAR),
			// a menu bar item opens a menu, as AT-SPI's "menu" does
			Map.entry("AXMenuBarItem", ElementRole.MENU), Map.entry("AXMenu", ElementRole.POPUP_MENU),
			Map.entry("AXMenuItem", ElementRole.MENU_ITEM), Map.entry("AXSplitGroup", ElementRole.SPLIT_PANE),
			Map.entry("AXSplitter", ElementRole.SEPARATOR),
			// a well is pressed to open the colour panel
			Map.entry("AXColorWell", ElementRole.PUSH_BUTTON), Map.entry("AXTimeField", ElementRole.DATE_EDITOR),
			Map.entry("AXDateField", ElementRole.DATE_EDITOR), Map.entry("AXHelpTag", ElementRole.TOOL_TIP),
			Map.entry("AXMatte", ElementRole.FILLER), Map.entry("AXDockItem", ElementRole.PUSH_BUTTON),
			Map.entry("AXRuler", ElementRole.RULER), Map.entry("AXRulerMarker", ElementRole.RULER),
			Map.entry("AXGrid", ElementRole.TABLE), Map.entry("AXLevelIndicator", ElementRole.LEVEL_BAR),
			Map.entry("AXCell", ElementRole.TABLE_CELL), Map.entry("AXLayoutArea", ElementRole.CANVAS),
			Map.entry("AXLayoutItem", ElementRole.PANEL), Map.entry("AXHandle", ElementRole.FILLER),
			Map.entry("AXPopover", ElementRole.WINDOW),
			// not in AXRoleConstants.h: AppKit's NSAccessibilityLinkRole, WebKit's web
			// area,
			// and the secure field role of old Carbon apps
			Map.entry("AXLink", ElementRole.LINK), Map.entry("AXWebArea", ElementRole.DOCUMENT_WEB),
			Map.entry("AXPage", ElementRole.PAGE), Map.entry("AXSecureTextField", ElementRole.PASSWORD_TEXT));

	// subroles that make the element something else than its role says, whatever the
	// role (a secure field is a password field even where an app calls it AXTextField)
	private static final Map<String, ElementRole> BY_SUBROLE = Map.ofEntries(
			Map.entry("AXSecureTextField", ElementRole.PASSWORD_TEXT), Map.entry("AXTabButton", ElementRole.PAGE_TAB),
			Map.entry("AXDialog", ElementRole.DIALOG), Map.entry("AXSystemDialog", ElementRole.DIALOG),
			Map.entry("AXToggle", ElementRole.TOGGLE_BUTTON), Map.entry("AXOutlineRow", ElementRole.TREE_ITEM),
			Map.entry("AXRatingIndicator", ElementRole.RATING),
			Map.entry("AXDescriptionList", ElementRole.DESCRIPTION_LIST),
			Map.entry("AXDefinitionList", ElementRole.DESCRIPTION_LIST),
			Map.entry("AXApplicationAlert", ElementRole.ALERT),
			Map.entry("AXApplicationAlertDialog", ElementRole.ALERT),
			Map.entry("AXApplicationDialog", ElementRole.DIALOG),
			Map.entry("AXApplicationStatus", ElementRole.STATUS_BAR),
			Map.entry("AXDocumentArticle", ElementRole.ARTICLE), Map.entry("AXLandmarkBanner", ElementRole.LANDMARK),
			Map.entry("AXLandmarkMain", ElementRole.LANDMARK), Map.entry("AXLandmarkNavigation", ElementRole.LANDMARK),
			Map.entry("AXLandmarkSearch", ElementRole.LANDMARK),
			Map.entry("AXLandmarkContentInfo", ElementRole.LANDMARK),
			Map.entry("AXLandmarkComplementary", ElementRole.LANDMARK));

	// roles whose subrole above is only believed for these roles: AXToggle on a check
	// box or button, AXTabButton on a radio button, AXOutlineRow on a row, a dialog
	// subrole on a window
	private static final Map<String, Set<String>> SUBROLE_ONLY_ON = Map.of("AXToggle", Set.of("AXCheckBox", "AXButton"),
			"AXTabButton", Set.of("AXRadioButton", "AXButton"), "AXOutlineRow", Set.of("AXRow"), "AXDialog",
			Set.of("AXWindow", "AXGroup"), "AXSystemDialog", Set.of("AXWindow"));

	private AxRoles() {
	}

	/**
	 * The element role of an AX role and subrole; {@code UNKNOWN} for what is not known.
	 */
	static ElementRole of(String role, String subrole) {
		if (subrole != null) {
			ElementRole bySubrole = BY_SUBROLE.get(subrole);
			Set<String> only = SUBROLE_ONLY_ON.get(subrole);
			if (bySubrole != null && (only == null || only.contains(role))) {
				return bySubrole;
			}
		}
		return (role != null) ? BY_ROLE.getOrDefault(role, ElementRole.UNKNOWN) : ElementRole.UNKNOWN;
	}

	/** Whether the role has a mapping of its own (not the fallback for unknown roles). */
	static boolean isMapped(String role) {
		return BY_ROLE.containsKey(role);
	}

}
