package dev.deskhand.platform.macos;

import java.time.Duration;

import dev.deskhand.platform.MouseButton;
import dev.deskhand.platform.Point;

/**
 * The click state ({@code kCGMouseEventClickState}) a synthetic press carries. Quartz
 * does not count clicks for posted events: an application sees a double click only when
 * the second press says 2. Like the window server for a real mouse, presses of the same
 * button at the same point within the double-click interval count up (2, 3, ...), any
 * other press starts again at 1; the release repeats its press's count. Used on the input
 * thread only.
 */
final class MacClickCounter {

	private final Duration interval;

	private MouseButton lastButton;

	private Point lastPoint;

	private long lastNanos;

	private int count;

	/**
	 * @param interval the double-click interval ({@code NSEvent.doubleClickInterval}, 0.5
	 * s unless the user changed it)
	 */
	MacClickCounter(Duration interval) {
		this.interval = interval;
	}

	/**
	 * The click state of a press.
	 * @param nanos when it happens, on {@link System#nanoTime()}'s clock
	 */
	int press(MouseButton button, Point at, long nanos) {
		boolean again = this.count > 0 && button == this.lastButton && at.equals(this.lastPoint)
				&& nanos - this.lastNanos <= this.interval.toNanos();
		this.count = again ? this.count + 1 : 1;
		this.lastButton = button;
		this.lastPoint = at;
		this.lastNanos = nanos;
		return this.count;
	}

	/** The click state of the release of {@code button}: its press's, or 1. */
	int release(MouseButton button) {
		return (button == this.lastButton && this.count > 0) ? this.count : 1;
	}

	/**
	 * Forgets the last click, so the next press counts 1 (after a reset or a timeout).
	 */
	void reset() {
		this.count = 0;
		this.lastButton = null;
		this.lastPoint = null;
	}

}
