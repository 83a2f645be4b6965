package dev.deskhand.platform;

/**
 * Synthetic pointer input. Called only from the input thread. Every press is tracked so that
 * {@link DesktopDriver#releaseAll()} can undo it.
 */
public interface PointerDriver {

	void moveTo(int x, int y);

	void press(MouseButton button);

	void release(MouseButton button);

	/** Wheel clicks in a direction (X11: buttons 4-7, one press+release each). */
	void scroll(ScrollDirection direction, int clicks);

}
