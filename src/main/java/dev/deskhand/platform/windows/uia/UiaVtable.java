package dev.deskhand.platform.windows.uia;

import java.util.List;

/**
 * The vtable slots of the UI Automation interfaces Deskhand calls: each interface's
 * methods in the order {@code UIAutomationClient.h} declares them (that order is the
 * binary layout of the vtable), IUnknown's three first, and every slot number taken from
 * its position in that list rather than typed by hand.
 *
 * <p>
 * Source of the order: {@code UIAutomationClient.idl} of the Windows SDK, as Wine
 * reproduces it ({@code include/uiautomationclient.idl}); a {@code [propget]} is a
 * {@code get_} method and a {@code [propput]} a {@code put_} method in its place.
 */
final class UiaVtable {

	private static final List<String> IUNKNOWN = List.of("QueryInterface", "AddRef", "Release");

	/** {@code IUIAutomation} (30cbe57d-d9d0-452a-ab13-7ac5ac4825ee): 58 slots. */
	static final List<String> AUTOMATION = withUnknown("CompareElements", "CompareRuntimeIds", "GetRootElement",
			"ElementFromHandle", "ElementFromPoint", "GetFocusedElement", "GetRootElementBuildCache",
			"ElementFromHandleBuildCache", "ElementFromPointBuildCache", "GetFocusedElementBuildCache",
			"CreateTreeWalker", "get_ControlViewWalker", "get_ContentViewWalker", "get_RawViewWalker",
			"get_RawViewCondition", "get_ControlViewCondition", "get_ContentViewCondition", "CreateCacheRequest",
			"CreateTrueCondition", "CreateFalseCondition", "CreatePropertyCondition", "CreatePropertyConditionEx",
			"CreateAndCondition", "CreateAndConditionFromArray", "CreateAndConditionFromNativeArray",
			"CreateOrCondition", "CreateOrConditionFromArray", "CreateOrConditionFromNativeArray", "CreateNotCondition",
			"AddAutomationEventHandler", "RemoveAutomationEventHandler", "AddPropertyChangedEventHandlerNativeArray",
			"AddPropertyChangedEventHandler", "RemovePropertyChangedEventHandler", "AddStructureChangedEventHandler",
			"RemoveStructureChangedEventHandler", "AddFocusChangedEventHandler", "RemoveFocusChangedEventHandler",
			"RemoveAllEventHandlers", "IntNativeArrayToSafeArray", "IntSafeArrayToNativeArray", "RectToVariant",
			"VariantToRect", "SafeArrayToRectNativeArray", "CreateProxyFactoryEntry", "get_ProxyFactoryMapping",
			"GetPropertyProgrammaticName", "GetPatternProgrammaticName", "PollForPotentialSupportedPatterns",
			"PollForPotentialSupportedProperties", "CheckNotSupported", "get_ReservedNotSupportedValue",
			"get_ReservedMixedAttributeValue", "ElementFromIAccessible", "ElementFromIAccessibleBuildCache");

	/**
	 * {@code IUIAutomation2} (34723aff-0c9d-49d0-9896-7ab52df8cd8a), Windows 8 and later:
	 * IUIAutomation's slots, then the timeouts.
	 */
	static final List<String> AUTOMATION2 = concat(AUTOMATION, "get_AutoSetFocus", "put_AutoSetFocus",
			"get_ConnectionTimeout", "put_ConnectionTimeout", "get_TransactionTimeout", "put_TransactionTimeout");

