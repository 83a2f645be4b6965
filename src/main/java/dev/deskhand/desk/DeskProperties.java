package dev.deskhand.desk;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * {@code deskhand.human.*}: noticing the person at the desk.
 *
 * @param enabled watch for input Deskhand did not inject and give the desk to the human
 * when it comes; off for unattended machines, where nobody sits at the desk
 * @param idle agents wait this long after the human's last input
 * @param pollInterval how often the real keyboard and pointer are read
 */
@ConfigurationProperties("deskhand.human")
record DeskProperties(@DefaultValue("true") boolean enabled, @DefaultValue("3s") Duration idle,
		@DefaultValue("25ms") Duration pollInterval) {

	DeskProperties {
		if (idle.isNegative() || idle.isZero()) {
			throw new IllegalArgumentException("deskhand.human.idle must be positive");
		}
		if (pollInterval.isNegative() || pollInterval.isZero() || pollInterval.toMillis() > 100) {
			throw new IllegalArgumentException(
					"deskhand.human.poll-interval must be between 1ms and 100ms: the human must be noticed within 100 ms");
		}
	}

}
