package dev.deskhand.platform.linux.wayland;

import java.util.List;
import java.util.Map;

import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;

import dev.deskhand.platform.ConditionalOnDisplayServer;
import dev.deskhand.platform.ConditionalOnOs;
import dev.deskhand.platform.ConditionalOnWaylandDesktop;
import dev.deskhand.platform.DisplayServer;
import dev.deskhand.platform.OperatingSystem;
import dev.deskhand.platform.SessionVariables;
import dev.deskhand.platform.WaylandDesktop;
import dev.deskhand.platform.WorkingMode;

/**
 * The Wayland driver bean on Linux in a Wayland session (wlroots compositors: sway).
 * Start-up fails with an operator's sentence when no compositor answers or it lacks the
 * protocols Deskhand needs; closing the context releases held input and the virtual
 * devices.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnOs(OperatingSystem.LINUX)
@ConditionalOnDisplayServer(DisplayServer.WAYLAND)
@ConditionalOnWaylandDesktop(WaylandDesktop.WLROOTS)
@EnableConfigurationProperties(WaylandProperties.class)
class WaylandDriverConfiguration {

	// the session's variables, read through the Environment so that a property of the
	// same name (a test, a service unit's --SWAYSOCK=...) can stand in for one;
	// Xwayland's
	// DISPLAY is found from sway itself (WaylandLauncher.sway)
	// XDG_CURRENT_DESKTOP names a desktop this driver does not drive, for the failure
	private static final List<String> SESSION_VARIABLES = List.of("WAYLAND_DISPLAY", "XDG_RUNTIME_DIR", "SWAYSOCK",
			"XDG_CURRENT_DESKTOP");

	@Bean(destroyMethod = "close")
	WaylandDesktopDriver waylandDesktopDriver(WaylandProperties properties, Environment environment) {
		Map<String, String> session = SessionVariables.read(environment, SESSION_VARIABLES);
		return WaylandDesktopDriver.connect(session, properties.callTimeout(), WorkingMode.of(environment));
	}

}
