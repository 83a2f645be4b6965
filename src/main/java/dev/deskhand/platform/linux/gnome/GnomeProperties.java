package dev.deskhand.platform.linux.gnome;

import dev.deskhand.platform.linux.TextOutsideLayout;
import java.nio.file.Path;
import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

import dev.deskhand.files.StateDirectory;

/**
 * Settings of the GNOME driver ({@code deskhand.gnome.*}). Which session it drives comes
 * from the session's environment ({@code DBUS_SESSION_BUS_ADDRESS},
 * {@code XDG_RUNTIME_DIR}, {@code WAYLAND_DISPLAY}), like any program of the session.
 *
 * @param callTimeout how long one call to mutter may take (a pointer move, a key, the
 * first frame of a display) before it answers {@code E_TIMEOUT}
 * @param textOutsideLayout what typing does with characters the keyboard layout in use
 * has no key for ({@link TextOutsideLayout}): refuse the text (the default) or enter them
 * by code point
 * @param api mutter's own API, the xdg-desktop-portal, or whichever the session offers
 * ({@link GnomeApi})
 * @param portal how the portal path runs
 */
@ConfigurationProperties("deskhand.gnome")
record GnomeProperties(@DefaultValue("5s") Duration callTimeout,
		@DefaultValue("refuse") TextOutsideLayout textOutsideLayout, @DefaultValue("auto") GnomeApi api,
		@DefaultValue Portal portal) {

	GnomeProperties {
		if (callTimeout == null) {
			callTimeout = Duration.ofSeconds(5);
		}
		if (callTimeout.isNegative() || callTimeout.isZero()) {
			throw new IllegalArgumentException("deskhand.gnome.call-timeout must be positive, not " + callTimeout);
		}
		if (textOutsideLayout == null) {
			textOutsideLayout = TextOutsideLayout.REFUSE;
		}
		if (api == null) {
			api = GnomeApi.AUTO;
		}
		if (portal == null) {
			portal = new Portal(true, null, null);
		}
	}

	/** Mutter's API only, as before the portal path: what the contract tests drive. */
	static GnomeProperties mutter(Duration callTimeout, TextOutsideLayout textOutsideLayout) {
		return new GnomeProperties(callTimeout, textOutsideLayout, GnomeApi.MUTTER, null);
	}

	/**
	 * The portal path ({@code deskhand.gnome.portal.*}).
	 *
	 * @param input whether Deskhand drives the pointer and keyboard through the
	 * RemoteDesktop portal (a second dialog, "Remote Desktop", which the portal of Debian
	 * 12 cannot remember); false captures through the ScreenCast portal alone, whose
	 * grant is remembered, and input tools answer E_UNSUPPORTED
	 * @param consentTimeout how long the person may take to answer the desktop's dialog
	 * @param tokenFile where the portal's restore tokens are kept (600), default
	 * {@code <deskhand.state-dir>/gnome-portal-tokens}
	 */
	record Portal(@DefaultValue("true") boolean input, @DefaultValue("2m") Duration consentTimeout, Path tokenFile) {

		Portal {
			if (consentTimeout == null) {
				consentTimeout = Duration.ofMinutes(2);
			}
			if (consentTimeout.isNegative() || consentTimeout.isZero()) {
				throw new IllegalArgumentException(
						"deskhand.gnome.portal.consent-timeout must be positive, not " + consentTimeout);
			}
			// The configuration derives it from deskhand.state-dir; this is for
			// records built without it
			tokenFile = StateDirectory.expandHome(
					(tokenFile != null) ? tokenFile : StateDirectory.defaultPath().resolve("gnome-portal-tokens"));
		}

	}

}
