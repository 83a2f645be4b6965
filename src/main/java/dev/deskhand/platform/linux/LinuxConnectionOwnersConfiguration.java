package dev.deskhand.platform.linux;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import dev.deskhand.platform.ClientConnections;
import dev.deskhand.platform.ConditionalOnOs;
import dev.deskhand.platform.ConnectionOwners;
import dev.deskhand.platform.OperatingSystem;

/**
 * On Linux, whatever the display server: the agents' port asks it who connected, and
 * whether a client hung up.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnOs(OperatingSystem.LINUX)
class LinuxConnectionOwnersConfiguration {

	@Bean
	ConnectionOwners linuxConnectionOwners() {
		return new LinuxConnectionOwners();
	}

	// The MCP transport asks it whether the client of a waiting call hung up.
	@Bean
	ClientConnections linuxClientConnections() {
		return new LinuxClientConnections();
	}

}
