package dev.deskhand.platform.linux.gnome;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

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
 */
@ConfigurationProperties("deskhand.gnome")
record GnomeProperties(@DefaultValue("5s") Duration callTimeout,
		@DefaultValue("refuse") TextOutsideLayout textOutsideLayout) {

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
	}

}
