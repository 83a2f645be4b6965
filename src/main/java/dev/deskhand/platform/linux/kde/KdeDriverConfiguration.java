package dev.deskhand.platform.linux.kde;

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
import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.OperatingSystem;
import dev.deskhand.platform.WorkingMode;
import dev.deskhand.platform.SessionVariables;
import dev.deskhand.platform.WaylandDesktop;

/**
 * The KDE Plasma driver bean on Linux in a Plasma Wayland session. Start-up fails with an
 * operator's sentence when KWin does not answer or refuses Deskhand its restricted
 * interfaces; closing the context releases held input.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnOs(OperatingSystem.LINUX)
@ConditionalOnDisplayServer(DisplayServer.WAYLAND)
@ConditionalOnWaylandDesktop(WaylandDesktop.KDE)
@EnableConfigurationProperties(KdeProperties.class)
class KdeDriverConfiguration {

	// the session's variables, read through the Environment so that a property of the
	// same name (a test, a service unit's --WAYLAND_DISPLAY=...) can stand in
	private static final List<String> SESSION_VARIABLES = List.of("WAYLAND_DISPLAY", "XDG_RUNTIME_DIR",
			"DBUS_SESSION_BUS_ADDRESS", "DISPLAY", "XDG_CURRENT_DESKTOP", "XDG_SESSION_TYPE");

	@Bean(destroyMethod = "close")
	KdeDesktopDriver kdeDesktopDriver(KdeProperties properties, Environment environment) {
		if (WorkingMode.of(environment) == WorkingMode.OWN_SEAT) {
			throw new DeskhandException(ErrorCode.E_UNSUPPORTED, WorkingMode.PROPERTY
					+ "=own-seat cannot be kept on KDE Plasma (KWin's fake input has no seat of its own: it moves the person's own pointer and keyboard focus); use shared here, or own-seat on sway");
		}
		Map<String, String> session = SessionVariables.read(environment, SESSION_VARIABLES);
		return KdeDesktopDriver.connect(session, properties.callTimeout(), properties.textOutsideLayout());
	}

}
