package dev.deskhand.input;

import java.time.Clock;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.observation.ObservationRegistry;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import dev.deskhand.platform.DesktopDriver;
import dev.deskhand.platform.elements.AccessibilityDriver;

@Configuration(proxyBeanMethods = false)
class InputConfiguration {

	@Bean(destroyMethod = "close")
	InputQueue inputQueue(DesktopDriver driver, ObjectProvider<AccessibilityDriver> accessibility,
			ObjectProvider<InputGuard> guards, InputProperties properties, MeterRegistry registry,
			ObservationRegistry observations) {
		return new InputQueue(driver,
				accessibility
					.getIfAvailable(() -> AccessibilityDriver.unavailable("this platform has no accessibility driver")),
				() -> guards.orderedStream().toList(), properties, registry, observations);
	}

	@Bean
	Failsafe failsafe(DesktopDriver driver, InputQueue queue, FailsafeProperties properties, MeterRegistry registry,
			ObjectProvider<Failsafe.TripListener> listeners) {
		return new Failsafe(driver, queue, properties, registry, Clock.systemUTC(), listeners.orderedStream().toList());
	}

	// The transports that can tell a departed client are asked when they are needed (they
	// depend on the agent sessions, which depend on this lease).
	@Bean
	InputLease inputLease(InputProperties properties, ObjectProvider<DepartedClients> departed) {
		return new InputLease(Clock.systemUTC(), properties.leaseIdle(),
				(session) -> departed.orderedStream().anyMatch((clients) -> clients.departed(session)));
	}

}
