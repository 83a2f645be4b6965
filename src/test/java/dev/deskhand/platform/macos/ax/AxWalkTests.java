package dev.deskhand.platform.macos.ax;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

import dev.deskhand.platform.Rect;
import dev.deskhand.platform.elements.Element;
import dev.deskhand.platform.elements.ElementApp;
import dev.deskhand.platform.elements.ElementQuery;
import dev.deskhand.platform.elements.ElementRole;
import dev.deskhand.platform.elements.ElementState;
import dev.deskhand.platform.elements.ElementWalk;

import static dev.deskhand.platform.macos.ax.AxFixtures.snap;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The walk over a recorded window: a TextEdit-like document window with a toolbar, a
 * scroll area whose second half is scrolled away, and a closed menu's items.
 */
class AxWalkTests {

	private static final ElementApp APP = new ElementApp("TextEdit", 42);

	private static final Rect WINDOW = new Rect(100, 100, 600, 400);

	private final AxFixtures.Node app = AxFixtures.application(42, "TextEdit");

	private final AxFixtures.Node window = this.app.add(snap("AXWindow").title("Untitled").frame(100, 100, 600, 400));

	private final AxFixtures.Node toolbar;

	private final AxFixtures.Node offScreenGroup;

	AxWalkTests() {
		this.toolbar = this.window.add(snap("AXToolbar").frame(100, 100, 600, 40));
		this.toolbar.add(snap("AXButton").title("Bold").frame(110, 105, 30, 30).actions("AXPress"));
		this.toolbar.add(snap("AXButton").title("Italic").frame(150, 105, 30, 30).actions("AXPress"));
		AxFixtures.Node scroll = this.window.add(snap("AXScrollArea").frame(100, 140, 600, 360));
		scroll.add(snap("AXTextArea").value("Dear Ann,").frame(100, 140, 600, 360).settable(true).focused(true));
		this.offScreenGroup = scroll.add(snap("AXGroup").frame(100, 900, 600, 300));
		this.offScreenGroup.add(snap("AXButton").title("Hidden").frame(110, 910, 30, 30).actions("AXPress"));
		AxFixtures.Node popup = this.window
			.add(snap("AXPopUpButton").title("Style").frame(200, 105, 80, 30).actions("AXPress", "AXShowMenu"));
		// a closed menu's items: no frame
		popup.add(snap("AXMenu")).add(snap("AXMenuItem").title("Heading").actions("AXPress"));
	}

	private static ElementQuery query(boolean showingOnly, boolean interactiveOrNamed, int max) {
		return new ElementQuery(null, null, Set.of(), null, null, Set.of(), showingOnly, interactiveOrNamed, max);
	}

	private ElementWalk.Outcome walk(ElementQuery query, List<Element> into) {
		return AxWalk.collect(this.window, new AxPath(42, List.of(0), "AXWindow"), WINDOW, query, APP, into);
	}

	@Test
	void elementsComeInReadingOrderEachBeforeItsChildren() {
		List<Element> found = new ArrayList<>();
		ElementWalk.Outcome outcome = walk(query(false, false, 100), found);
		assertThat(outcome).isEqualTo(new ElementWalk.Outcome(false, false));
		assertThat(found).extracting(Element::role)
			.containsExactly(ElementRole.TOOL_BAR, ElementRole.PUSH_BUTTON, ElementRole.PUSH_BUTTON,
					ElementRole.SCROLL_PANE, ElementRole.TEXT, ElementRole.PANEL, ElementRole.PUSH_BUTTON,
					ElementRole.COMBO_BOX, ElementRole.POPUP_MENU, ElementRole.MENU_ITEM);
		assertThat(found).extracting((element) -> element.handle().id())
			.containsExactly("/0/0:AXToolbar", "/0/0/0:AXButton", "/0/0/1:AXButton", "/0/1:AXScrollArea",
					"/0/1/0:AXTextArea", "/0/1/1:AXGroup", "/0/1/1/0:AXButton", "/0/2:AXPopUpButton", "/0/2/0:AXMenu",
					"/0/2/0/0:AXMenuItem");
		assertThat(found).allSatisfy((element) -> assertThat(element.handle().owner()).isEqualTo("42"));
	}

	@Test
	void theDefaultListingKeepsWhatIsShowingAndInteractiveOrNamed() {
		List<Element> found = new ArrayList<>();
		walk(query(true, true, 100), found);
		assertThat(found).extracting(Element::name).containsExactly("Bold", "Italic", "", "Style");
		Element text = found.get(2);
		assertThat(text.role()).isEqualTo(ElementRole.TEXT);
		assertThat(text.states()).contains(ElementState.EDITABLE, ElementState.FOCUSED, ElementState.SHOWING);
		assertThat(text.value()).isEqualTo("Dear Ann,");
		assertThat(found.get(3).actions()).containsExactly("press", "show menu");
	}

