package dev.deskhand.platform.macos;

import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Recorded CGSessionCopyCurrentDictionary answers decide whether there is a desktop. */
class MacSessionTests {

	@Test
	void anUnlockedSessionOnTheConsoleIsADesktop() {
		assertThat(MacSession.noDesktop(Map.of("kCGSSessionOnConsoleKey", true, "kCGSSessionUserNameKey", "ada",
				"kCGSSessionUserIDKey", 501L, "kCGSessionLoginDoneKey", true)))
			.isEmpty();
	}

	@Test
	void aLockedScreenIsNone() {
		assertThat(MacSession.noDesktop(Map.of("kCGSSessionOnConsoleKey", true, "CGSSessionScreenIsLocked", true)))
			.hasValueSatisfying((reason) -> assertThat(reason).contains("locked"));
	}

	@Test
	void aSessionSwitchedAwayFromIsNone() {
		assertThat(MacSession.noDesktop(Map.of("kCGSSessionOnConsoleKey", false)))
			.hasValueSatisfying((reason) -> assertThat(reason).contains("fast user switching"));
	}

	@Test
	void noSessionAtAllIsNone() {
		assertThat(MacSession.noDesktop(null)).hasValueSatisfying((reason) -> assertThat(reason).contains("ssh"));
	}

}
