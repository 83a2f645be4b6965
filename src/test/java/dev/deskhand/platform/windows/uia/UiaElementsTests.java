package dev.deskhand.platform.windows.uia;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.deskhand.platform.Rect;
import dev.deskhand.platform.elements.Element;
import dev.deskhand.platform.elements.ElementApp;
import dev.deskhand.platform.elements.ElementHandle;
import dev.deskhand.platform.elements.ElementRole;
import dev.deskhand.platform.elements.ElementState;

import static org.assertj.core.api.Assertions.assertThat;

/** Cached UI Automation properties, recorded, read as the element model. */
class UiaElementsTests {

	private static final ElementApp NOTEPAD = new ElementApp("notepad", 4242);

	@Test
	void aButtonReadsWithItsNameBoundsHandleAndInvoke() {
		Element save = UiaElements.element(UiaSnapshot.of(UiaFixtures.saveButton()), NOTEPAD);
		assertThat(save.role()).isEqualTo(ElementRole.PUSH_BUTTON);
		assertThat(save.name()).isEqualTo("Save");
		assertThat(save.bounds()).isEqualTo(new Rect(2010, 300, 113, 48));
		assertThat(save.states()).containsExactlyInAnyOrder(ElementState.SHOWING, ElementState.FOCUSABLE);
		assertThat(save.actions()).containsExactly("invoke");
		assertThat(save.handle()).isEqualTo(new ElementHandle("4242", "42.263286.4.-3"));
		assertThat(save.value()).isNull();
		assertThat(save.text()).isFalse();
		assertThat(save.editableText()).isFalse();
		assertThat(save.app()).isEqualTo(NOTEPAD);
	}

	@Test
	void statesComeFromTheProperties() {
		Map<Integer, Object> properties = UiaFixtures.saveButton();
		properties.put(UiaIds.IS_ENABLED, false);
		properties.put(UiaIds.IS_OFFSCREEN, true);
		properties.put(UiaIds.HAS_KEYBOARD_FOCUS, true);
		assertThat(UiaElements.states(UiaSnapshot.of(properties))).containsExactlyInAnyOrder(ElementState.DISABLED,
				ElementState.FOCUSED, ElementState.FOCUSABLE);
	}

	@Test
	void aCheckBoxIsCheckedOrMixedByItsToggleState() {
		Map<Integer, Object> box = checkBox();
		box.put(UiaIds.TOGGLE_STATE, UiaIds.TOGGLE_ON);
		Element on = UiaElements.element(UiaSnapshot.of(box), NOTEPAD);
		assertThat(on.role()).isEqualTo(ElementRole.CHECK_BOX);
		assertThat(on.states()).contains(ElementState.CHECKED).doesNotContain(ElementState.INDETERMINATE);
		assertThat(on.actions()).containsExactly("toggle");
		box.put(UiaIds.TOGGLE_STATE, UiaIds.TOGGLE_INDETERMINATE);
		assertThat(UiaElements.states(UiaSnapshot.of(box))).contains(ElementState.INDETERMINATE)
			.doesNotContain(ElementState.CHECKED);
		box.put(UiaIds.TOGGLE_STATE, UiaIds.TOGGLE_OFF);
		assertThat(UiaElements.states(UiaSnapshot.of(box))).doesNotContain(ElementState.CHECKED,
				ElementState.INDETERMINATE);
	}

	@Test
	void aToggleStateWithoutTheTogglePatternIsIgnored() {
		Map<Integer, Object> box = checkBox();
		box.put(UiaIds.IS_TOGGLE_PATTERN_AVAILABLE, false);
		box.put(UiaIds.TOGGLE_STATE, UiaIds.TOGGLE_ON);
		assertThat(UiaElements.states(UiaSnapshot.of(box))).doesNotContain(ElementState.CHECKED);
	}

	@Test
	void aPressedToggleButtonIsCheckedAndPressed() {
		Map<Integer, Object> bold = UiaFixtures.saveButton();
		bold.put(UiaIds.IS_INVOKE_PATTERN_AVAILABLE, false);
		bold.put(UiaIds.IS_TOGGLE_PATTERN_AVAILABLE, true);
		bold.put(UiaIds.TOGGLE_STATE, UiaIds.TOGGLE_ON);
		Element element = UiaElements.element(UiaSnapshot.of(bold), NOTEPAD);
		assertThat(element.role()).isEqualTo(ElementRole.TOGGLE_BUTTON);
		assertThat(element.states()).contains(ElementState.CHECKED, ElementState.PRESSED);
	}

