package dev.deskhand.desk;

import java.time.Clock;

import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import dev.deskhand.approval.AgentSessions;
import dev.deskhand.audit.AuditTrail;
import dev.deskhand.input.Failsafe;
import dev.deskhand.input.InputLease;
import dev.deskhand.input.InputQueue;
import dev.deskhand.platform.DesktopDriver;

@Configuration(proxyBeanMethods = false)
class DeskConfiguration {

	@Bean
	Desk desk(InputLease lease, InputQueue queue, Failsafe failsafe, AuditTrail audit, MeterRegistry registry,
			DesktopDriver driver, DeskProperties properties, AgentSessions sessions) {
		Desk desk = new Desk(lease, queue, failsafe::state, audit, registry, Clock.systemUTC(), properties.idle());
		// A session that ended waits for no one: its request_human hands the desk back.
		sessions.onEnd((session) -> desk.abandonSession(session.handle(), "the session ended"));
		if (!properties.enabled()) {
			desk.detection("off (deskhand.human.enabled=false)");
		}
		else if (driver.injectedInput().isEmpty()) {
			desk.detection("unsupported: " + driver.humanDetectionUnsupported());
		}
		else {
			desk.detection("on");
		}
		return desk;
	}

	@Bean
	DeskGuard deskGuard(Desk desk) {
		return new DeskGuard(desk);
	}

	// It watches only where the driver can tell the human's input from Deskhand's, and
	// not when turned off.
	@Bean
	HumanWatcher humanWatcher(DesktopDriver driver, Desk desk, DeskProperties properties) {
		return new HumanWatcher(driver, desk, properties.pollInterval(),
				properties.enabled() && driver.injectedInput().isPresent());
	}

}
