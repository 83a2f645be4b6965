package dev.deskhand.platform.macos.ax;

import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import dev.deskhand.platform.macos.MacDesktopUnits;
import dev.deskhand.platform.elements.AccessibilityProperties;
import dev.deskhand.platform.ConditionalOnOs;
import dev.deskhand.platform.OperatingSystem;

/**
 * The accessibility driver bean on macOS. It loads nothing at start-up: the AX API is
 * reached on the first status or call, and without the Accessibility permission the
 * status says where to grant it and every call answers {@code E_UNSUPPORTED}.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnOs(OperatingSystem.MACOS)
@EnableConfigurationProperties(AccessibilityProperties.class)
class AxConfiguration {

	@Bean
	AxAccessibilityDriver axAccessibilityDriver(AccessibilityProperties properties) {
		return new AxAccessibilityDriver(() -> new AxNativeSystem(properties.callTimeout()), properties.callTimeout(),
				MacDesktopUnits.live());
	}

}
