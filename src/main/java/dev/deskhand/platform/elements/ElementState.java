package dev.deskhand.platform.elements;

import java.util.Locale;

/**
 * The states of an element that an agent decides by, in one vocabulary for every
 * platform. {@link #DISABLED} is the absence of AT-SPI's
 * {@code enabled}/{@code sensitive} (what an agent asks is "can I use it"), the rest keep
 * AT-SPI's names.
 */
public enum ElementState {

	/** Has the keyboard focus. */
	FOCUSED,

	/** Can take the keyboard focus. */
	FOCUSABLE,

	/** Ticked: a check box, a toggle, a checked menu item. */
	CHECKED,

	/** Neither checked nor unchecked (a mixed check box). */
	INDETERMINATE,

	/** Picked: a list item, a tab, a menu item under the pointer. */
	SELECTED,

	/** An open tree item, combo box or menu. */
	EXPANDED,

	/** Could be opened but is not. */
	COLLAPSED,

	/** Pressed down (a toggle button). */
	PRESSED,

	/** Cannot be used right now (greyed out). */
	DISABLED,

	/** Its text can be changed. */
	EDITABLE,

	/** Shows but refuses changes. */
	READ_ONLY,

	/** Takes more than one line of text. */
	MULTI_LINE,

	/** On screen: its window is mapped and it is not scrolled or folded away. */
	SHOWING,

	/** The active (focused) window, or inside it. */
	ACTIVE,

	/** Gone: the toolkit says the object no longer stands for a widget. */
	DEFUNCT;

	/** The state's name as agents see it, e.g. {@code "read only"}. */
	public String spelling() {
		return name().toLowerCase(Locale.ROOT).replace('_', ' ');
	}

	/** The state named by its spelling, case-insensitive; {@code null} when none. */
	public static ElementState bySpelling(String name) {
		if (name == null) {
			return null;
		}
		String constant = name.strip().toUpperCase(Locale.ROOT).replace(' ', '_').replace('-', '_');
		for (ElementState state : values()) {
			if (state.name().equals(constant)) {
				return state;
			}
		}
		return null;
	}

}
