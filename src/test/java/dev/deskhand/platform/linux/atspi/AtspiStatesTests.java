package dev.deskhand.platform.linux.atspi;

import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

import dev.deskhand.platform.elements.ElementState;

import static org.assertj.core.api.Assertions.assertThat;

class AtspiStatesTests {

	// GTK's push button "Press me" as the witness reports it: enabled, focusable,
	// sensitive, showing, visible
	private static final List<Long> BUTTON = words(8, 11, 24, 25, 30);

	@Test
	void aShowingEnabledButtonIsShowingAndFocusableAndNotDisabled() {
		assertThat(AtspiStates.of(BUTTON)).containsExactlyInAnyOrder(ElementState.FOCUSABLE, ElementState.SHOWING);
	}

	@Test
	void notEnabledOrNotSensitiveIsDisabled() {
		assertThat(AtspiStates.of(words(11, 24, 25))).contains(ElementState.DISABLED);
		assertThat(AtspiStates.of(words(8, 11, 25))).contains(ElementState.DISABLED);
		assertThat(AtspiStates.of(words(8, 24))).doesNotContain(ElementState.DISABLED);
	}

	@Test
	void expandableAndNotExpandedIsCollapsed() {
		assertThat(AtspiStates.of(words(8, 9, 24))).contains(ElementState.COLLAPSED);
		assertThat(AtspiStates.of(words(8, 9, 10, 24))).contains(ElementState.EXPANDED)
			.doesNotContain(ElementState.COLLAPSED);
		assertThat(AtspiStates.of(words(5, 8, 24))).contains(ElementState.COLLAPSED);
		assertThat(AtspiStates.of(words(8, 24))).doesNotContain(ElementState.COLLAPSED);
	}

	@Test
	void bitsOfTheSecondWordCount() {
		// indeterminate is 32, read-only 43: the second word
		assertThat(AtspiStates.of(words(8, 24, 32, 43))).contains(ElementState.INDETERMINATE, ElementState.READ_ONLY);
		// a toolkit that sends one word only: no second-word state, no failure
		assertThat(AtspiStates.of(List.of(1L << 8 | 1L << 24))).isEmpty();
	}

	@Test
	void everyStateTheAgentSeesHasItsBit() {
		assertThat(AtspiStates.of(words(1, 4, 6, 7, 8, 10, 11, 12, 17, 20, 23, 24, 25, 32, 43)))
			.isEqualTo(Set.of(ElementState.ACTIVE, ElementState.CHECKED, ElementState.DEFUNCT, ElementState.EDITABLE,
					ElementState.EXPANDED, ElementState.FOCUSABLE, ElementState.FOCUSED, ElementState.MULTI_LINE,
					ElementState.PRESSED, ElementState.SELECTED, ElementState.SHOWING, ElementState.INDETERMINATE,
					ElementState.READ_ONLY));
	}

	@Test
	void wordsForAMatchRuleSetTheBitsAcrossWords() {
		assertThat(AtspiStates.words(2, 25)).containsExactly(1 << 25, 0);
		assertThat(AtspiStates.words(5, 7, 43, 129)).containsExactly(1 << 7, 1 << 11, 0, 0, 1 << 1);
		assertThat(AtspiStates.words(2)).containsExactly(0, 0);
	}

	@Test
	void derivedStatesHaveNoBitToAskFor() {
		assertThat(AtspiStates.bitOf(ElementState.DISABLED)).isNegative();
		assertThat(AtspiStates.bitOf(ElementState.COLLAPSED)).isNegative();
		assertThat(AtspiStates.bitOf(ElementState.SHOWING)).isEqualTo(25);
	}

	// unsigned 32-bit words as dbus-java hands them over (UInt32 is a Number)
	private static List<Long> words(int... bits) {
		long[] words = new long[2];
		for (int bit : bits) {
			words[bit / 32] |= 1L << (bit % 32);
		}
		return List.of(words[0], words[1]);
	}

}
