package dev.deskhand.audit;

import java.time.Clock;

import org.springframework.boot.actuate.audit.AuditEventRepository;
import org.springframework.boot.actuate.audit.InMemoryAuditEventRepository;
import org.springframework.boot.actuate.autoconfigure.endpoint.condition.ConditionalOnAvailableEndpoint;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(AuditProperties.class)
class AuditConfiguration {

	@Bean
	AuditTrail auditTrail(AuditProperties properties, ApplicationEventPublisher publisher) {
		return new AuditTrail(properties, publisher, Clock.systemUTC());
	}

	// Boot 4.0 declares no repository: its AuditAutoConfiguration (the listener that
	// stores
	// AuditApplicationEvents) and /actuator/auditevents only switch on when this bean
	// exists.
	@Bean
	AuditEventRepository auditEventRepository() {
		return new InMemoryAuditEventRepository(1000);
	}

	// The component is named "audit" in /actuator/health and in the readiness group.
	@Bean("audit")
	AuditHealthIndicator auditHealthIndicator(AuditTrail trail) {
		return new AuditHealthIndicator(trail);
	}

	@Bean
	@ConditionalOnAvailableEndpoint
	AuditChainEndpoint auditChainEndpoint(AuditTrail trail, AuditProperties properties) {
		return new AuditChainEndpoint(trail, properties);
	}

}
