package dev.deskhand.approval;

import java.time.Clock;

import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;

import dev.deskhand.audit.AuditTrail;
import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.input.InputLease;
import dev.deskhand.input.InputQueue;
import dev.deskhand.platform.DesktopDriver;

@Configuration(proxyBeanMethods = false)
class ApprovalConfiguration {

	@Bean
	AgentSessions agentSessions(ApprovalProperties properties, InputLease lease, ObjectProvider<InputQueue> queue) {
		AgentSessions sessions = new AgentSessions(Clock.systemUTC(), properties.sessionIdle());
		// A session that ends lets go of the input, and what it still runs stops: a
		// hold_key does not keep Shift down for a client that is gone.
		sessions.onEnd((session) -> {
			lease.release(session.handle());
			queue.ifAvailable((input) -> input.abortSession(session.handle(), new DeskhandException(ErrorCode.E_FAIL,
					"the session ended; its input was stopped and every held key and button released")));
		});
		return sessions;
	}

	@Bean
	ApprovalService approvalService(ApprovalProperties properties, AgentSessions sessions, AuditTrail audit,
			MeterRegistry registry, OperatorUrls operatorUrls) {
		ApprovalService service = new ApprovalService(properties, sessions, audit, registry, Clock.systemUTC(),
				operatorUrls);
		// Nobody waits for the answer to a session that ended: its cards go.
		sessions.onEnd((session) -> service.withdrawAll(session, "its session ended"));
		return service;
	}

	/**
	 * Where operators answer: named by a request that waits, in the log and to its
	 * client.
	 */
	@Bean
	OperatorUrls operatorUrls(Environment environment) {
		return OperatorUrls.of(environment);
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
