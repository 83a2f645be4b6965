package dev.deskhand.platform.macos;

import java.io.File;
import java.io.IOException;
import java.util.List;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;

/**
 * Starts programs. An application bundle is started the Mac way with
 * {@code open -a "Name"} (or {@code open -b com.apple.TextEdit}): {@code open} asks
 * Launch Services, which starts the app in the user's GUI session or brings a running one
 * to the front, and returns at once, so the returned process is {@code open}'s, not the
 * application's.
 */
final class MacLauncher {

	private static final Logger logger = LoggerFactory.getLogger(MacLauncher.class);

	private static final File NO_INPUT = new File("/dev/null");

	private MacLauncher() {
	}

	static Process start(List<String> command) {
		if (command.isEmpty()) {
			throw DeskhandException.args("no program to launch");
		}
		try {
			Process process = new ProcessBuilder(command).redirectInput(NO_INPUT)
				.redirectOutput(ProcessBuilder.Redirect.DISCARD)
				.redirectError(ProcessBuilder.Redirect.DISCARD)
				.start();
			logger.info("launched {} (pid {})", command, process.pid());
			return process;
		}
		catch (IOException ex) {
			throw new DeskhandException(ErrorCode.E_NOT_FOUND, "cannot start " + command.get(0) + ": " + ex.getMessage()
					+ "; check the launch command (an app bundle starts with open -a Name)", ex);
		}
	}

}
