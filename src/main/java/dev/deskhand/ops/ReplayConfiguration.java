package dev.deskhand.ops;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import dev.deskhand.audit.AuditTrail;
import dev.deskhand.trajectory.TrajectoryStore;

/**
 * The operator's side of the session record: its endpoint (the console's replay page is
 * static).
 */
@Configuration(proxyBeanMethods = false)
class ReplayConfiguration {

	@Bean
	TrajectoriesEndpoint trajectoriesEndpoint(TrajectoryStore store, AuditTrail audit) {
		return new TrajectoriesEndpoint(store, audit);
	}

}
