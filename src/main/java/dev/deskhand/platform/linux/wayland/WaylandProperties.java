package dev.deskhand.platform.linux.wayland;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Settings of the Wayland driver ({@code deskhand.wayland.*}). Which compositor it drives
 * comes from the session's environment ({@code WAYLAND_DISPLAY}, {@code XDG_RUNTIME_DIR},
 * {@code SWAYSOCK}), like any Wayland client.
 *
 * @param callTimeout how long one request to the compositor may take (a capture, a window
 * list, a key press) before it answers {@code E_TIMEOUT}
 */
@ConfigurationProperties("deskhand.wayland")
record WaylandProperties(@DefaultValue("5s") Duration callTimeout) {

	WaylandProperties {
		if (callTimeout == null) {
			callTimeout = Duration.ofSeconds(5);
		}
		if (callTimeout.isNegative() || callTimeout.isZero()) {
			throw new IllegalArgumentException("deskhand.wayland.call-timeout must be positive, not " + callTimeout);
		}
	}

}
