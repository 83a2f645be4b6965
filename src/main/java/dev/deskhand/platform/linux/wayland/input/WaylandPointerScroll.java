package dev.deskhand.platform.linux.wayland.input;

import dev.deskhand.platform.ScrollDirection;

/**
 * One wheel notch as {@code zwlr_virtual_pointer_v1} sends it:
 * {@code axis_source(wheel)}, {@code axis_discrete(axis, value, ±1)}, {@code frame}.
 * Wayland's axes count down and right as positive; the value is libinput's 15 per notch
 * (degrees of the wheel), which GTK 3 reports as a smooth delta of 1.5 and, from the
 * discrete step, as one up/down/left/right scroll. Pure.
 *
 * @param axis {@code wl_pointer.axis}: 0 vertical, 1 horizontal
 * @param value the motion in {@code wl_fixed} units, negative up or left
 * @param discrete the notches, -1 or 1
 */
record WaylandPointerScroll(int axis, double value, int discrete) {

	static final int VERTICAL = 0;

	static final int HORIZONTAL = 1;

	/** {@code wl_pointer.axis_source.wheel}. */
	static final int SOURCE_WHEEL = 0;

	static final double VALUE_PER_NOTCH = 15.0;

	static WaylandPointerScroll notch(ScrollDirection direction) {
		return switch (direction) {
			case UP -> new WaylandPointerScroll(VERTICAL, -VALUE_PER_NOTCH, -1);
			case DOWN -> new WaylandPointerScroll(VERTICAL, VALUE_PER_NOTCH, 1);
			case LEFT -> new WaylandPointerScroll(HORIZONTAL, -VALUE_PER_NOTCH, -1);
			case RIGHT -> new WaylandPointerScroll(HORIZONTAL, VALUE_PER_NOTCH, 1);
		};
	}

}
