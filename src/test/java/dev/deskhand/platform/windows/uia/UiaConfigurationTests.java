package dev.deskhand.platform.windows.uia;

import java.time.Duration;

import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import dev.deskhand.platform.elements.AccessibilityProperties;
import dev.deskhand.platform.elements.AccessibilityDriver;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The bean: on Windows only, and creating it touches no COM (which would fail here), so
 * the wiring is tested on Linux with the OS overridden. Its status is not asked: that
 * would create the automation object.
 */
class UiaConfigurationTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withUserConfiguration(UiaConfiguration.class);

	@Test
	void onWindowsTheUiaDriverIsTheBeanAndCreatesNothingAtStartUp() {
		this.runner.withPropertyValues("deskhand.platform.os=windows", "deskhand.accessibility.call-timeout=750ms")
			.run((context) -> {
				assertThat(context).hasNotFailed().hasSingleBean(AccessibilityDriver.class);
				assertThat(context.getBean(AccessibilityDriver.class).name()).isEqualTo("uia");
				assertThat(context.getBean(AccessibilityProperties.class).callTimeout())
					.isEqualTo(Duration.ofMillis(750));
			});
	}

	@Test
	void elsewhereThereIsNone() {
		this.runner.withPropertyValues("deskhand.platform.os=linux")
			.run((context) -> assertThat(context).doesNotHaveBean(AccessibilityDriver.class));
		this.runner.withPropertyValues("deskhand.platform.os=macos")
			.run((context) -> assertThat(context).doesNotHaveBean(AccessibilityDriver.class));
	}

	@Test
	void theCallTimeoutDefaultsToTwoSecondsAndMustBePositive() {
		this.runner.withPropertyValues("deskhand.platform.os=windows")
			.run((context) -> assertThat(context.getBean(AccessibilityProperties.class).callTimeout())
				.isEqualTo(Duration.ofSeconds(2)));
		this.runner.withPropertyValues("deskhand.platform.os=windows", "deskhand.accessibility.call-timeout=-1s")
			.run((context) -> assertThat(context).hasFailed());
	}

}
