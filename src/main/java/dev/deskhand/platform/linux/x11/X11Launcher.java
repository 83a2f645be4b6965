package dev.deskhand.platform.linux.x11;

import java.io.File;
import java.io.IOException;
import java.util.List;
import java.util.Map;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;

/**
 * Starts programs on the driven X display. Which programs may be started is the caller's
 * decision; this only makes sure they appear where Deskhand looks.
 */
final class X11Launcher {

	private static final Logger logger = LoggerFactory.getLogger(X11Launcher.class);

	private static final File NO_INPUT = new File("/dev/null");

	private X11Launcher() {
	}

	/**
	 * @param displayName the driven display, e.g. {@code :99}
	 * @param command the program and its arguments
	 * @return the started process; its output is discarded and its input is empty
	 * @throws DeskhandException E_NOT_FOUND when the program cannot be started
	 */
	static Process start(String displayName, List<String> command) {
		if (command.isEmpty()) {
			throw DeskhandException.args("no program to launch");
		}
		ProcessBuilder builder = builder(displayName, command);
		try {
			Process process = builder.start();
			logger.info("launched {} (pid {}) on X display {}", command, process.pid(), displayName);
			return process;
		}
		catch (IOException ex) {
			throw new DeskhandException(ErrorCode.E_NOT_FOUND,
					"cannot start " + command.get(0) + ": " + ex.getMessage() + "; check the launch command", ex);
		}
	}

	/**
	 * The JVM's environment, with the driven display in {@code DISPLAY}. A Wayland
	 * session's {@code WAYLAND_DISPLAY} is removed: GTK and Qt would open their windows
	 * there, not on the display Deskhand sees and drives.
	 */
	static ProcessBuilder builder(String displayName, List<String> command) {
		ProcessBuilder builder = new ProcessBuilder(command)
			// an empty input, not the service's: a program that reads it sees
			// end-of-file, not a hang
			.redirectInput(NO_INPUT)
			.redirectOutput(ProcessBuilder.Redirect.DISCARD)
			.redirectError(ProcessBuilder.Redirect.DISCARD);
		Map<String, String> environment = builder.environment();
		environment.put("DISPLAY", displayName);
		environment.remove("WAYLAND_DISPLAY");
		return builder;
	}

}
