package dev.deskhand.platform;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;

class OperatingSystemTests {

	@ParameterizedTest
	@CsvSource({ "Linux, LINUX", "Windows 11, WINDOWS", "Windows Server 2022, WINDOWS", "Windows 10, WINDOWS",
			"Mac OS X, MACOS", "macOS, MACOS", "Darwin, MACOS", "FreeBSD, OTHER", "SunOS, OTHER", "AIX, OTHER",
			"'', OTHER" })
	void mapsOsNameToFamily(String osName, OperatingSystem expected) {
		assertThat(OperatingSystem.fromOsName(osName)).isEqualTo(expected);
	}

	@Test
	void nullOsNameIsOther() {
		assertThat(OperatingSystem.fromOsName(null)).isEqualTo(OperatingSystem.OTHER);
	}

	@Test
	void currentAgreesWithOsNameProperty() {
		assertThat(OperatingSystem.current()).isEqualTo(OperatingSystem.fromOsName(System.getProperty("os.name")));
	}

}
