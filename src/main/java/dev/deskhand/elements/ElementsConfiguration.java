package dev.deskhand.elements;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import dev.deskhand.approval.AgentSessions;
import dev.deskhand.platform.DesktopDriver;
import dev.deskhand.platform.elements.AccessibilityDriver;
import dev.deskhand.privacy.PrivacyProperties;
import dev.deskhand.screen.ScreenService;

@Configuration(proxyBeanMethods = false)
class ElementsConfiguration {

	@Bean
	ElementService elementService(ObjectProvider<AccessibilityDriver> accessibility, DesktopDriver driver,
			ScreenService screen, PrivacyProperties privacy, ElementsProperties properties, AgentSessions sessions) {
		ElementService service = new ElementService(
				accessibility
					.getIfAvailable(() -> AccessibilityDriver.unavailable("this platform has no accessibility driver")),
				driver.windows(), screen, privacy.maskedApps(), properties, driver.applicationsKnowTheirPosition());
		sessions.onEnd((session) -> service.forget(session.handle()));
		return service;
	}

}
