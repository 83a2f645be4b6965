package dev.deskhand.platform.linux.gnome;

import java.util.List;

import dev.deskhand.platform.DisplayInfo;
import dev.deskhand.platform.Frame;
import dev.deskhand.platform.Rect;

/**
 * A running screencast of the displays, for {@link GnomeCapture}: mutter's own
 * ({@link MutterScreenCast}) or one the xdg-desktop-portal granted
 * ({@link PortalScreenCast}).
 */
interface ScreenRecording extends AutoCloseable {

	/**
	 * @return the displays as they were when recording started: the capture starts a new
	 * recording when they change
	 */
	List<DisplayInfo> layout();

	/**
	 * @return the displays recorded: all of {@link #layout()} for mutter's, those the
	 * person shared for the portal's
	 */
	List<DisplayInfo> displays();

	/**
	 * @param displayId a recorded display's id
	 * @return how many frames its stream has delivered so far
	 */
	long frameCount(String displayId);

	/**
	 * Waits until each recorded display that {@code region} touches has a frame that came
	 * after {@code after}, or until {@code until} (both {@link System#nanoTime()}).
	 */
	void awaitFramesAfter(Rect region, long after, long until);

	/**
	 * Captures a region of one recorded display, in layout coordinates, at device
	 * resolution, from the latest frame of that display's stream.
	 * @param buffer an array to reuse when large enough, or {@code null}
	 */
	Frame capture(Rect region, int[] buffer);

	@Override
	void close();

}
