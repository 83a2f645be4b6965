package dev.deskhand.testing;

/**
 * What a command run by {@link TestDesktop#run} printed and how it ended.
 *
 * @param exitCode the exit status, or {@link #TIMED_OUT} when the command was killed
 * @param stdout standard output, decoded as UTF-8
 * @param stderr standard error, decoded as UTF-8
 */
public record ProcessResult(int exitCode, String stdout, String stderr) {

	/** Exit code reported for a command killed on timeout; real exit codes are 0..255. */
	public static final int TIMED_OUT = -1;

	public boolean succeeded() {
		return this.exitCode == 0;
	}

	public boolean timedOut() {
		return this.exitCode == TIMED_OUT;
	}

	/**
	 * Returns this result if the command exited with 0.
	 * @return this result
	 * @throws AssertionError naming the exit code and stderr otherwise
	 */
	public ProcessResult requireSuccess() {
		return requireSuccess("command");
	}

	/**
	 * Returns this result if the command exited with 0.
	 * @param command what ran, for the failure message
	 * @return this result
	 * @throws AssertionError naming the command, the exit code and stderr otherwise
	 */
	public ProcessResult requireSuccess(String command) {
		if (!succeeded()) {
			throw new AssertionError(command + " failed with exit code " + this.exitCode + ": " + this.stderr.strip());
		}
		return this;
	}

}
