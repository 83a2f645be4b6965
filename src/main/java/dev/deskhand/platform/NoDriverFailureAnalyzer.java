package dev.deskhand.platform;

import org.springframework.beans.factory.NoSuchBeanDefinitionException;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.diagnostics.analyzer.AbstractInjectionFailureAnalyzer;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.core.env.Environment;

import dev.deskhand.platform.DisplayServer.Detection;

/**
 * Turns "no {@link DesktopDriver} bean", which is what start-up on a platform without a
 * driver ends in, into a sentence naming the OS and display server Deskhand saw and what
 * to do. Registered in {@code META-INF/spring.factories}.
 */
// before Boot's NoSuchBeanDefinitionFailureAnalyzer, which would answer first with "a
// bean of type DesktopDriver that could not be found" and a list of conditions
@Order(Ordered.HIGHEST_PRECEDENCE)
class NoDriverFailureAnalyzer extends AbstractInjectionFailureAnalyzer<NoSuchBeanDefinitionException> {

	private final Environment environment;

	NoDriverFailureAnalyzer(Environment environment) {
		this.environment = environment;
	}

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, NoSuchBeanDefinitionException cause,
			String injectionPoint) {
		if (!DesktopDriver.class.equals(cause.getBeanType())) {
			return null;
		}
		OperatingSystem os;
		Detection server;
		try {
			os = OnOsCondition.running(this.environment);
			server = OnDisplayServerCondition.running(this.environment);
		}
		catch (IllegalStateException ex) {
			// an invalid override: the conditions failed start-up with that message first
			return null;
		}
		String needed = (injectionPoint != null) ? " " + injectionPoint + " needs one." : "";
		return explain(os, server, needed, cause);
	}

	private static FailureAnalysis explain(OperatingSystem os, Detection server, String needed, Throwable cause) {
		if (os != OperatingSystem.LINUX) {
			String misread = (os == OperatingSystem.OTHER)
					? " If this is Linux after all, set deskhand.platform.os=linux." : "";
			return new FailureAnalysis(
					"Deskhand has no driver for " + PlatformNames.of(os) + " yet: it drives Linux desktops under"
							+ " X11 and on Wayland (wlroots compositors such as sway)." + needed,
					"Run Deskhand on Linux, with an X11 session, Xvfb (docs/x11.md) or sway (docs/wayland.md)."
							+ misread,
					cause);
		}
		return new FailureAnalysis(
				"Deskhand found no desktop driver for Linux on " + PlatformNames.of(server.server()) + " ("
						+ server.evidence() + "), although the " + driverFor(server.server())
						+ " driver serves it: its configuration was not loaded." + needed,
				"Check deskhand.platform.os and deskhand.platform.display-server, and start with --debug to see"
						+ " which condition left the " + driverFor(server.server()) + " driver out.",
				cause);
	}

	private static String driverFor(DisplayServer server) {
		return (server == DisplayServer.WAYLAND) ? "Wayland" : "X11";
	}

}
