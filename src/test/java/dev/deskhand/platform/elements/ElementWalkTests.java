package dev.deskhand.platform.elements;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.Rect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class ElementWalkTests {

	private static final ElementApp APP = new ElementApp("gedit", 42);

	// a tree of buttons named by their place ("0", "0.1", ...), "gone" ones went away
	record Node(String id, List<Node> kids, boolean showing) implements ElementWalk.Node<Node> {

		@Override
		public Element read() {
			return this.id.endsWith("gone") ? null : element(this.id, this.showing, List.of());
		}

		@Override
		public Element complete(Element read) {
			return element(this.id, this.showing, List.of("click"));
		}

		@Override
		public List<Node> children() {
			return this.kids;
		}

	}

	private static Element element(String name, boolean showing, List<String> actions) {
		return new Element(new ElementHandle("app", name), ElementRole.PUSH_BUTTON, name,
				showing ? Set.of(ElementState.SHOWING) : Set.of(), new Rect(0, 0, 10, 10), actions, null, APP, false,
				false);
	}

	private static ElementQuery query(boolean showingOnly, int max) {
		return new ElementQuery(null, null, Set.of(), null, null, Set.of(), showingOnly, false, max);
	}

	private static Node node(String id, boolean showing, Node... kids) {
		return new Node(id, List.of(kids), showing);
	}

	private final Node window = node("window", true, node("0", true, node("0.0", true), node("0.1-gone", true)),
			node("1", false, node("1.0", true)), node("2", true));

	@Test
	void readsInReadingOrderCompletingWhatMatchesAndSkippingWhatWentAway() {
		List<Element> found = new ArrayList<>();
		assertThat(ElementWalk.walk(this.window, query(false, 100), found))
			.isEqualTo(new ElementWalk.Outcome(false, false));
		assertThat(found).extracting(Element::name).containsExactly("0", "0.0", "1", "1.0", "2");
		assertThat(found).allSatisfy((element) -> assertThat(element.actions()).containsExactly("click"));
	}

	@Test
	void whatIsNotShowingIsNeitherKeptNorDescendedInto() {
		List<Element> found = new ArrayList<>();
		ElementWalk.walk(this.window, query(true, 100), found);
		assertThat(found).extracting(Element::name).containsExactly("0", "0.0", "2");
	}

	@Test
	void stopsAtTheMaximumAndSaysSo() {
		List<Element> found = new ArrayList<>();
		assertThat(ElementWalk.walk(this.window, query(false, 2), found))
			.isEqualTo(new ElementWalk.Outcome(true, false));
		assertThat(found).extracting(Element::name).containsExactly("0", "0.0");
	}

	@Test
	void collectLeavesOutWhatAddsNothingToWhatCameBefore() {
		List<Element> read = List.of(element("a", true, List.of()), element("a", true, List.of()),
				element("b", true, List.of()));
		List<Element> found = new ArrayList<>();
		assertThat(ElementWalk.collect(read, query(false, 10), found,
				(element, before) -> before.stream().anyMatch((earlier) -> earlier.name().equals(element.name()))))
			.isFalse();
		assertThat(found).extracting(Element::name).containsExactly("a", "b");
		assertThat(ElementWalk.collect(read, query(false, 1), new ArrayList<>())).isTrue();
	}

	@Test
	void actionsAreCheckedWithTheSameSentencesOnEveryPlatform() {
		Element none = element("OK", true, List.of());
		assertThatExceptionOfType(DeskhandException.class).isThrownBy(() -> ElementErrors.checkAction(none, 0))
			.satisfies((ex) -> assertThat(ex.code()).isEqualTo(ErrorCode.E_UNSUPPORTED))
			.withMessage("the push button 'OK' of gedit offers no action");
		Element one = element("OK", true, List.of("click"));
		assertThatExceptionOfType(DeskhandException.class).isThrownBy(() -> ElementErrors.checkAction(one, 1))
			.satisfies((ex) -> assertThat(ex.code()).isEqualTo(ErrorCode.E_ARGS));
		assertThat(ElementErrors.gone(one).getMessage())
			.isEqualTo("the push button 'OK' of gedit is gone: stale ref, list again");
	}

}
