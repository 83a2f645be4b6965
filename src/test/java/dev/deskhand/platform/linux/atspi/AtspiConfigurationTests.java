package dev.deskhand.platform.linux.atspi;

import java.time.Duration;

import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import dev.deskhand.platform.elements.AccessibilityProperties;
import dev.deskhand.platform.elements.AccessibilityDriver;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The bean: on Linux only, never connecting at start-up, the session bus from a property.
 */
class AtspiConfigurationTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withUserConfiguration(AtspiConfiguration.class);

	@Test
	void onLinuxTheDriverStartsWithoutABusAndSaysWhy() {
		this.runner
			.withPropertyValues("deskhand.platform.os=linux",
					"DBUS_SESSION_BUS_ADDRESS=unix:path=/nonexistent/deskhand-session",
					"deskhand.accessibility.call-timeout=500ms")
			.run((context) -> {
				assertThat(context).hasSingleBean(AccessibilityDriver.class);
				AccessibilityDriver driver = context.getBean(AccessibilityDriver.class);
				assertThat(driver.name()).isEqualTo("at-spi");
				assertThat(driver.status().available()).isFalse();
				assertThat(driver.status().detail()).contains("unix:path=/nonexistent/deskhand-session");
				assertThat(context.getBean(AccessibilityProperties.class).callTimeout())
					.isEqualTo(Duration.ofMillis(500));
				assertThat(context.getBean(AccessibilityProperties.class).enableToolkits()).isTrue();
			});
	}

	@Test
	void elsewhereThereIsNone() {
		this.runner.withPropertyValues("deskhand.platform.os=windows")
			.run((context) -> assertThat(context).doesNotHaveBean(AccessibilityDriver.class));
	}

	@Test
	void theCallTimeoutDefaultsToTwoSecondsAndMustBePositive() {
		this.runner.withPropertyValues("deskhand.platform.os=linux").run((context) -> {
			assertThat(context.getBean(AccessibilityProperties.class).callTimeout()).isEqualTo(Duration.ofSeconds(2));
		});
		this.runner.withPropertyValues("deskhand.platform.os=linux", "deskhand.accessibility.enable-toolkits=false")
			.run((context) -> assertThat(context.getBean(AccessibilityProperties.class).enableToolkits()).isFalse());
		this.runner.withPropertyValues("deskhand.platform.os=linux", "deskhand.accessibility.call-timeout=0s")
			.run((context) -> assertThat(context).hasFailed());
	}

}
