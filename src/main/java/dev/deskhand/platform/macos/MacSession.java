package dev.deskhand.platform.macos;

import java.util.Map;
import java.util.Optional;

/**
 * Whether this process's login session shows a desktop Deskhand can drive, from what
 * {@code CGSessionCopyCurrentDictionary()} answers (converted to a map). Pure.
 */
final class MacSession {

	static final String SCREEN_LOCKED = "CGSSessionScreenIsLocked";

	static final String ON_CONSOLE = "kCGSSessionOnConsoleKey";

	private MacSession() {
	}

	/**
	 * Why there is no desktop to drive, or empty when there is one.
	 * @param session the dictionary, or {@code null} when Quartz answered none
	 */
	static Optional<String> noDesktop(Map<String, Object> session) {
		if (session == null) {
			return Optional.of("this process has no macOS window server session (it runs outside a logged-in"
					+ " user's GUI session, e.g. over ssh or as a LaunchDaemon); start Deskhand from the user's"
					+ " session, e.g. in Terminal or as a LaunchAgent");
		}
		if (Boolean.TRUE.equals(session.get(SCREEN_LOCKED))) {
			return Optional.of("the screen is locked; unlock it at the Mac");
		}
		if (Boolean.FALSE.equals(session.get(ON_CONSOLE))) {
			return Optional.of("this user's session is not on the console (another user is logged in with"
					+ " fast user switching); switch back to this user at the Mac");
		}
		return Optional.empty();
	}

}
