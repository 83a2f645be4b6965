package dev.deskhand.platform;

import java.util.Optional;

/** Windows and the applications they belong to. Thread-safe. */
public interface WindowDriver {

	/** The window with keyboard focus, if any (X11: {@code _NET_ACTIVE_WINDOW}). */
	Optional<FocusedWindow> focusedWindow();

}
