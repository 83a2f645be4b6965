package dev.deskhand.platform;

import java.util.Set;

/**
 * The real input state of the desktop in one reading, whoever caused it.
 *
 * @param pointer where the pointer is
 * @param keys the keys down, by the driver's own codes (X keycodes)
 * @param buttons the pointer buttons down (1 left, 2 middle, 3 right; wheel clicks are
 * too short to see)
 * @param otherInput whether input that was not Deskhand's came in lately, where the
 * driver cannot see the keys, buttons and pointer themselves but can tell that much
 * (GNOME: from mutter's idle time)
 */
public record InputSnapshot(Point pointer, Set<Integer> keys, Set<Integer> buttons, boolean otherInput) {

	public InputSnapshot {
		keys = Set.copyOf(keys);
		buttons = Set.copyOf(buttons);
	}

	/** A reading of the state itself, where the driver can read it (X11). */
	public InputSnapshot(Point pointer, Set<Integer> keys, Set<Integer> buttons) {
		this(pointer, keys, buttons, false);
	}

}
