package dev.deskhand.platform.macos.ax;

import org.junit.jupiter.api.Test;

import dev.deskhand.platform.Rect;
import dev.deskhand.platform.elements.Element;
import dev.deskhand.platform.elements.ElementApp;
import dev.deskhand.platform.elements.ElementHandle;
import dev.deskhand.platform.elements.ElementRole;
import dev.deskhand.platform.elements.ElementState;

import static dev.deskhand.platform.macos.ax.AxFixtures.snap;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Attribute snapshots, as AppKit answers them (recorded shapes: a button's title, a
 * field's label element, a check box's 0/1/2), as elements of the model.
 */
class AxElementsTests {

	private static final ElementHandle HANDLE = new ElementHandle("4242", "/0/1:AXButton");

	private static final ElementApp APP = new ElementApp("TextEdit", 4242);

	private static final Rect WINDOW = new Rect(100, 50, 800, 600);

	private static Element element(AxFixtures.Snap snap) {
		return AxElements.element(HANDLE, snap.build(), APP, WINDOW);
	}

	@Test
	void aButtonIsNamedByItsTitleAndPressedFirst() {
		Element button = element(snap("AXButton").title("Save")
			.description("saves the document")
			.frame(120.5, 80.25, 80, 24)
			.actions("AXShowMenu", "AXPress"));
		assertThat(button.role()).isEqualTo(ElementRole.PUSH_BUTTON);
		assertThat(button.name()).isEqualTo("Save");
		assertThat(button.actions()).containsExactly("press", "show menu");
		assertThat(button.bounds()).isEqualTo(new Rect(120, 80, 81, 25));
		assertThat(button.states()).containsExactly(ElementState.SHOWING);
		assertThat(button.handle()).isEqualTo(HANDLE);
		assertThat(button.app()).isEqualTo(APP);
		assertThat(button.value()).isNull();
		assertThat(button.text()).isFalse();
	}

	@Test
	void theNameFallsBackToTheDescriptionThenTheLabelElement() {
		assertThat(element(snap("AXButton").title("  ").description("Close")).name()).isEqualTo("Close");
		assertThat(element(snap("AXTextField").label("First name")).name()).isEqualTo("First name");
		assertThat(element(snap("AXTextField")).name()).isEmpty();
	}

	@Test
	void aStaticTextIsNamedByItsText() {
		Element label = element(snap("AXStaticText").value("Hello, world"));
		assertThat(label.role()).isEqualTo(ElementRole.LABEL);
		assertThat(label.name()).isEqualTo("Hello, world");
		assertThat(label.value()).isEqualTo("Hello, world");
	}

	@Test
	void aSettableFieldIsEditableTextWithItsValue() {
		Element field = element(snap("AXTextField").title("To").value("ann@example.org").settable(true).focused(true));
		assertThat(field.role()).isEqualTo(ElementRole.ENTRY);
		assertThat(field.states()).contains(ElementState.EDITABLE, ElementState.FOCUSED);
		assertThat(field.editableText()).isTrue();
		assertThat(field.text()).isTrue();
		assertThat(field.value()).isEqualTo("ann@example.org");
		Element readOnly = element(snap("AXTextField").value("fixed"));
		assertThat(readOnly.states()).doesNotContain(ElementState.EDITABLE);
		assertThat(readOnly.editableText()).isFalse();
		assertThat(readOnly.text()).isTrue();
	}

	@Test
	void aTextAreaIsMultiLine() {
		assertThat(element(snap("AXTextArea").value("a\nb").settable(true)).states()).contains(ElementState.MULTI_LINE,
				ElementState.EDITABLE);
	}

	@Test
	void aSecureFieldNeverShowsItsValue() {
		Element password = element(snap("AXTextField").subrole("AXSecureTextField").value("hunter2").settable(true));
		assertThat(password.role()).isEqualTo(ElementRole.PASSWORD_TEXT);
		assertThat(password.secret()).isTrue();
		assertThat(password.value()).isNull();
		assertThat(password.editableText()).isTrue();
	}

