package dev.deskhand.platform.elements;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Settings of the accessibility driver ({@code deskhand.accessibility.*}), one set of
 * keys for AT-SPI, UI Automation and AX. On Linux, which bus it reads comes from the
 * session's environment ({@code AT_SPI_BUS_ADDRESS}, else
 * {@code DBUS_SESSION_BUS_ADDRESS}), like libatspi's.
 *
 * @param callTimeout how long one application may take to answer a call (a list, an
 * action) before it answers {@code E_TIMEOUT}; a listing of every application leaves a
 * slow one out with a note instead
 * @param enableToolkits whether to tell the session that an assistive technology runs
 * ({@code org.a11y.Status.IsEnabled}, as a screen reader does) when Deskhand first
 * connects: Qt applications then join the tree, and so do Chromium and Electron apps
 * started afterwards (with {@code --force-renderer-accessibility}); AT-SPI only
 */
@ConfigurationProperties("deskhand.accessibility")
public record AccessibilityProperties(@DefaultValue("2s") Duration callTimeout,
		@DefaultValue("true") boolean enableToolkits) {

	public AccessibilityProperties {
		if (callTimeout == null) {
			callTimeout = Duration.ofSeconds(2);
		}
		if (callTimeout.isNegative() || callTimeout.isZero()) {
			throw new IllegalArgumentException(
					"deskhand.accessibility.call-timeout must be positive, not " + callTimeout);
		}
	}

}
