package dev.deskhand.testing;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Runs short-lived commands with a timeout.
 * <p>
 * Output goes to temporary files, not pipes: {@code xclip -i} forks a child that keeps
 * the selection and inherits stdout, so reading a pipe to EOF would wait for that child
 * forever.
 */
final class CommandRunner {

	private static final File NO_INPUT = new File("/dev/null");

	private final Map<String, String> environment;

	CommandRunner(Map<String, String> environment) {
		this.environment = Map.copyOf(environment);
	}

	ProcessResult run(Duration timeout, byte[] stdin, List<String> command) {
		Output output = runForOutput(timeout, stdin, command);
		return new ProcessResult(output.exitCode(), new String(output.stdout(), StandardCharsets.UTF_8),
				output.stderr());
	}

	Output runForOutput(Duration timeout, byte[] stdin, List<String> command) {
		Path dir = createTempDirectory();
		try {
			Path out = dir.resolve("stdout");
			Path err = dir.resolve("stderr");
			ProcessBuilder builder = new ProcessBuilder(command).redirectOutput(out.toFile())
				.redirectError(err.toFile());
			builder.environment().putAll(this.environment);
			if (stdin != null) {
				Path in = Files.write(dir.resolve("stdin"), stdin);
				builder.redirectInput(in.toFile());
			}
			else {
				builder.redirectInput(NO_INPUT);
			}
			Process process = start(builder, command);
			int exitCode = waitOrKill(process, timeout);
			String stderr = Files.readString(err, StandardCharsets.UTF_8);
			if (exitCode == ProcessResult.TIMED_OUT) {
				stderr += "\n[deskhand-testing] " + command.get(0) + " killed after " + timeout;
			}
			return new Output(exitCode, Files.readAllBytes(out), stderr);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		finally {
			deleteRecursively(dir);
		}
	}

	static Process start(ProcessBuilder builder, List<String> command) {
		try {
			return builder.start();
		}
		catch (IOException ex) {
			throw new IllegalStateException(
					"cannot run " + command.get(0) + " (is it installed and on PATH?): " + ex.getMessage(), ex);
		}
	}

	/**
	 * Waits for the process; on timeout kills it and everything it started, since a hung
	 * command's children would otherwise outlive the test.
	 */
	static int waitOrKill(Process process, Duration timeout) {
		try {
			if (process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
				return process.exitValue();
			}
			process.descendants().forEach(ProcessHandle::destroyForcibly);
			process.destroyForcibly();
			process.waitFor(5, TimeUnit.SECONDS);
			return ProcessResult.TIMED_OUT;
		}
		catch (InterruptedException ex) {
			process.destroyForcibly();
			Thread.currentThread().interrupt();
			throw new IllegalStateException("interrupted while waiting for " + process.info().command().orElse("?"),
					ex);
		}
	}

	/** Stops a long-running process politely, then forcibly. */
	static void stop(Process process, Duration grace) {
		if (process == null || !process.isAlive()) {
			return;
		}
		process.destroy();
		try {
			if (!process.waitFor(grace.toMillis(), TimeUnit.MILLISECONDS)) {
				process.destroyForcibly();
				process.waitFor(grace.toMillis(), TimeUnit.MILLISECONDS);
			}
		}
		catch (InterruptedException ex) {
			process.destroyForcibly();
			Thread.currentThread().interrupt();
		}
	}

	static Path createTempDirectory() {
		try {
			return Files.createTempDirectory("deskhand-test-");
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	static void deleteRecursively(Path dir) {
		if (dir == null || !Files.exists(dir)) {
			return;
		}
		try (var paths = Files.walk(dir)) {
			paths.sorted(Comparator.reverseOrder()).forEach((path) -> path.toFile().delete());
		}
		catch (IOException | UncheckedIOException ex) {
			// a leftover temporary directory is not worth failing a test for
		}
	}

	record Output(int exitCode, byte[] stdout, String stderr) {
	}

}