	@Test
	void whatIsScrolledAwayIsNotDescendedInto() {
		walk(query(true, false, 100), new ArrayList<>());
		assertThat(this.offScreenGroup.reads).isEqualTo(1);
		assertThat(this.offScreenGroup.children.get(0).reads).isZero();
	}

	@Test
	void actionsAreAskedOnlyOfWhatMatches() {
		List<Element> found = new ArrayList<>();
		ElementQuery buttons = new ElementQuery(null, null, Set.of(ElementRole.PUSH_BUTTON), "ital", null, Set.of(),
				true, true, 100);
		walk(buttons, found);
		assertThat(found).extracting(Element::name).containsExactly("Italic");
		assertThat(this.toolbar.actionQueries).isZero();
		assertThat(this.toolbar.children.get(0).actionQueries).isZero();
		assertThat(this.toolbar.children.get(1).actionQueries).isEqualTo(1);
	}

	@Test
	void itStopsAtTheMaximumAndSaysSo() {
		List<Element> found = new ArrayList<>();
		ElementWalk.Outcome outcome = walk(query(true, true, 2), found);
		assertThat(outcome.truncated()).isTrue();
		assertThat(found).extracting(Element::name).containsExactly("Bold", "Italic");
		List<Element> exactly = new ArrayList<>();
		assertThat(walk(query(true, true, 4), exactly).truncated()).isFalse();
		assertThat(exactly).hasSize(4);
	}

	@Test
	void theQueryCountsWhatIsAlreadyThere() {
		List<Element> found = new ArrayList<>(List.of(AxElements
			.element(new AxPath(42, List.of(9), "AXButton").handle(), snap("AXButton").build(), APP, null)));
		assertThat(walk(query(true, true, 2), found).truncated()).isTrue();
		assertThat(found).hasSize(2);
	}

	@Test
	void anElementThatWentAwayIsLeftOutWithItsChildren() {
		this.toolbar.failWith = AxErrors.INVALID_UI_ELEMENT;
		List<Element> found = new ArrayList<>();
		walk(query(true, true, 100), found);
		assertThat(found).extracting(Element::name).containsExactly("", "Style");
	}

	@Test
	void anApplicationThatStopsAnsweringEndsTheWalk() {
		this.toolbar.children.get(1).failWith = AxErrors.CANNOT_COMPLETE;
		assertThatThrownBy(() -> walk(query(true, true, 100), new ArrayList<>())).isInstanceOf(AxException.class)
			.satisfies((ex) -> assertThat(((AxException) ex).error()).isEqualTo(AxErrors.CANNOT_COMPLETE));
	}

	@Test
	void aRunawayTreeIsCutAtTheVisitLimit() {
		AxFixtures.Node wide = this.app.add(snap("AXWindow").frame(0, 0, 100, 100));
		for (int i = 0; i < ElementWalk.VISIT_LIMIT + 10; i++) {
			wide.add(snap("AXButton").title("b" + i).frame(1, 1, 5, 5).actions("AXPress"));
		}
		List<Element> found = new ArrayList<>();
		ElementWalk.Outcome outcome = AxWalk.collect(wide, new AxPath(42, List.of(1), "AXWindow"),
				new Rect(0, 0, 100, 100), query(true, true, 10_000), APP, found);
		assertThat(outcome.cut()).isTrue();
		assertThat(found).hasSize(ElementWalk.VISIT_LIMIT);
	}

	@Test
	void aDeepTreeIsCutAtTheDepthLimit() {
		AxFixtures.Node deep = this.app.add(snap("AXWindow").frame(0, 0, 100, 100));
		AxFixtures.Node at = deep;
		for (int i = 0; i < ElementWalk.MAX_DEPTH + 5; i++) {
			at = at.add(snap("AXGroup").title("level " + (i + 1)).frame(1, 1, 5, 5));
		}
		List<Element> found = new ArrayList<>();
		ElementWalk.Outcome outcome = AxWalk.collect(deep, new AxPath(42, List.of(1), "AXWindow"),
				new Rect(0, 0, 100, 100), query(true, true, 10_000), APP, found);
		assertThat(outcome.cut()).isTrue();
		assertThat(found).hasSize(ElementWalk.MAX_DEPTH);
	}

}