	/** {@code IUIAutomationElement} (d22108aa-8ac5-49a5-837b-37bbb3d7591e): 85 slots. */
	static final List<String> ELEMENT = withUnknown("SetFocus", "GetRuntimeId", "FindFirst", "FindAll",
			"FindFirstBuildCache", "FindAllBuildCache", "BuildUpdatedCache", "GetCurrentPropertyValue",
			"GetCurrentPropertyValueEx", "GetCachedPropertyValue", "GetCachedPropertyValueEx", "GetCurrentPatternAs",
			"GetCachedPatternAs", "GetCurrentPattern", "GetCachedPattern", "GetCachedParent", "GetCachedChildren",
			"get_CurrentProcessId", "get_CurrentControlType", "get_CurrentLocalizedControlType", "get_CurrentName",
			"get_CurrentAcceleratorKey", "get_CurrentAccessKey", "get_CurrentHasKeyboardFocus",
			"get_CurrentIsKeyboardFocusable", "get_CurrentIsEnabled", "get_CurrentAutomationId", "get_CurrentClassName",
			"get_CurrentHelpText", "get_CurrentCulture", "get_CurrentIsControlElement", "get_CurrentIsContentElement",
			"get_CurrentIsPassword", "get_CurrentNativeWindowHandle", "get_CurrentItemType", "get_CurrentIsOffscreen",
			"get_CurrentOrientation", "get_CurrentFrameworkId", "get_CurrentIsRequiredForForm", "get_CurrentItemStatus",
			"get_CurrentBoundingRectangle", "get_CurrentLabeledBy", "get_CurrentAriaRole", "get_CurrentAriaProperties",
			"get_CurrentIsDataValidForForm", "get_CurrentControllerFor", "get_CurrentDescribedBy", "get_CurrentFlowsTo",
			"get_CurrentProviderDescription", "get_CachedProcessId", "get_CachedControlType",
			"get_CachedLocalizedControlType", "get_CachedName", "get_CachedAcceleratorKey", "get_CachedAccessKey",
			"get_CachedHasKeyboardFocus", "get_CachedIsKeyboardFocusable", "get_CachedIsEnabled",
			"get_CachedAutomationId", "get_CachedClassName", "get_CachedHelpText", "get_CachedCulture",
			"get_CachedIsControlElement", "get_CachedIsContentElement", "get_CachedIsPassword",
			"get_CachedNativeWindowHandle", "get_CachedItemType", "get_CachedIsOffscreen", "get_CachedOrientation",
			"get_CachedFrameworkId", "get_CachedIsRequiredForForm", "get_CachedItemStatus",
			"get_CachedBoundingRectangle", "get_CachedLabeledBy", "get_CachedAriaRole", "get_CachedAriaProperties",
			"get_CachedIsDataValidForForm", "get_CachedControllerFor", "get_CachedDescribedBy", "get_CachedFlowsTo",
			"get_CachedProviderDescription", "GetClickablePoint");

	/** {@code IUIAutomationElementArray} (14314595-b4bc-4055-95f2-58f2e42c9855). */
	static final List<String> ELEMENT_ARRAY = withUnknown("get_Length", "GetElement");

	/** {@code IUIAutomationCacheRequest} (b32a92b5-bc25-4078-9c08-d7ee95c48e03). */
	static final List<String> CACHE_REQUEST = withUnknown("AddProperty", "AddPattern", "Clone", "get_TreeScope",
			"put_TreeScope", "get_TreeFilter", "put_TreeFilter", "get_AutomationElementMode",
			"put_AutomationElementMode");

	/** {@code IUIAutomationTreeWalker} (4042c624-389c-4afc-a630-9df854a541fc). */
	static final List<String> TREE_WALKER = withUnknown("GetParentElement", "GetFirstChildElement",
			"GetLastChildElement", "GetNextSiblingElement", "GetPreviousSiblingElement", "NormalizeElement",
			"GetParentElementBuildCache", "GetFirstChildElementBuildCache", "GetLastChildElementBuildCache",
			"GetNextSiblingElementBuildCache", "GetPreviousSiblingElementBuildCache", "NormalizeElementBuildCache",
			"get_Condition");

	/** {@code IUIAutomationInvokePattern} (fb377fbe-8ea6-46d5-9c73-6499642d3059). */
	static final List<String> INVOKE_PATTERN = withUnknown("Invoke");

	/**
	 * {@code IUIAutomationExpandCollapsePattern} (619be086-1f4e-4ee4-bafa-210128738730).
	 */
	static final List<String> EXPAND_COLLAPSE_PATTERN = withUnknown("Expand", "Collapse",
			"get_CurrentExpandCollapseState", "get_CachedExpandCollapseState");

	/**
	 * {@code IUIAutomationSelectionItemPattern} (a8efa66a-0fda-421a-9194-38021f3578ea).
	 */
	static final List<String> SELECTION_ITEM_PATTERN = withUnknown("Select", "AddToSelection", "RemoveFromSelection",
			"get_CurrentIsSelected", "get_CurrentSelectionContainer", "get_CachedIsSelected",
			"get_CachedSelectionContainer");

	/** {@code IUIAutomationTogglePattern} (94cf8058-9b8d-4ab9-8bfd-4cd0a33c8c70). */
	static final List<String> TOGGLE_PATTERN = withUnknown("Toggle", "get_CurrentToggleState", "get_CachedToggleState");

	/** {@code IUIAutomationValuePattern} (a94cd8b1-0844-4cd6-9d2d-640537ab39e9). */
	static final List<String> VALUE_PATTERN = withUnknown("SetValue", "get_CurrentValue", "get_CurrentIsReadOnly",
			"get_CachedValue", "get_CachedIsReadOnly");

	/** {@code IUIAutomationTextPattern} (32eba289-3583-42c9-9c59-3b6d9a1e9b6a). */
	static final List<String> TEXT_PATTERN = withUnknown("RangeFromPoint", "RangeFromChild", "GetSelection",
			"GetVisibleRanges", "get_DocumentRange", "get_SupportedTextSelection");

