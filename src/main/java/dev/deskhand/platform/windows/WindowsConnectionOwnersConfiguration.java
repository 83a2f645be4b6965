package dev.deskhand.platform.windows;

import com.sun.jna.platform.win32.Win32Exception;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import dev.deskhand.platform.ConditionalOnOs;
import dev.deskhand.platform.ConnectionOwners;
import dev.deskhand.platform.OperatingSystem;

/**
 * On Windows, with or without a desktop driver: the agents' port asks it who connected.
 * Nothing here loads a Windows library elsewhere.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnOs(OperatingSystem.WINDOWS)
class WindowsConnectionOwnersConfiguration {

	@Bean
	ConnectionOwners windowsConnectionOwners() {
		try {
			return WindowsConnectionOwners.load();
		}
		// jna-platform loads iphlpapi in a static initializer: the UnsatisfiedLinkError
		// arrives wrapped in an ExceptionInInitializerError, a LinkageError too.
		catch (LinkageError | Win32Exception ex) {
			// Both are part of every Windows since Vista: this is a broken system, not a
			// setting.
			Throwable cause = (ex.getCause() != null) ? ex.getCause() : ex;
			throw new IllegalStateException("Deskhand cannot read which Windows user it runs as (" + cause
					+ "): iphlpapi.dll and advapi32.dll must be loadable and the process token readable", ex);
		}
	}

}
