package dev.deskhand.platform.macos;

import org.junit.jupiter.api.Test;

import dev.deskhand.platform.PlatformCheck;

import static org.assertj.core.api.Assertions.assertThat;

class MacInputMonitoringTests {

	@Test
	void itNeverFailsOnItsOwnButSaysWhatToGrantWhenTheSensorIsBlind() {
		// whether the sensor needs it is unknown: the failsafe row is the judge
		for (int access : new int[] { 0, 1, 2, -1 }) {
			PlatformCheck check = MacInputMonitoring.check(access);
			assertThat(check.name()).isEqualTo("input monitoring");
			assertThat(check.ok()).isTrue();
		}
		assertThat(MacInputMonitoring.check(0).detail()).startsWith("granted");
		assertThat(MacInputMonitoring.check(1).detail()).startsWith("denied")
			.contains("if the failsafe sensor row fails")
			.contains("Privacy & Security › Input Monitoring");
		assertThat(MacInputMonitoring.check(2).detail()).startsWith("never asked for");
		assertThat(MacInputMonitoring.check(-1).detail()).contains("before macOS 10.15");
	}

}
