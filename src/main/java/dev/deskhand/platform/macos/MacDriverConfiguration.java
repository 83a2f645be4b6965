package dev.deskhand.platform.macos;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import dev.deskhand.platform.ConditionalOnOs;
import dev.deskhand.platform.OperatingSystem;

/**
 * The macOS driver bean, on macOS only, so no Apple framework is ever loaded elsewhere.
 * Start-up fails with an operator's sentence outside a GUI session; closing the context
 * releases held input.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnOs(OperatingSystem.MACOS)
class MacDriverConfiguration {

	@Bean(destroyMethod = "close")
	MacDesktopDriver macDesktopDriver() {
		return MacDesktopDriver.open();
	}

}
