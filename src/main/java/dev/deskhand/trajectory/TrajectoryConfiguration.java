package dev.deskhand.trajectory;

import java.time.Clock;

import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import dev.deskhand.audit.AuditTrail;
import dev.deskhand.screen.ScreenService;

@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(TrajectoryProperties.class)
class TrajectoryConfiguration {

	@Bean
	TrajectoryStore trajectoryStore(TrajectoryProperties properties) {
		return new TrajectoryStore(properties.dir(), properties.maxBytes().toBytes(), properties.maxAge(),
				Clock.systemUTC());
	}

	@Bean
	TrajectoryRecorder trajectoryRecorder(TrajectoryProperties properties, TrajectoryStore store, ScreenService screen,
			AuditTrail audit) {
		if (!properties.enabled()) {
			return TrajectoryRecorder.OFF;
		}
		TrajectoryRecorder recorder = new TrajectoryRecorder(store, screen, properties.afterFormat(),
				properties.queueCapacity(), Clock.systemUTC());
		audit.addListener(recorder::audited);
		return recorder;
	}

	// The component is named "trajectory" in /actuator/health.
	@Bean("trajectory")
	TrajectoryHealthIndicator trajectoryHealthIndicator(TrajectoryProperties properties, TrajectoryStore store,
			TrajectoryRecorder recorder) {
		return new TrajectoryHealthIndicator(properties, store, recorder);
	}

}
