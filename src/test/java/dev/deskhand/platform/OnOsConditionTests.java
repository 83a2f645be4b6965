package dev.deskhand.platform;

import java.util.Arrays;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static org.assertj.core.api.Assertions.assertThat;

class OnOsConditionTests {

	private final OnOsCondition condition = new OnOsCondition();

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withUserConfiguration(LinuxOnlyConfiguration.class, DriverConfiguration.class);

	@ParameterizedTest(name = "running {0}, required [{1}] -> {2}")
	@CsvSource({
			// running, required (space separated), matches
			"LINUX,   LINUX,                 true", "LINUX,   WINDOWS,               false",
			"LINUX,   MACOS,                 false", "LINUX,   OTHER,                 false",
			"LINUX,   WINDOWS MACOS,         false", "LINUX,   LINUX MACOS,           true",
			"LINUX,   MACOS LINUX,           true", "LINUX,   LINUX WINDOWS MACOS OTHER, true",
			"WINDOWS, WINDOWS,               true", "WINDOWS, LINUX,                 false",
			"WINDOWS, LINUX MACOS,           false", "WINDOWS, MACOS WINDOWS,         true",
			"WINDOWS, OTHER,                 false", "MACOS,   MACOS,                 true",
			"MACOS,   LINUX,                 false", "MACOS,   LINUX MACOS,           true",
			"MACOS,   WINDOWS OTHER,         false", "OTHER,   OTHER,                 true",
			"OTHER,   LINUX,                 false", "OTHER,   LINUX WINDOWS MACOS,   false",
			"OTHER,   LINUX WINDOWS MACOS OTHER, true" })
	void truthTable(OperatingSystem running, String required, boolean matches) {
		OperatingSystem[] requiredSystems = Arrays.stream(required.trim().split("\\s+"))
			.map(OperatingSystem::valueOf)
			.toArray(OperatingSystem[]::new);
		ConditionOutcome outcome = this.condition.getMatchOutcome(running, requiredSystems);
		assertThat(outcome.isMatch()).isEqualTo(matches);
		assertThat(outcome.getMessage()).startsWith("@ConditionalOnOs (" + String.join(" or ", required.split("\\s+")));
	}

	@Test
	void emptyRequirementNeverMatches() {
		for (OperatingSystem running : OperatingSystem.values()) {
			assertThat(this.condition.getMatchOutcome(running, new OperatingSystem[0]).isMatch()).isFalse();
		}
	}

	@Test
	void matchMessageNamesTheRunningOs() {
		ConditionOutcome outcome = this.condition.getMatchOutcome(OperatingSystem.MACOS,
				new OperatingSystem[] { OperatingSystem.LINUX, OperatingSystem.MACOS });
		assertThat(outcome.getMessage()).isEqualTo("@ConditionalOnOs (LINUX or MACOS) found operating system MACOS");
	}

	@Test
	void noMatchMessageNamesRequiredAndRunningOs() {
		ConditionOutcome outcome = this.condition.getMatchOutcome(OperatingSystem.WINDOWS,
				new OperatingSystem[] { OperatingSystem.LINUX, OperatingSystem.MACOS });
		assertThat(outcome.getMessage()).isEqualTo(
				"@ConditionalOnOs (LINUX or MACOS) did not find operating systems LINUX, MACOS (running on WINDOWS)");
	}

	@Test
	void beanPresentWhenPropertySaysLinux() {
		this.runner.withPropertyValues("deskhand.platform.os=linux").run((context) -> {
			assertThat(context).hasSingleBean(LinuxOnlyConfiguration.class);
			assertThat(context).hasBean("linuxDriver").doesNotHaveBean("windowsDriver");
		});
	}

	@Test
	void beanAbsentWhenPropertySaysWindows() {
		this.runner.withPropertyValues("deskhand.platform.os=windows").run((context) -> {
			assertThat(context).doesNotHaveBean(LinuxOnlyConfiguration.class);
			assertThat(context).hasBean("windowsDriver").doesNotHaveBean("linuxDriver");
		});
	}

	@Test
	void propertyIsCaseInsensitive() {
		this.runner.withPropertyValues("deskhand.platform.os=MacOS").run((context) -> {
			assertThat(context).doesNotHaveBean(LinuxOnlyConfiguration.class);
			assertThat(context).hasBean("unixDriver").doesNotHaveBean("linuxDriver").doesNotHaveBean("windowsDriver");
		});
	}

	@Test
	void withoutPropertyTheDetectedOsDecides() {
		boolean linux = OperatingSystem.current() == OperatingSystem.LINUX;
		this.runner.run((context) -> assertThat(context.containsBean("linuxDriver")).isEqualTo(linux));
	}

	@Test
	void invalidPropertyFailsNamingPropertyAndAllowedValues() {
		this.runner.withPropertyValues("deskhand.platform.os=solaris").run((context) -> {
			assertThat(context).hasFailed();
			assertThat(context).getFailure()
				.rootCause()
				.isInstanceOf(IllegalStateException.class)
				.hasMessageContaining("deskhand.platform.os")
				.hasMessageContaining("'solaris'")
				.hasMessageContaining("linux, windows, macos, other");
		});
	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnOs(OperatingSystem.LINUX)
	static class LinuxOnlyConfiguration {

	}

	@Configuration(proxyBeanMethods = false)
	static class DriverConfiguration {

		@Bean
		@ConditionalOnOs(OperatingSystem.LINUX)
		String linuxDriver() {
			return "x11";
		}

		@Bean
		@ConditionalOnOs(OperatingSystem.WINDOWS)
		String windowsDriver() {
			return "win32";
		}

		@Bean
		@ConditionalOnOs({ OperatingSystem.LINUX, OperatingSystem.MACOS })
		String unixDriver() {
			return "unix";
		}

	}

}
