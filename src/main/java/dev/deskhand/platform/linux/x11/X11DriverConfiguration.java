package dev.deskhand.platform.linux.x11;

import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;

import dev.deskhand.platform.ConditionalOnDisplayServer;
import dev.deskhand.platform.ConditionalOnOs;
import dev.deskhand.platform.DisplayServer;
import dev.deskhand.platform.OperatingSystem;
import dev.deskhand.platform.WorkingMode;

/**
 * The X11 driver bean on Linux under X11, or with no display server at all (it starts its
 * own Xvfb then). Start-up fails with an operator's sentence when no display can be had;
 * closing the context releases held input, restores the keymap and stops a managed Xvfb.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnOs(OperatingSystem.LINUX)
@ConditionalOnDisplayServer({ DisplayServer.X11, DisplayServer.NONE })
@EnableConfigurationProperties(X11DisplayProperties.class)
class X11DriverConfiguration {

	@Bean(destroyMethod = "close")
	X11DesktopDriver x11DesktopDriver(X11DisplayProperties properties, Environment environment) {
		return X11DriverFactory.create(properties, System.getenv(), X11ManagedDisplay.DEFAULT_FIRST_NUMBER,
				WorkingMode.of(environment));
	}

}
