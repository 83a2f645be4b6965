package dev.deskhand.platform.macos;

import java.util.Set;

import dev.deskhand.platform.MouseButton;
import dev.deskhand.platform.ScrollDirection;

/**
 * Which Quartz mouse events a pointer action is, by the rules applications rely on: a
 * move while a button is down is that button's {@code …Dragged} event (a plain
 * {@code kCGEventMouseMoved} during a drag makes most applications drop it), and each
 * button has its own down/up types. Pure.
 */
final class MacMouseEvents {

	static final int LEFT_MOUSE_DOWN = 1;

	static final int LEFT_MOUSE_UP = 2;

	static final int RIGHT_MOUSE_DOWN = 3;

	static final int RIGHT_MOUSE_UP = 4;

	static final int MOUSE_MOVED = 5;

	static final int LEFT_MOUSE_DRAGGED = 6;

	static final int RIGHT_MOUSE_DRAGGED = 7;

	static final int OTHER_MOUSE_DOWN = 25;

	static final int OTHER_MOUSE_UP = 26;

	static final int OTHER_MOUSE_DRAGGED = 27;

	/** {@code kCGScrollEventUnitLine}: wheel deltas count lines, not pixels. */
	static final int SCROLL_UNIT_LINE = 1;

	private MacMouseEvents() {
	}

	/**
	 * One mouse event.
	 *
	 * @param type the {@code CGEventType}
	 * @param button the {@code CGMouseButton} (0 left, 1 right, 2 centre); Quartz reads
	 * it only for the {@code Other…} types but every event carries one
	 */
	record Event(int type, int button) {
	}

	/**
	 * One wheel event's deltas, in lines: Quartz counts up and left as positive.
	 *
	 * @param wheelCount how many wheels the event uses (1 vertical, 2 with the horizontal
	 * one)
	 * @param vertical wheel 1, positive up
	 * @param horizontal wheel 2, positive left
	 */
	record Wheel(int wheelCount, int vertical, int horizontal) {
	}

	/** The {@code CGMouseButton} of a button. */
	static int button(MouseButton button) {
		return switch (button) {
			case LEFT -> 0;
			case RIGHT -> 1;
			case MIDDLE -> 2;
		};
	}

	/**
	 * A move with {@code held} buttons down: dragged for the first of left, right, middle
	 * that is held, else moved.
	 */
	static Event move(Set<MouseButton> held) {
		if (held.contains(MouseButton.LEFT)) {
			return new Event(LEFT_MOUSE_DRAGGED, 0);
		}
		if (held.contains(MouseButton.RIGHT)) {
			return new Event(RIGHT_MOUSE_DRAGGED, 1);
		}
		if (held.contains(MouseButton.MIDDLE)) {
			return new Event(OTHER_MOUSE_DRAGGED, 2);
		}
		return new Event(MOUSE_MOVED, 0);
	}

	static Event press(MouseButton button) {
		return switch (button) {
			case LEFT -> new Event(LEFT_MOUSE_DOWN, 0);
			case RIGHT -> new Event(RIGHT_MOUSE_DOWN, 1);
			case MIDDLE -> new Event(OTHER_MOUSE_DOWN, 2);
		};
	}

	static Event release(MouseButton button) {
		return switch (button) {
			case LEFT -> new Event(LEFT_MOUSE_UP, 0);
			case RIGHT -> new Event(RIGHT_MOUSE_UP, 1);
			case MIDDLE -> new Event(OTHER_MOUSE_UP, 2);
		};
	}

	/** One wheel click in a direction. */
	static Wheel wheel(ScrollDirection direction) {
		return switch (direction) {
			case UP -> new Wheel(1, 1, 0);
			case DOWN -> new Wheel(1, -1, 0);
			case LEFT -> new Wheel(2, 0, 1);
			case RIGHT -> new Wheel(2, 0, -1);
		};
	}

}
