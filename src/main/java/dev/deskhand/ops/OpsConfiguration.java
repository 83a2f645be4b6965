package dev.deskhand.ops;

import java.util.LinkedHashMap;
import java.util.Map;

import org.springframework.beans.factory.InitializingBean;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.actuate.audit.AuditEventRepository;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.boot.info.BuildProperties;
import org.springframework.context.ApplicationListener;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;

import dev.deskhand.DeskhandApplication;
import dev.deskhand.actions.ApplicationsProperties;
import dev.deskhand.approval.ApprovalProperties;
import dev.deskhand.approval.ApprovalService;
import dev.deskhand.audit.AuditTrail;
import dev.deskhand.desk.Desk;
import dev.deskhand.elements.ElementService;
import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.input.Failsafe;
import dev.deskhand.input.InputLease;
import dev.deskhand.input.InputQueue;
import dev.deskhand.mcp.McpProperties;
import dev.deskhand.mcp.McpSessionCount;
import dev.deskhand.platform.DesktopConsent;
import dev.deskhand.platform.DesktopDriver;
import dev.deskhand.platform.WorkingMode;
import dev.deskhand.screen.ScreenService;
import dev.deskhand.screen.ScreenshotProperties;
import dev.deskhand.security.SecurityProperties;

@Configuration(proxyBeanMethods = false)
class OpsConfiguration {

	@Bean("deskhand")
	DeskhandHealthIndicator deskhandHealthIndicator(DesktopDriver driver, InputQueue queue, Failsafe failsafe,
			ElementService elements) {
		return new DeskhandHealthIndicator(driver, queue, failsafe::state, elements::status);
	}

	@Bean
	DesktopLossAbort desktopLossAbort(DesktopDriver driver, InputQueue queue) {
		return new DesktopLossAbort(driver, queue);
	}

	// In the liveness group: DOWN only when a restart is what helps.
	@Bean("deskhandDriver")
	DriverLivenessIndicator deskhandDriverLivenessIndicator(DesktopDriver driver) {
		return new DriverLivenessIndicator(driver);
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
	DeskEndpoint deskEndpoint(Desk desk) {
		return new DeskEndpoint(desk);
	}

	// The health component "desk": Boot drops the HealthIndicator suffix ("desk" itself
	// is the Desk bean's name).
	@Bean
	DeskHealthIndicator deskHealthIndicator(Desk desk) {
		return new DeskHealthIndicator(desk);
	}

	@Bean
	FailsafeEndpoint failsafeEndpoint(Failsafe failsafe) {
		return new FailsafeEndpoint(failsafe);
	}

	@Bean
	DeskhandEndpoint deskhandEndpoint(DesktopDriver driver, InputQueue queue, InputLease lease,
			ApprovalService approvals, Failsafe failsafe, Desk desk, ScreenshotProperties screenshots,
			AuditEventRepository auditEvents, ScreenService screen, ObjectProvider<McpSessionCount> mcpSessions) {
		return new DeskhandEndpoint(driver, queue, lease, approvals, failsafe, desk, screenshots, auditEvents, screen,
				mcpSessions);
	}

	@Bean
	DeskhandInfoContributor deskhandInfoContributor(DesktopDriver driver, ScreenshotProperties screenshots,
			ObjectProvider<BuildProperties> build) {
		return new DeskhandInfoContributor(driver, screenshots, version(build.getIfAvailable()));
	}

	/*
	 * build-info.properties when the build wrote one, else the jar manifest's
	 * Implementation-Version (spring-boot-starter-parent writes it), else "dev": run from
	 * classes, there is no version.
	 */
	static String version(BuildProperties build) {
		if (build != null && build.getVersion() != null) {
			return build.getVersion();
		}
		String implementation = DeskhandApplication.class.getPackage().getImplementationVersion();
		return (implementation != null) ? implementation : "dev";
	}

	// Not for the self-test, which runs without the servers the banner names.
	@Bean
	@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
	StartupBanner startupBanner(Environment environment, SecurityProperties security, ApprovalProperties approvals,
			McpProperties mcp, ApplicationsProperties apps, DesktopDriver driver) {
		return new StartupBanner(environment, security, approvals, mcp, apps, driver);
	}

	// Fail fast: an agent that was meant to work beside the person must never silently
	// use the person's pointer and focus. A driver that keeps a mode says so through
	// workingMode(); where the configured one is not what the driver keeps, start-up
	// stops with what works where.
	@Bean
	InitializingBean workingModeKept(Environment environment, DesktopDriver driver) {
		return () -> {
			WorkingMode wanted = WorkingMode.of(environment);
			if (wanted != driver.workingMode()) {
				throw new DeskhandException(ErrorCode.E_UNSUPPORTED,
						"deskhand.working-mode=" + wanted.configName() + " is not kept by the " + driver.name()
								+ " driver (it runs " + driver.workingMode().configName() + "): own-seat needs sway"
								+ " or X11 (keyboard-only there), own-display the X11 driver on Linux (an Xephyr or"
								+ " Xvfb agent display); see docs/beside.md, or set deskhand.working-mode=shared");
			}
		};
	}

	// The server's start is an audit record naming the working mode it runs in: how far
	// the agent's input could reach (the person's pointer and focus, or a display of its
	// own) is part of what every later record means.
	@Bean
	ApplicationListener<ApplicationReadyEvent> auditServerStart(AuditTrail audit, DesktopDriver driver) {
		return (event) -> {
			Map<String, Object> data = new LinkedHashMap<>();
			data.put("working_mode", driver.workingMode().configName());
			data.put("driver", driver.name());
			data.put("display", driver.target());
			driver.agentDisplay().ifPresent((agent) -> data.put("agent_display", agent.name()));
			audit.record("server-started", "deskhand", data);
		};
	}

	// Every failsafe trip is an audit record.
	@Bean
	Failsafe.TripListener auditFailsafeTrips(AuditTrail audit) {
		return (state, by) -> audit.record("failsafe-tripped", by,
				Map.of("reason", state.reason(), "until", String.valueOf(state.until())));
	}

	// the person's answer in the desktop's own dialog (the xdg-desktop-portal's) is an
	// approval like an operator's: the audit says who granted what, and whether a kept
	// restore token stood in for the dialog
	@Bean
	DesktopConsent.Listener auditDesktopConsents(AuditTrail audit) {
		return (consent) -> audit.record("approval-granted", "human",
				Map.of("by", consent.restored() ? "restore-token" : "desktop-dialog", "channel", "xdg-desktop-portal",
						"portal", consent.portal(), "portal_version", consent.version(), "remembered",
						consent.remembered(), "devices", consent.devices(), "displays", consent.displays()));
	}

}
