package dev.deskhand.platform.windows.uia;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The Windows accessibility driver's settings: the same {@code deskhand.accessibility.*}
 * keys as on Linux, of which UI Automation uses the call timeout.
 *
 * @param callTimeout how long one application may take to answer (UIA's connection and
 * transaction timeouts) before the call answers {@code E_TIMEOUT}; a listing of every
 * window leaves a slow one out with a note instead
 */
@ConfigurationProperties("deskhand.accessibility")
record UiaProperties(@DefaultValue("2s") Duration callTimeout) {

	UiaProperties {
		if (callTimeout == null) {
			callTimeout = Duration.ofSeconds(2);
		}
		if (callTimeout.isNegative() || callTimeout.isZero()) {
			throw new IllegalArgumentException(
					"deskhand.accessibility.call-timeout must be positive, not " + callTimeout);
		}
	}

}
