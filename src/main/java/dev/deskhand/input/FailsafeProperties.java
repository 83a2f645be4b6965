package dev.deskhand.input;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * {@code deskhand.failsafe.*}.
 *
 * @param chord held on the real keyboard, it stops all input
 * @param corners also trip when the pointer is parked in a corner of a display (like
 * pyautogui)
 * @param cooldown after a trip, input is refused with E_FAILSAFE this long (an operator
 * can reset it earlier)
 * @param pollInterval how often the keyboard and pointer are read
 */
@ConfigurationProperties("deskhand.failsafe")
public record FailsafeProperties(@DefaultValue("ctrl+alt+Escape") String chord, @DefaultValue("false") boolean corners,
		@DefaultValue("30s") Duration cooldown, @DefaultValue("20ms") Duration pollInterval) {

	public FailsafeProperties {
		if (pollInterval.isNegative() || pollInterval.isZero() || pollInterval.toMillis() > 100) {
			throw new IllegalArgumentException(
					"deskhand.failsafe.poll-interval must be between 1ms and 100ms: a trip must stop input within 100 ms");
		}
	}

}
