package dev.deskhand.platform.windows.uia;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;

import dev.deskhand.platform.elements.Element;
import dev.deskhand.platform.elements.ElementApp;
import dev.deskhand.platform.elements.ElementQuery;
import dev.deskhand.platform.elements.ElementState;
import dev.deskhand.platform.elements.ElementWalk;

import static org.assertj.core.api.Assertions.assertThat;

/** The query's filters and maximum over a recorded list, and the hit test's choice. */
class UiaQueriesTests {

	private static final ElementApp APP = new ElementApp("notepad", 4242);

	@Test
	void statesAndTheMaximumAreApplied() {
		List<Element> read = new ArrayList<>();
		for (int i = 0; i < 5; i++) {
			Map<Integer, Object> button = UiaFixtures.saveButton();
			button.put(UiaIds.RUNTIME_ID, new int[] { 42, i });
			button.put(UiaIds.HAS_KEYBOARD_FOCUS, i == 3);
			read.add(UiaElements.element(UiaSnapshot.of(button), APP));
		}
		List<Element> focused = new ArrayList<>();
		assertThat(ElementWalk.collect(read, query(Set.of(ElementState.FOCUSED), 10), focused)).isFalse();
		assertThat(focused).extracting((element) -> element.handle().id()).containsExactly("42.3");
		List<Element> three = new ArrayList<>();
		assertThat(ElementWalk.collect(read, query(Set.of(), 3), three)).isTrue();
		assertThat(three).hasSize(3);
	}

	@Test
	void anAppIsNamedByItsExecutableWithOrWithoutExe() {
		assertThat(UiaQueries.belongsTo(APP, "Notepad")).isTrue();
		assertThat(UiaQueries.belongsTo(APP, "notepad.EXE")).isTrue();
		assertThat(UiaQueries.belongsTo(APP, "note")).isFalse();
	}

	@Test
	void theHitTestKeepsTheDeepestWhenNothingOffersAnAction() {
		Map<Integer, Object> label = UiaFixtures.saveButton();
		label.put(UiaIds.CONTROL_TYPE, 50020);
		label.put(UiaIds.IS_INVOKE_PATTERN_AVAILABLE, false);
		Map<Integer, Object> window = UiaFixtures.saveButton();
		window.put(UiaIds.CONTROL_TYPE, 50032);
		window.put(UiaIds.NATIVE_WINDOW_HANDLE, 0x1234);
		window.put(UiaIds.IS_INVOKE_PATTERN_AVAILABLE, false);
		List<UiaSnapshot> chain = List.of(UiaSnapshot.of(label), UiaSnapshot.of(window));
		assertThat(UiaQueries.pick(chain, 0x1234)).contains(UiaSnapshot.of(label));
		assertThat(UiaQueries.pick(chain, 0x9999)).isEmpty();
		assertThat(UiaQueries.pick(List.of(), 0x1234)).isEmpty();
	}

	private static ElementQuery query(Set<ElementState> states, int max) {
		return new ElementQuery(null, null, Set.of(), null, null, states, false, false, max);
	}

}
