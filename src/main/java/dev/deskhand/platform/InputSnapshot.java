package dev.deskhand.platform;

import java.util.Set;

/**
 * The real input state of the desktop in one reading, whoever caused it.
 *
 * @param pointer where the pointer is
 * @param keys the keys down, by the driver's own codes (X keycodes)
 * @param buttons the pointer buttons down (1 left, 2 middle, 3 right; wheel clicks are
 * too short to see)
 */
public record InputSnapshot(Point pointer, Set<Integer> keys, Set<Integer> buttons) {

	public InputSnapshot {
		keys = Set.copyOf(keys);
		buttons = Set.copyOf(buttons);
	}

}
