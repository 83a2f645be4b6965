package dev.deskhand.platform.linux.gnome;

import java.util.List;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.DisplayInfo;

/**
 * A started remote desktop session that injects input on GNOME: mutter's own
 * ({@link MutterRemoteSession}) or one the xdg-desktop-portal granted
 * ({@link PortalRemoteSession}). Both reach the same mutter session underneath, so events
 * mean the same: absolute positions in a display's stream pixels, evdev buttons, keysyms.
 */
interface RemoteInputSession {

	/** Whether the session has a stream for each of these displays. */
	boolean covers(List<DisplayInfo> displays);

	/**
	 * Moves the pointer to a position in a display's stream.
	 * @param x stream pixels from the display's left edge
	 */
	void pointerTo(String displayId, double x, double y);

	/** A relative motion; (0, 0) moves nothing, and wakes the pointer device. */
	void pointerBy(double dx, double dy);

	/**
	 * @param button an evdev code, e.g. BTN_LEFT 0x110
	 */
	void button(int button, boolean pressed);

	/**
	 * Wheel notches.
	 * @param axis 0 vertical, 1 horizontal
	 * @param steps positive down or right
	 */
	void axisDiscrete(int axis, int steps);

	/**
	 * A key by keysym: mutter finds its key in the current layout, shifting as needed.
	 */
	void keysym(long keysym, boolean pressed);

	/**
	 * Whether this session injects at all: false for {@link #refused(String)}, which
	 * needs no warm-up.
	 */
	default boolean injects() {
		return true;
	}

	/**
	 * Waits until every event sent so far was taken; the first refusal is thrown once all
	 * are answered. A session whose calls each wait for their answer has nothing to wait
	 * for.
	 */
	default void flush() {
	}

	/** Ends the session; mutter releases what its devices held. */
	void stop();

	/**
	 * A session that injects nothing: every event answers E_UNSUPPORTED with {@code why}.
	 */
	static RemoteInputSession refused(String why) {
		return new RemoteInputSession() {

			@Override
			public boolean injects() {
				return false;
			}

			@Override
			public boolean covers(List<DisplayInfo> displays) {
				return true;
			}

			@Override
			public void pointerTo(String displayId, double x, double y) {
				throw refusal();
			}

			@Override
			public void pointerBy(double dx, double dy) {
				throw refusal();
			}

			@Override
			public void button(int button, boolean pressed) {
				throw refusal();
			}

			@Override
			public void axisDiscrete(int axis, int steps) {
				throw refusal();
			}

			@Override
			public void keysym(long keysym, boolean pressed) {
				throw refusal();
			}

			@Override
			public void stop() {
				// nothing was started
			}

			private DeskhandException refusal() {
				return new DeskhandException(ErrorCode.E_UNSUPPORTED, why);
			}

		};
	}

	/** Starts a session over the displays. */
	@FunctionalInterface
	interface Starter {

		RemoteInputSession start(List<DisplayInfo> displays);

	}

}
