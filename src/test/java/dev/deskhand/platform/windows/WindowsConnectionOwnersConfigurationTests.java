package dev.deskhand.platform.windows;

import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import dev.deskhand.platform.ConnectionOwners;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The bean exists on Windows only; where iphlpapi cannot be loaded (here, on Linux told
 * it is Windows) start-up fails with a sentence, not a bare linkage error.
 */
class WindowsConnectionOwnersConfigurationTests {

	@Test
	void noLookupOnLinux() {
		new ApplicationContextRunner().withUserConfiguration(WindowsConnectionOwnersConfiguration.class)
			.withPropertyValues("deskhand.platform.os=linux")
			.run((context) -> assertThat(context).hasNotFailed().doesNotHaveBean(ConnectionOwners.class));
	}

	@Test
	void withoutIphlpapiStartUpFailsWithASentence() {
		new ApplicationContextRunner().withUserConfiguration(WindowsConnectionOwnersConfiguration.class)
			.withPropertyValues("deskhand.platform.os=windows")
			.run((context) -> assertThat(context.getStartupFailure())
				.hasStackTraceContaining("Deskhand cannot read which Windows user it runs as")
				.hasRootCauseInstanceOf(UnsatisfiedLinkError.class));
	}

}
