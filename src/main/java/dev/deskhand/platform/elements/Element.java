package dev.deskhand.platform.elements;

import java.util.List;
import java.util.Set;

import dev.deskhand.platform.Rect;

/**
 * One element as a driver read it, at one moment.
 *
 * @param handle where the driver finds it again
 * @param role what it is
 * @param name its accessible name (a button's label, a field's label), possibly empty
 * @param states the states that matter to an agent
 * @param bounds where it is, in the driver's desktop units (those of
 * {@link dev.deskhand.platform.PointerDriver}), or {@code null} when it has no extent on
 * screen (a closed menu's items)
 * @param actions the actions it offers by name, in the toolkit's order (the first is the
 * default: "click", "press", "activate", "Toggle")
 * @param value its text or value when short and not secret, else {@code null}
 * @param app the application it belongs to
 * @param text whether its text can be read back ({@code Text})
 * @param editableText whether its text can be set directly ({@code EditableText})
 */
public record Element(ElementHandle handle, ElementRole role, String name, Set<ElementState> states, Rect bounds,
		List<String> actions, String value, ElementApp app, boolean text, boolean editableText) {

	/** Longest value shown with an element, in characters, on every platform. */
	public static final int VALUE_LIMIT = 200;

	public Element {
		states = Set.copyOf(states);
		actions = List.copyOf(actions);
	}

	/** Text cut to {@link #VALUE_LIMIT} characters, never inside a surrogate pair. */
	public static String shortValue(String text) {
		if (text == null || text.codePointCount(0, text.length()) <= VALUE_LIMIT) {
			return text;
		}
		return text.substring(0, text.offsetByCodePoints(0, VALUE_LIMIT)) + "…";
	}

	public boolean has(ElementState state) {
		return this.states.contains(state);
	}

	/**
	 * Whether its content is a secret: a password field's text is never read, logged or
	 * shown.
	 */
	public boolean secret() {
		return this.role == ElementRole.PASSWORD_TEXT;
	}

	/** Whether it offers a default action and may be used now. */
	public boolean actionable() {
		return !this.actions.isEmpty() && !has(ElementState.DISABLED);
	}

}
