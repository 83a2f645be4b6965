package dev.deskhand.input;

import java.time.Duration;

import dev.deskhand.platform.MouseButton;
import dev.deskhand.platform.Point;
import dev.deskhand.platform.ScrollDirection;

/**
 * One desktop action, already validated and mapped to the driver's logical coordinates.
 * Built by the tool layer, executed by the {@link InputQueue}.
 */
public sealed interface InputAction {

	/** The tool name the action came from, for timeouts, metrics and audit. */
	String tool();

	/** Time the action spends by design (a hold, a wait), added to the action timeout. */
	default Duration ownDuration() {
		return Duration.ZERO;
	}

	/**
	 * Where the action points, if it does: the display it acts on is the one holding this
	 * point.
	 */
	default Point target() {
		return null;
	}

	record MoveTo(Point to) implements InputAction {

		@Override
		public String tool() {
			return "mouse_move";
		}

		@Override
		public Point target() {
			return this.to;
		}

	}

	/**
	 * @param at where to click, or {@code null} for the current pointer position
	 * @param count 1, 2 or 3
	 */
	record Click(String tool, Point at, MouseButton button, int count, KeyChord modifiers) implements InputAction {

		@Override
		public Point target() {
			return this.at;
		}

	}

	/**
	 * Presses (down) or releases (up) a button and leaves it so: left_mouse_down /
	 * left_mouse_up.
	 */
	record Button(String tool, Point at, MouseButton button, boolean down) implements InputAction {

		@Override
		public Point target() {
			return this.at;
		}

	}

	record Drag(Point from, Point to) implements InputAction {

		@Override
		public String tool() {
			return "left_click_drag";
		}

		@Override
		public Point target() {
			return this.to;
		}

	}

	record Scroll(Point at, ScrollDirection direction, int amount, KeyChord modifiers) implements InputAction {

		@Override
		public String tool() {
			return "scroll";
		}

		@Override
		public Point target() {
			return this.at;
		}

	}

	record TypeText(String text) implements InputAction {

		@Override
		public String tool() {
			return "type";
		}

		@Override
		public Duration ownDuration() {
			// Unicode typing is paced so the target app keeps up; allow ~5 ms per
			// character.
			return Duration.ofMillis(5L * this.text.length());
		}

		@Override
		public String toString() {
			// Typed text is never logged in full.
			return "TypeText[" + this.text.length() + " chars]";
		}

	}

	record PressKeys(KeyChord chord, int repeat) implements InputAction {

		@Override
		public String tool() {
			return "key";
		}

		@Override
		public Duration ownDuration() {
			return Duration.ofMillis(2L * this.repeat);
		}

	}

	record HoldKeys(KeyChord chord, Duration duration) implements InputAction {

		@Override
		public String tool() {
			return "hold_key";
		}

		@Override
		public Duration ownDuration() {
			return this.duration;
		}

	}

	record Pause(Duration duration) implements InputAction {

		@Override
		public String tool() {
			return "wait";
		}

		@Override
		public Duration ownDuration() {
			return this.duration;
		}

	}

}