	/** {@code IUIAutomationTextRange} (a543cc6a-f4ae-494b-8239-c814481187a8). */
	static final List<String> TEXT_RANGE = withUnknown("Clone", "Compare", "CompareEndpoints", "ExpandToEnclosingUnit",
			"FindAttribute", "FindText", "GetAttributeValue", "GetBoundingRectangles", "GetEnclosingElement", "GetText",
			"Move", "MoveEndpointByUnit", "MoveEndpointByRange", "Select", "AddToSelection", "RemoveFromSelection",
			"ScrollIntoView", "GetChildren");

	static final int RELEASE = slot(IUNKNOWN, "Release");

	static final int AUTOMATION_GET_ROOT_ELEMENT = slot(AUTOMATION, "GetRootElement");

	static final int AUTOMATION_ELEMENT_FROM_HANDLE = slot(AUTOMATION, "ElementFromHandle");

	static final int AUTOMATION_ELEMENT_FROM_POINT_BUILD_CACHE = slot(AUTOMATION, "ElementFromPointBuildCache");

	static final int AUTOMATION_GET_CONTROL_VIEW_WALKER = slot(AUTOMATION, "get_ControlViewWalker");

	static final int AUTOMATION_GET_CONTROL_VIEW_CONDITION = slot(AUTOMATION, "get_ControlViewCondition");

	static final int AUTOMATION_CREATE_CACHE_REQUEST = slot(AUTOMATION, "CreateCacheRequest");

	static final int AUTOMATION_CREATE_PROPERTY_CONDITION = slot(AUTOMATION, "CreatePropertyCondition");

	static final int AUTOMATION_CREATE_AND_CONDITION = slot(AUTOMATION, "CreateAndCondition");

	static final int AUTOMATION2_PUT_CONNECTION_TIMEOUT = slot(AUTOMATION2, "put_ConnectionTimeout");

	static final int AUTOMATION2_PUT_TRANSACTION_TIMEOUT = slot(AUTOMATION2, "put_TransactionTimeout");

	static final int ELEMENT_SET_FOCUS = slot(ELEMENT, "SetFocus");

	static final int ELEMENT_GET_RUNTIME_ID = slot(ELEMENT, "GetRuntimeId");

	static final int ELEMENT_FIND_FIRST_BUILD_CACHE = slot(ELEMENT, "FindFirstBuildCache");

	static final int ELEMENT_FIND_ALL_BUILD_CACHE = slot(ELEMENT, "FindAllBuildCache");

	static final int ELEMENT_GET_CACHED_PROPERTY_VALUE = slot(ELEMENT, "GetCachedPropertyValue");

	static final int ELEMENT_GET_CURRENT_PATTERN_AS = slot(ELEMENT, "GetCurrentPatternAs");

	static final int ELEMENT_ARRAY_GET_LENGTH = slot(ELEMENT_ARRAY, "get_Length");

	static final int ELEMENT_ARRAY_GET_ELEMENT = slot(ELEMENT_ARRAY, "GetElement");

	static final int CACHE_REQUEST_ADD_PROPERTY = slot(CACHE_REQUEST, "AddProperty");

	static final int CACHE_REQUEST_PUT_TREE_FILTER = slot(CACHE_REQUEST, "put_TreeFilter");

	static final int TREE_WALKER_GET_PARENT_ELEMENT_BUILD_CACHE = slot(TREE_WALKER, "GetParentElementBuildCache");

	static final int INVOKE = slot(INVOKE_PATTERN, "Invoke");

	static final int EXPAND = slot(EXPAND_COLLAPSE_PATTERN, "Expand");

	static final int COLLAPSE = slot(EXPAND_COLLAPSE_PATTERN, "Collapse");

	static final int SELECT = slot(SELECTION_ITEM_PATTERN, "Select");

	static final int TOGGLE = slot(TOGGLE_PATTERN, "Toggle");

	static final int VALUE_SET_VALUE = slot(VALUE_PATTERN, "SetValue");

	static final int VALUE_GET_CURRENT_VALUE = slot(VALUE_PATTERN, "get_CurrentValue");

	static final int TEXT_GET_DOCUMENT_RANGE = slot(TEXT_PATTERN, "get_DocumentRange");

	static final int TEXT_RANGE_GET_TEXT = slot(TEXT_RANGE, "GetText");

	private UiaVtable() {
	}

	/** The slot of {@code method} in {@code vtable}; fails at class load when absent. */
	static int slot(List<String> vtable, String method) {
		int index = vtable.indexOf(method);
		if (index < 0 || vtable.lastIndexOf(method) != index) {
			throw new IllegalStateException(method + " is not once in the vtable " + vtable);
		}
		return index;
	}

	private static List<String> withUnknown(String... methods) {
		return concat(IUNKNOWN, methods);
	}

	private static List<String> concat(List<String> base, String... methods) {
		String[] all = new String[base.size() + methods.length];
		base.toArray(all);
		System.arraycopy(methods, 0, all, base.size(), methods.length);
		return List.of(all);
	}

}
