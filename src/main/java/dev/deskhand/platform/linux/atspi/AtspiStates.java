package dev.deskhand.platform.linux.atspi;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;

import dev.deskhand.platform.elements.ElementState;

/**
 * AT-SPI's state set (a list of 32-bit words, bit {@code n} of the set in word
 * {@code n / 32}) read as {@link ElementState}s. Bit numbers are
 * {@code AtspiStateType}'s.
 */
final class AtspiStates {

	static final int ACTIVE = 1;

	static final int CHECKED = 4;

	static final int COLLAPSED = 5;

	static final int DEFUNCT = 6;

	static final int EDITABLE = 7;

	static final int ENABLED = 8;

	static final int EXPANDABLE = 9;

	static final int EXPANDED = 10;

	static final int FOCUSABLE = 11;

	static final int FOCUSED = 12;

	static final int MULTI_LINE = 17;

	static final int PRESSED = 20;

	static final int SELECTED = 23;

	static final int SENSITIVE = 24;

	static final int SHOWING = 25;

	static final int INDETERMINATE = 32;

	static final int READ_ONLY = 43;

	private AtspiStates() {
	}

	/** Whether bit {@code state} is set in the words. */
	static boolean has(List<? extends Number> words, int state) {
		int word = state / 32;
		return word < words.size() && (words.get(word).longValue() & (1L << (state % 32))) != 0;
	}

	/**
	 * The element states the words hold. {@link ElementState#DISABLED} is "not enabled or
	 * not sensitive" (either is how a toolkit greys a widget out);
	 * {@link ElementState#COLLAPSED} is AT-SPI's collapsed, or expandable and not
	 * expanded (GTK sets only the latter pair).
	 */
	static Set<ElementState> of(List<? extends Number> words) {
		Set<ElementState> states = EnumSet.noneOf(ElementState.class);
		map(words, FOCUSED, ElementState.FOCUSED, states);
		map(words, FOCUSABLE, ElementState.FOCUSABLE, states);
		map(words, CHECKED, ElementState.CHECKED, states);
		map(words, INDETERMINATE, ElementState.INDETERMINATE, states);
		map(words, SELECTED, ElementState.SELECTED, states);
		map(words, EXPANDED, ElementState.EXPANDED, states);
		map(words, PRESSED, ElementState.PRESSED, states);
		map(words, EDITABLE, ElementState.EDITABLE, states);
		map(words, READ_ONLY, ElementState.READ_ONLY, states);
		map(words, MULTI_LINE, ElementState.MULTI_LINE, states);
		map(words, SHOWING, ElementState.SHOWING, states);
		map(words, ACTIVE, ElementState.ACTIVE, states);
		map(words, DEFUNCT, ElementState.DEFUNCT, states);
		if (has(words, COLLAPSED) || (has(words, EXPANDABLE) && !has(words, EXPANDED))) {
			states.add(ElementState.COLLAPSED);
		}
		if (!has(words, ENABLED) || !has(words, SENSITIVE)) {
			states.add(ElementState.DISABLED);
		}
		return states;
	}

	private static void map(List<? extends Number> words, int bit, ElementState state, Set<ElementState> states) {
		if (has(words, bit)) {
			states.add(state);
		}
	}

	/**
	 * The words with the given bits set, {@code count} words long (what
	 * {@code Collection.GetMatches} takes for states and roles).
	 */
	static List<Integer> words(int count, int... bits) {
		int[] words = new int[count];
		for (int bit : bits) {
			words[bit / 32] |= 1 << (bit % 32);
		}
		return java.util.Arrays.stream(words).boxed().toList();
	}

	/** The AT-SPI state bit for an element state a query asks for, or -1 when none. */
	static int bitOf(ElementState state) {
		return switch (state) {
			case FOCUSED -> FOCUSED;
			case FOCUSABLE -> FOCUSABLE;
			case CHECKED -> CHECKED;
			case INDETERMINATE -> INDETERMINATE;
			case SELECTED -> SELECTED;
			case EXPANDED -> EXPANDED;
			case PRESSED -> PRESSED;
			case EDITABLE -> EDITABLE;
			case READ_ONLY -> READ_ONLY;
			case MULTI_LINE -> MULTI_LINE;
			case SHOWING -> SHOWING;
			case ACTIVE -> ACTIVE;
			case DEFUNCT -> DEFUNCT;
			// derived from more than one bit: filtered after reading
			case COLLAPSED, DISABLED -> -1;
		};
	}

}
