package dev.deskhand.audit;

import java.io.IOException;
import java.time.Clock;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

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

	private static final Logger logger = LoggerFactory.getLogger(AuditConfiguration.class);

	/*
	 * The key goes in before the trail exists, so every record (and every bean that needs
	 * the trail) hashes typed text with it.
	 */
	@Bean
	AuditTrail auditTrail(AuditProperties properties, ApplicationEventPublisher publisher) {
		installRedactionKey(properties);
		return new AuditTrail(properties, publisher, Clock.systemUTC());
	}

	/*
	 * With the file disabled nothing is kept on disk, the key included: hashes then stay
	 * keyed with this process's random key. A key that cannot be read or made is no
	 * reason to refuse to start (the random key is as safe, only not confirmable after a
	 * restart); a file that holds no key is, as replacing it would orphan older hashes.
	 */
	private static void installRedactionKey(AuditProperties properties) {
		if (!properties.enabled()) {
			return;
		}
		try {
			Redaction.install(AuditKey.loadOrCreate(properties.keyFile()));
		}
		catch (IOException ex) {
			logger.error(
					"Cannot read or create the audit key {}; hashes of typed text are keyed with a random key "
							+ "of this process instead, and cannot be confirmed after it ends",
					properties.keyFile(), ex);
		}
	}

	// Boot 4.0 declares no repository: its AuditAutoConfiguration (the listener that
	// stores AuditApplicationEvents) and /actuator/auditevents only switch on when this
	// bean exists.
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
