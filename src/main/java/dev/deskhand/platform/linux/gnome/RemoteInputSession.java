package dev.deskhand.platform.linux.gnome;

import java.util.List;

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

	/** Ends the session; mutter releases what its devices held. */
	void stop();

	/** Starts a session over the displays. */
	@FunctionalInterface
	interface Starter {

		RemoteInputSession start(List<DisplayInfo> displays);

	}

}
