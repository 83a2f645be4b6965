package dev.deskhand.actions;

import io.micrometer.observation.ObservationRegistry;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import dev.deskhand.approval.ApprovalService;
import dev.deskhand.approval.SystemKeys;
import dev.deskhand.audit.AuditTrail;
import dev.deskhand.desk.Desk;
import dev.deskhand.input.InputLease;
import dev.deskhand.input.InputQueue;
import dev.deskhand.platform.DesktopDriver;
import dev.deskhand.privacy.PrivacyProperties;
import dev.deskhand.screen.ScreenService;
import dev.deskhand.screen.ScreenshotProperties;

@Configuration(proxyBeanMethods = false)
class ActionsConfiguration {

	@Bean
	ActionArguments actionArguments(ScreenService screen, DesktopDriver driver, ApplicationsProperties apps) {
		return new ActionArguments(screen, driver, apps);
	}

	@Bean
	BatchArguments batchArguments(ActionArguments arguments) {
		return new BatchArguments(arguments);
	}

	@Bean
	DesktopActions desktopActions(InputQueue queue, InputLease lease, ApprovalService approvals, SystemKeys systemKeys,
			AuditTrail audit, ScreenService screen, DesktopDriver driver, ScreenshotProperties properties, Desk desk,
			PrivacyProperties privacy, ObservationRegistry observations) {
		return new DesktopActions(queue, lease, approvals, new ActionRules(systemKeys), audit, screen, driver.windows(),
				driver.clipboard(), properties.settle(), desk, privacy.maskedApps(), observations);
	}

}
