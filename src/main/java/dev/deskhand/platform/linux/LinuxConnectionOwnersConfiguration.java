package dev.deskhand.platform.linux;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import dev.deskhand.platform.ConditionalOnOs;
import dev.deskhand.platform.ConnectionOwners;
import dev.deskhand.platform.OperatingSystem;

/** On Linux, whatever the display server: the agents' port asks it who connected. */
@Configuration(proxyBeanMethods = false)
@ConditionalOnOs(OperatingSystem.LINUX)
class LinuxConnectionOwnersConfiguration {

	@Bean
	ConnectionOwners linuxConnectionOwners() {
		return new LinuxConnectionOwners();
	}

}
