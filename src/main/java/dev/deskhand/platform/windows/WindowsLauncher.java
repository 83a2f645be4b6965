package dev.deskhand.platform.windows;

import java.util.List;

import dev.deskhand.platform.ProgramStart;

/**
 * Starts programs in Deskhand's own session and desktop, where its input goes. Which
 * programs may be started is the caller's decision.
 */
final class WindowsLauncher {

	private WindowsLauncher() {
	}

	/**
	 * @return the started process; its output is discarded and its input is closed, so a
	 * program that reads it sees end-of-file
	 * @throws dev.deskhand.errors.DeskhandException E_NOT_FOUND when the program cannot
	 * be started
	 */
	static Process start(List<String> command) {
		return ProgramStart.start(new ProcessBuilder(command), "check the launch command");
	}

}
