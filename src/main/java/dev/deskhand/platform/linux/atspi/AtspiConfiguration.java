package dev.deskhand.platform.linux.atspi;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;

import dev.deskhand.platform.elements.AccessibilityProperties;
import dev.deskhand.platform.ConditionalOnOs;
import dev.deskhand.platform.OperatingSystem;
import dev.deskhand.platform.linux.ProcessExecutables;

/**
 * The accessibility driver bean on Linux, for X11 and Wayland sessions alike. It never
 * connects during start-up: without a bus its status says how to enable one and its calls
 * answer {@code E_UNSUPPORTED}.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnOs(OperatingSystem.LINUX)
@EnableConfigurationProperties(AccessibilityProperties.class)
class AtspiConfiguration {

	// read through the Environment so that a property of the same name (a test, a
	// service unit's --DBUS_SESSION_BUS_ADDRESS=...) can stand in for the variable
	private static final List<String> BUS_VARIABLES = List.of("AT_SPI_BUS_ADDRESS", "DBUS_SESSION_BUS_ADDRESS");

	@Bean(destroyMethod = "close")
	AtspiAccessibilityDriver atspiAccessibilityDriver(AccessibilityProperties properties, Environment environment) {
		return create(busVariables(environment), properties);
	}

	static Map<String, String> busVariables(Environment environment) {
		Map<String, String> variables = new HashMap<>();
		for (String name : BUS_VARIABLES) {
			String value = environment.getProperty(name);
			if (value != null && !value.isBlank()) {
				variables.put(name, value);
			}
		}
		return variables;
	}

	static AtspiAccessibilityDriver create(Map<String, String> variables, AccessibilityProperties properties) {
		return new AtspiAccessibilityDriver(
				new AtspiBus(variables, properties.callTimeout(), properties.enableToolkits()),
				ProcessExecutables.system());
	}

}
