package dev.deskhand.platform;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/** Windows and the applications they belong to. Thread-safe. */
public interface WindowDriver {

	/** The window with keyboard focus, if any (X11: {@code _NET_ACTIVE_WINDOW}). */
	Optional<WindowInfo> focusedWindow();

	/**
	 * Every top-level window the window manager manages (X11:
	 * {@code _NET_CLIENT_LIST_STACKING}, falling back to {@code _NET_CLIENT_LIST}),
	 * bottom of the stack first, so the last window containing a point is the one on top
	 * there.
	 */
	List<WindowInfo> list();

	/**
	 * The window on top at a point of a {@link #list()} (bottom of the stack first), or
	 * {@code null} when no window with known bounds holds it.
	 */
	static WindowInfo topmostAt(List<WindowInfo> stack, Point point) {
		for (int i = stack.size() - 1; i >= 0; i--) {
			Rect bounds = stack.get(i).bounds();
			if (bounds != null && bounds.contains(point.x(), point.y())) {
				return stack.get(i);
			}
		}
		return null;
	}

	/**
	 * Raises and focuses a window (X11: a {@code _NET_ACTIVE_WINDOW} client message) and
	 * waits until it is active.
	 * @return whether it became active within {@code timeout}
	 * @throws dev.deskhand.errors.DeskhandException E_NOT_FOUND when the window is gone
	 */
	boolean activate(long windowId, Duration timeout);

}
