package dev.deskhand.platform.windows.uia;

import java.util.List;

/**
 * UI Automation's numbers: property, pattern and control-type ids and the enumerations
 * Deskhand reads, as {@code UIAutomationClient.h} defines them.
 */
final class UiaIds {

	static final String CLSID_CUIAUTOMATION = "{ff48dba4-60ef-4201-aa87-54103eef594e}";

	/**
	 * The Windows 8 class, whose object answers {@code IUIAutomation2} (the timeouts).
	 */
	static final String CLSID_CUIAUTOMATION8 = "{e22ad333-b25f-460c-83d0-0581107395c9}";

	static final String IID_IUIAUTOMATION = "{30cbe57d-d9d0-452a-ab13-7ac5ac4825ee}";

	static final String IID_IUIAUTOMATION2 = "{34723aff-0c9d-49d0-9896-7ab52df8cd8a}";

	static final String IID_INVOKE_PATTERN = "{fb377fbe-8ea6-46d5-9c73-6499642d3059}";

	static final String IID_EXPAND_COLLAPSE_PATTERN = "{619be086-1f4e-4ee4-bafa-210128738730}";

	static final String IID_SELECTION_ITEM_PATTERN = "{a8efa66a-0fda-421a-9194-38021f3578ea}";

	static final String IID_TOGGLE_PATTERN = "{94cf8058-9b8d-4ab9-8bfd-4cd0a33c8c70}";

	static final String IID_VALUE_PATTERN = "{a94cd8b1-0844-4cd6-9d2d-640537ab39e9}";

	static final String IID_TEXT_PATTERN = "{32eba289-3583-42c9-9c59-3b6d9a1e9b6a}";

	// TreeScope
	static final int TREE_SCOPE_ELEMENT = 0x1;

	static final int TREE_SCOPE_CHILDREN = 0x2;

	static final int TREE_SCOPE_DESCENDANTS = 0x4;

	static final int TREE_SCOPE_SUBTREE = TREE_SCOPE_ELEMENT | TREE_SCOPE_CHILDREN | TREE_SCOPE_DESCENDANTS;

	// pattern ids
	static final int INVOKE_PATTERN = 10000;

	static final int VALUE_PATTERN = 10002;

	static final int EXPAND_COLLAPSE_PATTERN = 10005;

	static final int SELECTION_ITEM_PATTERN = 10010;

	static final int TEXT_PATTERN = 10014;

	static final int TOGGLE_PATTERN = 10015;

	// property ids
	static final int RUNTIME_ID = 30000;

	static final int BOUNDING_RECTANGLE = 30001;

	static final int PROCESS_ID = 30002;

	static final int CONTROL_TYPE = 30003;

	static final int LOCALIZED_CONTROL_TYPE = 30004;

	static final int NAME = 30005;

	static final int HAS_KEYBOARD_FOCUS = 30008;

	static final int IS_KEYBOARD_FOCUSABLE = 30009;

	static final int IS_ENABLED = 30010;

	static final int AUTOMATION_ID = 30011;

	static final int CLASS_NAME = 30012;

	static final int IS_PASSWORD = 30019;

	static final int NATIVE_WINDOW_HANDLE = 30020;

	static final int IS_OFFSCREEN = 30022;

	static final int IS_EXPAND_COLLAPSE_PATTERN_AVAILABLE = 30028;

	static final int IS_INVOKE_PATTERN_AVAILABLE = 30031;

	static final int IS_SELECTION_ITEM_PATTERN_AVAILABLE = 30036;

	static final int IS_TEXT_PATTERN_AVAILABLE = 30040;

	static final int IS_TOGGLE_PATTERN_AVAILABLE = 30041;

	static final int IS_VALUE_PATTERN_AVAILABLE = 30043;

	static final int VALUE_VALUE = 30045;

	static final int VALUE_IS_READ_ONLY = 30046;

	static final int EXPAND_COLLAPSE_STATE = 30070;

	static final int SELECTION_ITEM_IS_SELECTED = 30079;

	static final int TOGGLE_STATE = 30086;

	/**
	 * What every listed element's cache holds: one {@code FindAllBuildCache} brings them
	 * all across, and reading them afterwards costs no call into the application.
	 */
	static final List<Integer> CACHED_PROPERTIES = List.of(RUNTIME_ID, NAME, CONTROL_TYPE, LOCALIZED_CONTROL_TYPE,
			BOUNDING_RECTANGLE, IS_ENABLED, HAS_KEYBOARD_FOCUS, IS_KEYBOARD_FOCUSABLE, IS_OFFSCREEN, IS_PASSWORD,
			AUTOMATION_ID, CLASS_NAME, PROCESS_ID, NATIVE_WINDOW_HANDLE, IS_INVOKE_PATTERN_AVAILABLE,
			IS_VALUE_PATTERN_AVAILABLE, IS_TOGGLE_PATTERN_AVAILABLE, IS_EXPAND_COLLAPSE_PATTERN_AVAILABLE,
			IS_SELECTION_ITEM_PATTERN_AVAILABLE, IS_TEXT_PATTERN_AVAILABLE, VALUE_VALUE, VALUE_IS_READ_ONLY,
			TOGGLE_STATE, EXPAND_COLLAPSE_STATE, SELECTION_ITEM_IS_SELECTED);

	// ToggleState
	static final int TOGGLE_OFF = 0;

	static final int TOGGLE_ON = 1;

	static final int TOGGLE_INDETERMINATE = 2;

	// ExpandCollapseState
	static final int COLLAPSED = 0;

	static final int EXPANDED = 1;

	static final int PARTIALLY_EXPANDED = 2;

	static final int LEAF_NODE = 3;

	// VARTYPE (wtypes.h)
	static final int VT_EMPTY = 0;

	static final int VT_I4 = 3;

	static final int VT_R8 = 5;

	static final int VT_BSTR = 8;

	static final int VT_BOOL = 11;

	static final int VT_UNKNOWN = 13;

	static final int VT_I2 = 2;

	static final int VT_UI4 = 19;

	static final int VT_INT = 22;

	static final int VT_ARRAY = 0x2000;

	private UiaIds() {
	}

}
