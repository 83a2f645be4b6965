package dev.deskhand.platform;

/**
 * Synthetic pointer input. Called only from the input thread. Every press is tracked so
 * that {@link DesktopDriver#releaseAll()} can undo it.
 */
public interface PointerDriver {

	void moveTo(int x, int y);

	void press(MouseButton button);

	void release(MouseButton button);

	/**
	 * One click: a move to {@code at} when it is not {@code null}, then a press and a
	 * release. Drivers may send the three as one batch and wait for the server once; the
	 * default makes the three calls.
	 */
	default void click(Point at, MouseButton button) {
		if (at != null) {
			moveTo(at.x(), at.y());
		}
		press(button);
		release(button);
	}

	/** Wheel clicks in a direction (X11: buttons 4-7, one press+release each). */
	void scroll(ScrollDirection direction, int clicks);

}