	@Test
	void aComboBoxOffersWhatChangesItsExpandState() {
		Map<Integer, Object> combo = combo(UiaIds.COLLAPSED);
		assertThat(UiaElements.element(UiaSnapshot.of(combo), NOTEPAD).actions()).containsExactly("expand");
		assertThat(UiaElements.states(UiaSnapshot.of(combo))).contains(ElementState.COLLAPSED)
			.doesNotContain(ElementState.EXPANDED);
		combo = combo(UiaIds.EXPANDED);
		assertThat(UiaElements.actions(UiaSnapshot.of(combo))).containsExactly("collapse");
		assertThat(UiaElements.states(UiaSnapshot.of(combo))).contains(ElementState.EXPANDED);
		assertThat(UiaElements.states(UiaSnapshot.of(combo(UiaIds.PARTIALLY_EXPANDED))))
			.contains(ElementState.EXPANDED);
		assertThat(UiaElements.actions(UiaSnapshot.of(combo(UiaIds.LEAF_NODE)))).isEmpty();
		Map<Integer, Object> unknown = combo(UiaIds.COLLAPSED);
		unknown.remove(UiaIds.EXPAND_COLLAPSE_STATE);
		assertThat(UiaElements.actions(UiaSnapshot.of(unknown))).containsExactly("expand", "collapse");
	}

	@Test
	void actionsAreInOneFixedOrderWhateverTheElementOffers() {
		Map<Integer, Object> all = UiaFixtures.saveButton();
		all.put(UiaIds.IS_SELECTION_ITEM_PATTERN_AVAILABLE, true);
		all.put(UiaIds.IS_EXPAND_COLLAPSE_PATTERN_AVAILABLE, true);
		all.put(UiaIds.EXPAND_COLLAPSE_STATE, UiaIds.COLLAPSED);
		all.put(UiaIds.IS_TOGGLE_PATTERN_AVAILABLE, true);
		assertThat(UiaElements.actions(UiaSnapshot.of(all))).containsExactly("invoke", "toggle", "expand", "select");
	}

	@Test
	void aSelectedTabIsSelected() {
		Map<Integer, Object> tab = new java.util.HashMap<>(UiaFixtures.saveButton());
		tab.put(UiaIds.CONTROL_TYPE, 50019);
		tab.put(UiaIds.IS_INVOKE_PATTERN_AVAILABLE, false);
		tab.put(UiaIds.IS_SELECTION_ITEM_PATTERN_AVAILABLE, true);
		tab.put(UiaIds.SELECTION_ITEM_IS_SELECTED, true);
		Element element = UiaElements.element(UiaSnapshot.of(tab), NOTEPAD);
		assertThat(element.role()).isEqualTo(ElementRole.PAGE_TAB);
		assertThat(element.states()).contains(ElementState.SELECTED);
		assertThat(element.actions()).containsExactly("select");
	}

	@Test
	void anEditShowsItsShortValueAndIsEditableOrReadOnly() {
		Map<Integer, Object> edit = edit("hello");
		Element element = UiaElements.element(UiaSnapshot.of(edit), NOTEPAD);
		assertThat(element.role()).isEqualTo(ElementRole.ENTRY);
		assertThat(element.value()).isEqualTo("hello");
		assertThat(element.states()).contains(ElementState.EDITABLE).doesNotContain(ElementState.READ_ONLY);
		assertThat(element.editableText()).isTrue();
		assertThat(element.text()).isTrue();
		edit.put(UiaIds.VALUE_IS_READ_ONLY, true);
		Element readOnly = UiaElements.element(UiaSnapshot.of(edit), NOTEPAD);
		assertThat(readOnly.states()).contains(ElementState.READ_ONLY).doesNotContain(ElementState.EDITABLE);
		assertThat(readOnly.editableText()).isFalse();
	}

	@Test
	void aLongValueIsCutAtTwoHundredCharactersNeverInsideASurrogatePair() {
		String value = "a".repeat(199) + "😀" + "tail";
		Element element = UiaElements.element(UiaSnapshot.of(edit(value)), NOTEPAD);
		assertThat(element.value()).isEqualTo("a".repeat(199) + "😀…");
	}

	@Test
	void aPasswordFieldIsSecretAndItsValueIsNeverKept() {
		Map<Integer, Object> password = edit("hunter2");
		password.put(UiaIds.IS_PASSWORD, true);
		Element element = UiaElements.element(UiaSnapshot.of(password), NOTEPAD);
		assertThat(element.role()).isEqualTo(ElementRole.PASSWORD_TEXT);
		assertThat(element.secret()).isTrue();
		assertThat(element.value()).isNull();
		assertThat(element.editableText()).as("a password can still be set").isTrue();
		assertThat(UiaSnapshot.of(password).value()).isNull();
		assertThat(UiaSnapshot.of(password).toString()).doesNotContain("hunter2");
	}

