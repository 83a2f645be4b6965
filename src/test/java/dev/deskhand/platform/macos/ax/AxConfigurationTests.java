package dev.deskhand.platform.macos.ax;

import java.time.Duration;

import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import dev.deskhand.platform.elements.AccessibilityProperties;
import dev.deskhand.platform.elements.AccessibilityDriver;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The bean: on macOS only, built without loading a native library (its status and calls,
 * which would, are not made here).
 */
class AxConfigurationTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withUserConfiguration(AxConfiguration.class);

	@Test
	void onMacosTheDriverIsTheAxOne() {
		this.runner.withPropertyValues("deskhand.platform.os=macos", "deskhand.accessibility.call-timeout=750ms")
			.run((context) -> {
				assertThat(context).hasSingleBean(AccessibilityDriver.class);
				assertThat(context.getBean(AccessibilityDriver.class).name()).isEqualTo("ax");
				assertThat(context.getBean(AccessibilityProperties.class).callTimeout())
					.isEqualTo(Duration.ofMillis(750));
			});
	}

	@Test
	void elsewhereThereIsNone() {
		this.runner.withPropertyValues("deskhand.platform.os=linux")
			.run((context) -> assertThat(context).doesNotHaveBean(AccessibilityDriver.class));
		this.runner.withPropertyValues("deskhand.platform.os=windows")
			.run((context) -> assertThat(context).doesNotHaveBean(AccessibilityDriver.class));
	}

	@Test
	void theCallTimeoutDefaultsToTwoSecondsAndMustBePositive() {
		this.runner.withPropertyValues("deskhand.platform.os=macos")
			.run((context) -> assertThat(context.getBean(AccessibilityProperties.class).callTimeout())
				.isEqualTo(Duration.ofSeconds(2)));
		this.runner.withPropertyValues("deskhand.platform.os=macos", "deskhand.accessibility.call-timeout=0s")
			.run((context) -> assertThat(context).hasFailed());
	}

}
