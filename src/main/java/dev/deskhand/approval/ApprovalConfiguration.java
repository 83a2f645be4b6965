package dev.deskhand.approval;

import java.time.Clock;

import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import dev.deskhand.audit.AuditTrail;
import dev.deskhand.input.InputLease;
import dev.deskhand.platform.DesktopDriver;

@Configuration(proxyBeanMethods = false)
class ApprovalConfiguration {

	@Bean
	AgentSessions agentSessions(ApprovalProperties properties, InputLease lease) {
		AgentSessions sessions = new AgentSessions(Clock.systemUTC(), properties.sessionIdle());
		// A session that ends lets go of the input.
		sessions.onEnd((session) -> lease.release(session.handle()));
		return sessions;
	}

	@Bean
	ApprovalService approvalService(ApprovalProperties properties, AgentSessions sessions, AuditTrail audit,
			MeterRegistry registry) {
		return new ApprovalService(properties, sessions, audit, registry, Clock.systemUTC());
	}

	@Bean
	SystemKeys systemKeys(ApprovalProperties properties, DesktopDriver driver) {
		return new SystemKeys(properties.systemKeys(), driver.keyboard()::isKnownKey);
	}

	@Bean
	AppScopeGuard appScopeGuard(AgentSessions sessions, DesktopDriver driver) {
		return new AppScopeGuard(sessions, driver.windows());
	}

}