	@Test
	void readingAPasswordFieldsCacheNeverAsksForItsValue() {
		Map<Integer, Object> password = edit("hunter2");
		password.put(UiaIds.IS_PASSWORD, true);
		List<Integer> asked = new ArrayList<>();
		UiaSnapshot read = UiaSnapshot.read((id) -> {
			asked.add(id);
			return password.get(id);
		});
		assertThat(asked).doesNotContain(UiaIds.VALUE_VALUE).contains(UiaIds.VALUE_IS_READ_ONLY);
		assertThat(read.password()).isTrue();
		List<Integer> plain = new ArrayList<>();
		UiaSnapshot.read((id) -> {
			plain.add(id);
			return edit("x").get(id);
		});
		assertThat(plain).containsExactlyElementsOf(UiaIds.CACHED_PROPERTIES);
	}

	@Test
	void boundsAreRoundedPixelsAndAnEmptyRectangleIsNoPlace() {
		assertThat(UiaElements.bounds(new double[] { -1920.0, -8.0, 1920.0, 1048.0 }))
			.isEqualTo(new Rect(-1920, -8, 1920, 1048));
		assertThat(UiaElements.bounds(new double[] { 10.4, 20.6, 99.2, 9.8 })).isEqualTo(new Rect(10, 21, 100, 9));
		assertThat(UiaElements.bounds(new double[] { 0, 0, 0, 0 })).isNull();
		assertThat(UiaElements.bounds(new double[] { 5, 5, 10, 0 })).isNull();
		assertThat(UiaElements.bounds(new double[] { Double.NaN, 0, 10, 10 })).isNull();
		assertThat(UiaElements.bounds(new double[] { Double.POSITIVE_INFINITY, 0, 10, 10 })).isNull();
		assertThat(UiaElements.bounds(new double[0])).isNull();
		assertThat(UiaElements.bounds(null)).isNull();
	}

	@Test
	void anElementThatDoesNotSayIsEnabledIsUsable() {
		assertThat(UiaSnapshot.of(Map.of()).enabled()).isTrue();
		assertThat(UiaSnapshot.of(Map.of()).controlType()).isZero();
		assertThat(UiaSnapshot.of(Map.of()).toggleState()).isEqualTo(-1);
		assertThat(UiaSnapshot.of(Map.of()).name()).isEmpty();
	}

	@Test
	void aWindowHandleIsReadUnsigned() {
		assertThat(UiaSnapshot.of(Map.of(UiaIds.NATIVE_WINDOW_HANDLE, 0x80010abc)).windowHandle())
			.isEqualTo(0x80010abcL);
	}

	@Test
	void appNamesAreTheExecutablesFileName() {
		assertThat(UiaElements.appName("C:\\Windows\\System32\\notepad.exe", 4)).isEqualTo("notepad");
		assertThat(UiaElements.appName("C:\\Program Files\\App\\APP.EXE", 4)).isEqualTo("APP");
		assertThat(UiaElements.appName("C:\\tools\\runner", 4)).isEqualTo("runner");
		assertThat(UiaElements.appName("", 4)).isEqualTo("pid 4");
		assertThat(UiaElements.appName(null, 0)).isEqualTo("unknown");
	}

	private static Map<Integer, Object> checkBox() {
		Map<Integer, Object> box = UiaFixtures.saveButton();
		box.put(UiaIds.CONTROL_TYPE, 50002);
		box.put(UiaIds.IS_INVOKE_PATTERN_AVAILABLE, false);
		box.put(UiaIds.IS_TOGGLE_PATTERN_AVAILABLE, true);
		return box;
	}

	private static Map<Integer, Object> combo(int state) {
		Map<Integer, Object> combo = UiaFixtures.saveButton();
		combo.put(UiaIds.CONTROL_TYPE, 50003);
		combo.put(UiaIds.IS_INVOKE_PATTERN_AVAILABLE, false);
		combo.put(UiaIds.IS_EXPAND_COLLAPSE_PATTERN_AVAILABLE, true);
		combo.put(UiaIds.EXPAND_COLLAPSE_STATE, state);
		return combo;
	}

	private static Map<Integer, Object> edit(String value) {
		Map<Integer, Object> edit = UiaFixtures.saveButton();
		edit.put(UiaIds.CONTROL_TYPE, 50004);
		edit.put(UiaIds.NAME, "File name:");
		edit.put(UiaIds.IS_INVOKE_PATTERN_AVAILABLE, false);
		edit.put(UiaIds.IS_VALUE_PATTERN_AVAILABLE, true);
		edit.put(UiaIds.VALUE_VALUE, value);
		edit.put(UiaIds.VALUE_IS_READ_ONLY, false);
		return edit;
	}

}
