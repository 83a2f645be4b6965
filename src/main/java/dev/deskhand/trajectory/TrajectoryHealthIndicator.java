package dev.deskhand.trajectory;

import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;

/**
 * The {@code trajectory} health component: always UP (a session record that cannot be
 * written never stops an agent, unlike the audit), with details saying where records go
 * and, after a failed write (a full disk), since when and why, and how many steps the
 * writer dropped because it could not keep up.
 */
class TrajectoryHealthIndicator implements HealthIndicator {

	private final TrajectoryProperties properties;

	private final TrajectoryStore store;

	private final TrajectoryRecorder recorder;

	TrajectoryHealthIndicator(TrajectoryProperties properties, TrajectoryStore store, TrajectoryRecorder recorder) {
		this.properties = properties;
		this.store = store;
		this.recorder = recorder;
	}

	@Override
	public Health health() {
		if (!this.properties.enabled()) {
			return Health.up().withDetail("recording", "disabled").build();
		}
		Health.Builder health = Health.up()
			.withDetail("recording", "enabled")
			.withDetail("dir", this.store.root().toString())
			.withDetail("droppedSteps", this.recorder.dropped());
		TrajectoryStore.Failure failure = this.store.failure();
		if (failure != null) {
			health.withDetail("writable", false)
				.withDetail("reason", failure.reason())
				.withDetail("failingSince", failure.since().toString());
		}
		else {
			health.withDetail("writable", true);
		}
		return health.build();
	}

}
