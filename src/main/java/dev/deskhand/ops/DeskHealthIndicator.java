package dev.deskhand.ops;

import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;

import dev.deskhand.desk.Desk;

/**
 * The {@code desk} health component: who has the desk and whether the person at it is
 * noticed on this desktop. Always UP: a person using their own desk is not a fault, and
 * readiness must not flap while they do.
 */
class DeskHealthIndicator implements HealthIndicator {

	private final Desk desk;

	DeskHealthIndicator(Desk desk) {
		this.desk = desk;
	}

	@Override
	public Health health() {
		Health.Builder builder = Health.up();
		// Health refuses null details: a field nobody holds is left out.
		DeskEndpoint.describe(this.desk).forEach((key, value) -> {
			if (value != null) {
				builder.withDetail(key, value);
			}
		});
		return builder.build();
	}

}
