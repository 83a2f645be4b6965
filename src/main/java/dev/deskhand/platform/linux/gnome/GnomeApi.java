package dev.deskhand.platform.linux.gnome;

/**
 * Which of GNOME's ways in the driver uses to see and drive the screen
 * ({@code deskhand.gnome.api}).
 */
enum GnomeApi {

	/**
	 * Mutter's own D-Bus API ({@code org.gnome.Mutter.ScreenCast} and
	 * {@code RemoteDesktop}): no dialog, for programs in the user's session that mutter
	 * answers.
	 */
	MUTTER,

	/**
	 * The xdg-desktop-portal ({@code org.freedesktop.portal.ScreenCast} and
	 * {@code RemoteDesktop}): the person consents in the desktop's dialog; for a sandbox
	 * or a GNOME that does not answer on mutter's names.
	 */
	PORTAL,

	/** Mutter's API when its names are on the session bus, else the portal. */
	AUTO

}