	@Test
	void aLongValueIsCutAtTwoHundredCharactersNeverInsideAPair() {
		String emoji = "\uD83D\uDE00";
		Element field = element(snap("AXTextField").value(emoji.repeat(300)));
		assertThat(field.value()).hasSize(200 * 2 + 1).endsWith(emoji + "…");
	}

	@Test
	void checkBoxValuesAreTheirTicks() {
		assertThat(element(snap("AXCheckBox").value(0L)).states()).doesNotContain(ElementState.CHECKED,
				ElementState.INDETERMINATE);
		assertThat(element(snap("AXCheckBox").value(1L)).states()).contains(ElementState.CHECKED);
		assertThat(element(snap("AXCheckBox").value(2L)).states()).contains(ElementState.INDETERMINATE);
		assertThat(element(snap("AXRadioButton").value(1L)).states()).contains(ElementState.CHECKED);
		assertThat(element(snap("AXCheckBox").value(1L)).value()).isNull();
	}

	@Test
	void aShownTabIsSelected() {
		Element tab = element(snap("AXRadioButton").subrole("AXTabButton").title("General").value(1L));
		assertThat(tab.role()).isEqualTo(ElementRole.PAGE_TAB);
		assertThat(tab.states()).contains(ElementState.SELECTED).doesNotContain(ElementState.CHECKED);
	}

	@Test
	void disabledSelectedExpandedAndCollapsed() {
		assertThat(element(snap("AXButton").enabled(false)).states()).contains(ElementState.DISABLED);
		assertThat(element(snap("AXButton").enabled(null)).states()).doesNotContain(ElementState.DISABLED);
		assertThat(element(snap("AXRow").selected(true)).states()).contains(ElementState.SELECTED);
		assertThat(element(snap("AXRow").subrole("AXOutlineRow").expanded(true)).states())
			.contains(ElementState.EXPANDED);
		assertThat(element(snap("AXRow").subrole("AXOutlineRow").expanded(false)).states())
			.contains(ElementState.COLLAPSED);
		assertThat(element(snap("AXRow")).states()).doesNotContain(ElementState.EXPANDED, ElementState.COLLAPSED);
	}

	@Test
	void aSliderShowsItsPosition() {
		assertThat(element(snap("AXSlider").value(42L)).value()).isEqualTo("42");
		assertThat(element(snap("AXSlider").value(0.5)).value()).isEqualTo("0.5");
	}

	@Test
	void zeroSizeOrNoFrameHasNoBoundsAndIsNotShowing() {
		assertThat(element(snap("AXMenuItem").frame(10, 10, 0, 20)).bounds()).isNull();
		assertThat(element(snap("AXMenuItem")).bounds()).isNull();
		assertThat(element(snap("AXMenuItem").frame(10, 10, 0, 20)).states()).doesNotContain(ElementState.SHOWING);
		assertThat(element(snap("AXButton").frame(Double.NaN, 10, 5, 5)).bounds()).isNull();
	}

	@Test
	void showingMeansInsideTheWindowAndNotMinimized() {
		assertThat(element(snap("AXButton").frame(2000, 2000, 10, 10)).states()).doesNotContain(ElementState.SHOWING);
		assertThat(element(snap("AXButton").frame(895, 645, 10, 10)).states()).contains(ElementState.SHOWING);
		assertThat(element(snap("AXWindow").frame(100, 50, 800, 600).minimized(true)).states())
			.doesNotContain(ElementState.SHOWING);
		assertThat(AxElements.element(HANDLE, snap("AXButton").frame(-3000, 0, 10, 10).build(), APP, null).states())
			.contains(ElementState.SHOWING);
	}

	@Test
	void aNegativeOriginOnADisplayLeftOfTheMainOneIsKept() {
		assertThat(element(snap("AXButton").frame(-1439.5, -200, 20, 10)).bounds())
			.isEqualTo(new Rect(-1440, -200, 21, 10));
	}

}
