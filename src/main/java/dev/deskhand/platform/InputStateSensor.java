package dev.deskhand.platform;

import java.util.List;
import java.util.Optional;

/**
 * Reads the real input state of the desktop on a connection of its own, so the failsafe
 * keeps watching while the input thread is busy or stuck. Thread-safe; close it when
 * done.
 */
public interface InputStateSensor extends AutoCloseable {

	/**
	 * Whether every key of a chord is down right now, by the server's own account (X11:
	 * {@code XQueryKeymap}), whoever pressed it: a physical keyboard, another client,
	 * XTest.
	 * @param keyNames keysym names as {@link KeyboardDriver} takes them, e.g.
	 * {@code Control_L}
	 * @throws dev.deskhand.errors.DeskhandException E_ARGS for an unknown key name
	 */
	boolean isHeld(List<String> keyNames);

	/** Where the pointer is, in logical coordinates. */
	Point pointerPosition();

	/**
	 * Every key and button down and the pointer, in one reading, in the driver's codes:
	 * what the desk compares with {@link DesktopDriver#injectedInput()} to notice the
	 * human. Empty where the driver cannot read it, or cannot reach the desktop now.
	 */
	default Optional<InputSnapshot> snapshot() {
		return Optional.empty();
	}

	/**
	 * Which connection to the display the readings come from: a new number whenever the
	 * sensor has connected anew (a display restarted on the same number). What a reading
	 * on the old connection showed says nothing about the new one: a new X server puts
	 * the pointer in the middle of the screen, which is no person's doing. Drivers that
	 * never reconnect keep 0.
	 */
	default long connectionGeneration() {
		return 0;
	}

	@Override
	void close();

}
