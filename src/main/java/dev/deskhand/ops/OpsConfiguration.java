package dev.deskhand.ops;

import java.util.Map;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import dev.deskhand.approval.ApprovalService;
import dev.deskhand.audit.AuditTrail;
import dev.deskhand.input.Failsafe;
import dev.deskhand.input.InputLease;
import dev.deskhand.input.InputQueue;
import dev.deskhand.platform.DesktopDriver;

@Configuration(proxyBeanMethods = false)
class OpsConfiguration {

	@Bean("deskhand")
	DeskhandHealthIndicator deskhandHealthIndicator(DesktopDriver driver, InputQueue queue, Failsafe failsafe) {
		return new DeskhandHealthIndicator(driver, queue, failsafe::state);
	}

	@Bean
	ApprovalsEndpoint approvalsEndpoint(ApprovalService approvals) {
		return new ApprovalsEndpoint(approvals);
	}

	@Bean
	GrantsEndpoint grantsEndpoint(ApprovalService approvals, InputLease lease) {
		return new GrantsEndpoint(approvals, lease);
	}

	@Bean
	FailsafeEndpoint failsafeEndpoint(Failsafe failsafe) {
		return new FailsafeEndpoint(failsafe);
	}

	@Bean
	DeskhandEndpoint deskhandEndpoint(DesktopDriver driver, InputQueue queue, InputLease lease,
			ApprovalService approvals, Failsafe failsafe) {
		return new DeskhandEndpoint(driver, queue, lease, approvals, failsafe);
	}

	// Every failsafe trip is an audit record.
	@Bean
	Failsafe.TripListener auditFailsafeTrips(AuditTrail audit) {
		return (state, by) -> audit.record("failsafe-tripped", by,
				Map.of("reason", state.reason(), "until", String.valueOf(state.until())));
	}

	@Bean
	Gauge deskhandQueueDepth(MeterRegistry registry, InputQueue queue) {
		return Gauge.builder("deskhand.queue.depth", queue, (q) -> q.state().waiting())
			.description("Input actions waiting behind the running one")
			.register(registry);
	}

}
