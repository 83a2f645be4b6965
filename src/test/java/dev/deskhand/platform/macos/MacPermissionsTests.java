package dev.deskhand.platform.macos;

import org.junit.jupiter.api.Test;

import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.PlatformCheck;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Missing permissions are reported with where to grant them, and refuse with E_DENIED.
 */
class MacPermissionsTests {

	@Test
	void grantedPermissionsAreOkChecks() {
		MacPermissions granted = new MacPermissions(true, true);

		assertThat(granted.checks()).extracting(PlatformCheck::name)
			.containsExactly("screen recording", "accessibility");
		assertThat(granted.checks()).allMatch(PlatformCheck::ok);
		assertThat(granted.missing()).isNull();
	}

	@Test
	void aMissingPermissionSaysWhereToGrantIt() {
		MacPermissions none = new MacPermissions(false, false);

		assertThat(none.checks()).noneMatch(PlatformCheck::ok);
		assertThat(none.checks().get(0).detail()).contains("Privacy & Security › Screen Recording")
			.contains("restart Deskhand");
		assertThat(none.checks().get(1).detail()).contains("Privacy & Security › Accessibility");
		assertThat(none.missing()).contains("screen recording").contains("accessibility");
		assertThat(new MacPermissions(true, false).missing()).doesNotContain("screen recording");
	}

	@Test
	void refusalsAreDeniedAndNameThePermission() {
		assertThat(MacPermissions.screenRecordingDenied().code()).isEqualTo(ErrorCode.E_DENIED);
		assertThat(MacPermissions.screenRecordingDenied().getMessage()).contains("screen recording")
			.contains("Screen Recording");
		assertThat(MacPermissions.accessibilityDenied().getMessage()).contains("accessibility")
			.contains("System Settings › Privacy & Security › Accessibility");
	}

}
