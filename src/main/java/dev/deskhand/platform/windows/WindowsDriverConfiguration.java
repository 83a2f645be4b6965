package dev.deskhand.platform.windows;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import dev.deskhand.platform.ConditionalOnOs;
import dev.deskhand.platform.OperatingSystem;

/**
 * The Windows driver bean, on Windows only: nothing here loads a Windows library
 * elsewhere. Closing the context releases held input and the capture's DIB section.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnOs(OperatingSystem.WINDOWS)
class WindowsDriverConfiguration {

	@Bean(destroyMethod = "close")
	WindowsDesktopDriver windowsDesktopDriver() {
		return WindowsDriverFactory.create();
	}

}
