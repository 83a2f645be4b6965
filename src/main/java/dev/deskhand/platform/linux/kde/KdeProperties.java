package dev.deskhand.platform.linux.kde;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

import dev.deskhand.platform.linux.TextOutsideLayout;

/**
 * Settings of the KDE Plasma driver ({@code deskhand.kde.*}). Which session it drives
 * comes from the session's environment ({@code WAYLAND_DISPLAY}, {@code XDG_RUNTIME_DIR},
 * {@code DBUS_SESSION_BUS_ADDRESS}), like any program of the session.
 *
 * @param callTimeout how long one request to KWin may take (a capture, a window list, a
 * key press) before it answers {@code E_TIMEOUT}
 * @param textOutsideLayout what typing does with characters the active keyboard layout
 * has no key for: {@code refuse} (the default) or {@code unicode-entry}
 */
@ConfigurationProperties("deskhand.kde")
record KdeProperties(@DefaultValue("5s") Duration callTimeout,
		@DefaultValue("refuse") TextOutsideLayout textOutsideLayout) {

	KdeProperties {
		if (textOutsideLayout == null) {
			textOutsideLayout = TextOutsideLayout.REFUSE;
		}
		if (callTimeout == null) {
			callTimeout = Duration.ofSeconds(5);
		}
		if (callTimeout.isNegative() || callTimeout.isZero()) {
			throw new IllegalArgumentException("deskhand.kde.call-timeout must be positive, not " + callTimeout);
		}
	}

}
