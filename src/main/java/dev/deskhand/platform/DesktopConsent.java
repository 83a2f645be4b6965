package dev.deskhand.platform;

import java.util.List;

/**
 * A person's consent, given through the desktop's own dialog, for Deskhand to see the
 * screen or drive it: the xdg-desktop-portal's "Screen Share" and "Remote Desktop"
 * dialogs on GNOME. A driver reports each grant to a {@link Listener}; the application
 * records it in the audit as an approval (platform code knows nothing of the audit).
 *
 * @param portal the portal interface that asked, e.g.
 * {@code org.freedesktop.portal.ScreenCast}
 * @param version the portal's {@code version} property: what it can remember
 * @param restored whether the session started from a kept restore token, with no dialog
 * when the portal still honours it
 * @param remembered whether the portal gave a restore token, so the next start needs no
 * dialog; false where it cannot persist (the RemoteDesktop portal before version 2)
 * @param devices the input devices granted, e.g. {@code [keyboard, pointer]}; empty for a
 * screencast
 * @param displays the displays shared, by id
 */
public record DesktopConsent(String portal, int version, boolean restored, boolean remembered, List<String> devices,
		List<String> displays) {

	public DesktopConsent {
		devices = List.copyOf(devices);
		displays = List.copyOf(displays);
	}

	/** Told of every consent a driver obtained. */
	@FunctionalInterface
	public interface Listener {

		/** Nothing is told. */
		Listener NONE = (consent) -> {
		};

		/**
		 * Called on the thread that started the session, before it is used; must not
		 * throw.
		 */
		void granted(DesktopConsent consent);

	}

}
