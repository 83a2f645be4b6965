package dev.deskhand.platform.macos.ax;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Settings of the macOS accessibility driver: the same key as Linux's
 * ({@code deskhand.accessibility.call-timeout}), bound by this record where the AX driver
 * runs, so an operator sets one key whatever the OS.
 *
 * @param callTimeout how long one application may take to answer one AX message
 * ({@code AXUIElementSetMessagingTimeout}, on the system-wide element and each
 * application) before the call answers {@code E_TIMEOUT}; a listing of every application
 * leaves a slow one out with a note instead
 */
@ConfigurationProperties("deskhand.accessibility")
record AxProperties(@DefaultValue("2s") Duration callTimeout) {

	AxProperties {
		if (callTimeout == null) {
			callTimeout = Duration.ofSeconds(2);
		}
		if (callTimeout.isNegative() || callTimeout.isZero()) {
			throw new IllegalArgumentException(
					"deskhand.accessibility.call-timeout must be positive, not " + callTimeout);
		}
	}

}
