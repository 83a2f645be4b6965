package dev.deskhand.platform.macos;

import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The macOS driver bean exists only on macOS: on any other OS its configuration does not
 * apply, so nothing loads an Apple framework (creating the bean would).
 */
class MacDriverConfigurationTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withUserConfiguration(MacDriverConfiguration.class);

	@Test
	void onLinuxAndWindowsThereIsNoMacDriver() {
		for (String os : new String[] { "linux", "windows" }) {
			this.runner.withPropertyValues("deskhand.platform.os=" + os)
				.run((context) -> assertThat(context).hasNotFailed().doesNotHaveBean(MacDesktopDriver.class));
		}
	}

}
