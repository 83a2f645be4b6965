package dev.deskhand.platform.windows.uia;

import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import dev.deskhand.platform.elements.AccessibilityProperties;
import dev.deskhand.platform.ConditionalOnOs;
import dev.deskhand.platform.OperatingSystem;

/**
 * The accessibility driver bean on Windows. It creates no COM object during start-up: UI
 * Automation is created on first use, and when it cannot be its status says why and its
 * calls answer {@code E_UNSUPPORTED}.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnOs(OperatingSystem.WINDOWS)
@EnableConfigurationProperties(AccessibilityProperties.class)
class UiaConfiguration {

	@Bean
	UiaAccessibilityDriver uiaAccessibilityDriver(AccessibilityProperties properties) {
		return new UiaAccessibilityDriver(new UiaComTree(properties.callTimeout()), properties.callTimeout());
	}

}
