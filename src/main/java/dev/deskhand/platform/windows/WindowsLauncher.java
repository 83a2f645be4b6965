package dev.deskhand.platform.windows;

import java.io.IOException;
import java.util.List;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;

/**
 * Starts programs in Deskhand's own session and desktop, where its input goes. Which
 * programs may be started is the caller's decision.
 */
final class WindowsLauncher {

	private static final Logger logger = LoggerFactory.getLogger(WindowsLauncher.class);

	private WindowsLauncher() {
	}

	/**
	 * @return the started process; its output is discarded and its input is closed, so a
	 * program that reads it sees end-of-file
	 * @throws DeskhandException E_NOT_FOUND when the program cannot be started
	 */
	static Process start(List<String> command) {
		if (command.isEmpty()) {
			throw DeskhandException.args("no program to launch");
		}
		ProcessBuilder builder = new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD)
			.redirectError(ProcessBuilder.Redirect.DISCARD);
		try {
			Process process = builder.start();
			process.getOutputStream().close();
			logger.info("launched {} (pid {})", command, process.pid());
			return process;
		}
		catch (IOException ex) {
			throw new DeskhandException(ErrorCode.E_NOT_FOUND,
					"cannot start " + command.get(0) + ": " + ex.getMessage() + "; check the launch command", ex);
		}
	}

}
