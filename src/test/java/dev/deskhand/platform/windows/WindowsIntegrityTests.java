package dev.deskhand.platform.windows;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Integrity levels read from mandatory label SIDs in their binary form. */
class WindowsIntegrityTests {

	@Test
	void theLevelIsTheLastSubAuthorityOfTheLabel() {
		// S-1-16-12288 (High Mandatory Level): revision 1, one sub-authority, authority
		// 16
		byte[] high = { 1, 1, 0, 0, 0, 0, 0, 16, 0x00, 0x30, 0, 0 };
		assertThat(WindowsIntegrity.ridOf(high)).isEqualTo(WindowsIntegrity.HIGH);
		byte[] medium = { 1, 1, 0, 0, 0, 0, 0, 16, 0x00, 0x20, 0, 0 };
		assertThat(WindowsIntegrity.ridOf(medium)).isEqualTo(WindowsIntegrity.MEDIUM);
		// medium plus (0x2100) names as medium
		assertThat(WindowsIntegrity.name(0x2100)).isEqualTo("medium");
		assertThat(WindowsIntegrity.name(WindowsIntegrity.SYSTEM)).isEqualTo("system");
	}

	@Test
	void aMalformedSidIsUnknown() {
		assertThat(WindowsIntegrity.ridOf(new byte[] { 1, 0, 0, 0, 0, 0, 0, 16 })).isEqualTo(WindowsIntegrity.UNKNOWN);
		assertThat(WindowsIntegrity.ridOf(new byte[] { 1, 2, 0, 0, 0, 0, 0, 16, 0, 0x30, 0, 0 }))
			.isEqualTo(WindowsIntegrity.UNKNOWN);
		assertThat(WindowsIntegrity.ridOf(new byte[3])).isEqualTo(WindowsIntegrity.UNKNOWN);
	}

	@Test
	void onlyAKnownHigherForegroundCountsAsUipi() {
		assertThat(new WindowsIntegrity(0x2000, 0x3000, null).foregroundIsHigher()).isTrue();
		assertThat(new WindowsIntegrity(0x3000, 0x3000, null).foregroundIsHigher()).isFalse();
		assertThat(new WindowsIntegrity(-1, 0x3000, null).foregroundIsHigher()).isFalse();
		assertThat(WindowsIntegrity.unknown().foregroundDescription()).isEmpty();
	}

}
