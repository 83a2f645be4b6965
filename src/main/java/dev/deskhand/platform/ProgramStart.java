package dev.deskhand.platform;

import java.io.IOException;
import java.util.List;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;

/**
 * Starts a program a driver has prepared (its environment, its input), output discarded,
 * for {@link DesktopDriver#launch}: one place for the empty command, the start, the log
 * line and the error a caller sees.
 */
public final class ProgramStart {

	private static final Logger logger = LoggerFactory.getLogger(ProgramStart.class);

	private ProgramStart() {
	}

	/**
	 * @param builder the command, with the driver's environment and input; its output and
	 * errors are discarded here, and a piped input is closed, so a program that reads it
	 * sees end-of-file
	 * @param hint what the user should check when it cannot start, e.g. {@code check the
	 * launch command}
	 * @throws DeskhandException E_ARGS for an empty command, E_NOT_FOUND when the program
	 * cannot be started
	 */
	public static Process start(ProcessBuilder builder, String hint) {
		List<String> command = builder.command();
		if (command.isEmpty()) {
			throw DeskhandException.args("no program to launch");
		}
		try {
			Process process = builder.redirectOutput(ProcessBuilder.Redirect.DISCARD)
				.redirectError(ProcessBuilder.Redirect.DISCARD)
				.start();
			process.getOutputStream().close();
			logger.info("launched {} (pid {})", command, process.pid());
			return process;
		}
		catch (IOException ex) {
			throw new DeskhandException(ErrorCode.E_NOT_FOUND,
					"cannot start " + command.get(0) + ": " + ex.getMessage() + "; " + hint, ex);
		}
	}

}
