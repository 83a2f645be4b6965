package dev.deskhand.platform.linux.gnome;

import java.util.List;
import java.util.Map;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;

import dev.deskhand.platform.ConditionalOnDisplayServer;
import dev.deskhand.platform.ConditionalOnOs;
import dev.deskhand.platform.ConditionalOnWaylandDesktop;
import dev.deskhand.platform.DesktopConsent;
import dev.deskhand.platform.DisplayServer;
import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.OperatingSystem;
import dev.deskhand.platform.WorkingMode;
import dev.deskhand.platform.SessionVariables;
import dev.deskhand.platform.WaylandDesktop;

/**
 * The GNOME driver bean on Linux in a GNOME Wayland session. Start-up fails with an
 * operator's sentence when mutter (or, on the portal path, the xdg-desktop-portal) does
 * not answer on the session bus; closing the context releases held input and ends the
 * sessions.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnOs(OperatingSystem.LINUX)
@ConditionalOnDisplayServer(DisplayServer.WAYLAND)
@ConditionalOnWaylandDesktop(WaylandDesktop.GNOME)
@EnableConfigurationProperties(GnomeProperties.class)
class GnomeDriverConfiguration {

	// the session's variables, read through the Environment so that a property of the
	// same name (a test, a service unit's --DBUS_SESSION_BUS_ADDRESS=...) can stand in
	private static final List<String> SESSION_VARIABLES = List.of("DBUS_SESSION_BUS_ADDRESS", "XDG_RUNTIME_DIR",
			"WAYLAND_DISPLAY", "PIPEWIRE_REMOTE", "DISPLAY", "XDG_CURRENT_DESKTOP", "XDG_SESSION_TYPE",
			"XDG_SESSION_DESKTOP", "AT_SPI_BUS_ADDRESS");

	/**
	 * @param consents told of each grant the xdg-desktop-portal's dialogs give (the audit
	 * records them as approvals), none when no bean listens
	 */
	@Bean(destroyMethod = "close")
	GnomeDesktopDriver gnomeDesktopDriver(GnomeProperties properties, Environment environment,
			ObjectProvider<DesktopConsent.Listener> consents) {
		if (WorkingMode.of(environment) == WorkingMode.OWN_SEAT) {
			throw new DeskhandException(ErrorCode.E_UNSUPPORTED, WorkingMode.PROPERTY
					+ "=own-seat cannot be kept on GNOME (mutter offers no second seat: its remote-desktop input moves the person's own pointer and keyboard focus); use shared here, or own-seat on sway");
		}
		Map<String, String> session = SessionVariables.read(environment, SESSION_VARIABLES);
		List<DesktopConsent.Listener> listeners = consents.orderedStream().toList();
		return GnomeDesktopDriver.connect(session, properties,
				(consent) -> listeners.forEach((listener) -> listener.granted(consent)));
	}

}
