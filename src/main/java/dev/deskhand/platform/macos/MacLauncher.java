package dev.deskhand.platform.macos;

import java.io.File;
import java.util.List;

import dev.deskhand.platform.ProgramStart;

/**
 * Starts programs. An application bundle is started the Mac way with
 * {@code open -a "Name"} (or {@code open -b com.apple.TextEdit}): {@code open} asks
 * Launch Services, which starts the app in the user's GUI session or brings a running one
 * to the front, and returns at once, so the returned process is {@code open}'s, not the
 * application's.
 */
final class MacLauncher {

	private static final File NO_INPUT = new File("/dev/null");

	private MacLauncher() {
	}

	static Process start(List<String> command) {
		return ProgramStart.start(new ProcessBuilder(command).redirectInput(NO_INPUT),
				"check the launch command (an app bundle starts with open -a Name)");
	}

}
