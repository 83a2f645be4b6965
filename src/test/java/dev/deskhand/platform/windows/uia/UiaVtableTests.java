package dev.deskhand.platform.windows.uia;

import java.util.HashSet;
import java.util.List;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * The slots Deskhand calls are those of UIAutomationClient.h (the Windows SDK's
 * UIAutomationClient.idl, as Wine's include/uiautomationclient.idl reproduces it): a slot
 * off by one calls another method with the wrong arguments, which no test on Linux would
 * otherwise see. The expected numbers were counted in the header, not derived from the
 * lists under test.
 */
class UiaVtableTests {

	@ParameterizedTest(name = "{0} = {1}")
	@CsvSource({ "AUTOMATION_GET_ROOT_ELEMENT, 5", "AUTOMATION_ELEMENT_FROM_HANDLE, 6",
			"AUTOMATION_ELEMENT_FROM_POINT_BUILD_CACHE, 11", "AUTOMATION_GET_CONTROL_VIEW_WALKER, 14",
			"AUTOMATION_GET_CONTROL_VIEW_CONDITION, 18", "AUTOMATION_CREATE_CACHE_REQUEST, 20",
			"AUTOMATION_CREATE_PROPERTY_CONDITION, 23", "AUTOMATION_CREATE_AND_CONDITION, 25",
			"AUTOMATION2_PUT_CONNECTION_TIMEOUT, 61", "AUTOMATION2_PUT_TRANSACTION_TIMEOUT, 63", "ELEMENT_SET_FOCUS, 3",
			"ELEMENT_GET_RUNTIME_ID, 4", "ELEMENT_FIND_FIRST_BUILD_CACHE, 7", "ELEMENT_FIND_ALL_BUILD_CACHE, 8",
			"ELEMENT_GET_CACHED_PROPERTY_VALUE, 12", "ELEMENT_GET_CURRENT_PATTERN_AS, 14",
			"ELEMENT_ARRAY_GET_LENGTH, 3", "ELEMENT_ARRAY_GET_ELEMENT, 4", "CACHE_REQUEST_ADD_PROPERTY, 3",
			"CACHE_REQUEST_PUT_TREE_FILTER, 9", "TREE_WALKER_GET_PARENT_ELEMENT_BUILD_CACHE, 9", "INVOKE, 3",
			"EXPAND, 3", "COLLAPSE, 4", "SELECT, 3", "TOGGLE, 3", "VALUE_SET_VALUE, 3", "VALUE_GET_CURRENT_VALUE, 4",
			"TEXT_GET_DOCUMENT_RANGE, 7", "TEXT_RANGE_GET_TEXT, 12", "RELEASE, 2" })
	void theSlotsUsedAreTheHeadersSlots(String constant, int slot) throws ReflectiveOperationException {
		assertThat(UiaVtable.class.getDeclaredField(constant).getInt(null)).isEqualTo(slot);
	}

	@Test
	void theHeadersFirstMethodsAndCountsAreKept() {
		assertThat(UiaVtable.AUTOMATION.subList(0, 9)).containsExactly("QueryInterface", "AddRef", "Release",
				"CompareElements", "CompareRuntimeIds", "GetRootElement", "ElementFromHandle", "ElementFromPoint",
				"GetFocusedElement");
		assertThat(UiaVtable.ELEMENT.subList(0, 9)).containsExactly("QueryInterface", "AddRef", "Release", "SetFocus",
				"GetRuntimeId", "FindFirst", "FindAll", "FindFirstBuildCache", "FindAllBuildCache");
		// IUIAutomation declares 55 methods, IUIAutomationElement 82 (32 Current and 32
		// Cached properties among them); IUIAutomation2 adds six
		assertThat(UiaVtable.AUTOMATION).hasSize(58);
		assertThat(UiaVtable.AUTOMATION2).hasSize(64);
		assertThat(UiaVtable.ELEMENT).hasSize(85);
		assertThat(UiaVtable.ELEMENT.indexOf("get_CurrentBoundingRectangle")).isEqualTo(43);
		assertThat(UiaVtable.ELEMENT.indexOf("get_CachedProcessId")).isEqualTo(52);
		assertThat(UiaVtable.ELEMENT.get(84)).isEqualTo("GetClickablePoint");
		assertThat(UiaVtable.TEXT_RANGE).hasSize(21);
		assertThat(UiaVtable.CACHE_REQUEST).hasSize(12);
	}

	@Test
	void everyVtableNamesEachMethodOnce() {
		for (List<String> vtable : List.of(UiaVtable.AUTOMATION, UiaVtable.AUTOMATION2, UiaVtable.ELEMENT,
				UiaVtable.ELEMENT_ARRAY, UiaVtable.CACHE_REQUEST, UiaVtable.TREE_WALKER, UiaVtable.INVOKE_PATTERN,
				UiaVtable.EXPAND_COLLAPSE_PATTERN, UiaVtable.SELECTION_ITEM_PATTERN, UiaVtable.TOGGLE_PATTERN,
				UiaVtable.VALUE_PATTERN, UiaVtable.TEXT_PATTERN, UiaVtable.TEXT_RANGE)) {
			assertThat(new HashSet<>(vtable)).as(vtable.get(3)).hasSameSizeAs(vtable);
			assertThat(vtable.subList(0, 3)).containsExactly("QueryInterface", "AddRef", "Release");
		}
	}

	@Test
	void aMethodNotInTheTableFailsLoudly() {
		assertThatIllegalStateException().isThrownBy(() -> UiaVtable.slot(UiaVtable.ELEMENT, "Click"));
	}

}
