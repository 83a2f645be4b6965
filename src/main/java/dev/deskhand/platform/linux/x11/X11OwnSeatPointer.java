package dev.deskhand.platform.linux.x11;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.MouseButton;
import dev.deskhand.platform.PointerDriver;
import dev.deskhand.platform.ScrollDirection;

/**
 * The pointer of the own-seat mode on X11: none. An agent's click through its own master
 * pointer reached the clicked window, but on a window whose client takes focus itself
 * ({@code WM_TAKE_FOCUS}: GTK3 does) the window manager asks the client to take focus,
 * and the client's core {@code XSetInputFocus} moves the <em>person's</em> keyboard
 * focus. Rather than steal the person's focus on some windows, the mode is keyboard-only,
 * and every pointer action is refused before anything is sent.
 */
final class X11OwnSeatPointer implements PointerDriver {

	static final String WHY = "the own-seat working mode on X11 is keyboard-only: a click through the agent's own"
			+ " pointer makes GTK and other toolkits that take focus themselves (WM_TAKE_FOCUS) move the person's"
			+ " keyboard focus, so Deskhand sends no pointer input in this mode; use focus_window and keys here, or"
			+ " run the server with deskhand.working-mode=own-display for clicks";

	@Override
	public void moveTo(int x, int y) {
		throw refused();
	}

	@Override
	public void press(MouseButton button) {
		throw refused();
	}

	@Override
	public void release(MouseButton button) {
		throw refused();
	}

	@Override
	public void scroll(ScrollDirection direction, int clicks) {
		throw refused();
	}

	private static DeskhandException refused() {
		return new DeskhandException(ErrorCode.E_UNSUPPORTED, WHY);
	}

}
