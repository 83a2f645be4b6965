package dev.deskhand.platform.keys;

import java.util.List;

/**
 * The modifier keys, by what they do rather than which hand presses them. Each driver
 * maps them to its own codes and flags (an X modifier mask, a Windows virtual key, a
 * Quartz event flag).
 */
public enum Modifier {

	SHIFT("Shift_L", "Shift_R"),

	CONTROL("Control_L", "Control_R"),

	ALT("Alt_L", "Alt_R"),

	/** The Windows/Command/logo key. */
	SUPER("Super_L", "Super_R"),

	/**
	 * Meta: PC keyboards have no Meta key, and X layouts put it on the Alt keys, so rules
	 * that compare chords count it as {@link #ALT}.
	 */
	META("Meta_L", "Meta_R"),

	/** AltGr, the right Alt of European layouts: one key, no twin. */
	ALTGR("ISO_Level3_Shift", null);

	private final String left;

	private final String right;

	Modifier(String left, String right) {
		this.left = left;
		this.right = right;
	}

	/** The keysym name of the left-hand key (for AltGr, its only key). */
	public String left() {
		return this.left;
	}

	/** The keysym names of the keys that are this modifier: one or two. */
	public List<String> keys() {
		return (this.right == null) ? List.of(this.left) : List.of(this.left, this.right);
	}

}
