package dev.deskhand.bench;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * Runs peer pipelines the way the tools people use today run them: one {@code sh -c} per
 * call, as the Anthropic computer-use demo does, with the whole standard output read by
 * the caller.
 * <p>
 * Standard output is a pipe read to its end here (the base64 string is part of the cost
 * the caller pays); standard error goes to a file so a chatty tool cannot fill a pipe and
 * stall. A watchdog kills a call that hangs: {@code xdotool mousemove --sync} to where
 * the pointer already is waits about 15 s, and a benchmark should fail loudly rather than
 * sit there.
 */
final class Shell implements AutoCloseable {

	private static final Duration TIMEOUT = Duration.ofSeconds(30);

	private final Map<String, String> environment;

	private final Path stderr;

	private final ScheduledExecutorService watchdog = Executors.newSingleThreadScheduledExecutor((r) -> {
		Thread thread = new Thread(r, "bench-shell-watchdog");
		thread.setDaemon(true);
		return thread;
	});

	Shell(Map<String, String> environment, Path workDir) {
		this.environment = Map.copyOf(environment);
		this.stderr = workDir.resolve("peer-stderr.log");
	}

	/**
	 * @param script an {@code sh -c} script; {@code "$1"}... are {@code arguments},
	 * unquoted trouble avoided
	 * @param arguments positional parameters for the script
	 * @return everything the script printed on standard output
	 * @throws IllegalStateException when it exits non-zero or hangs, with its standard
	 * error
	 */
	byte[] run(String script, String... arguments) {
		List<String> command = new ArrayList<>(List.of("sh", "-c", script, "sh"));
		command.addAll(List.of(arguments));
		ProcessBuilder builder = new ProcessBuilder(command).redirectError(this.stderr.toFile())
			.redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()));
		builder.environment().putAll(this.environment);
		Process process;
		try {
			process = builder.start();
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot start sh for: " + script, ex);
		}
		ScheduledFuture<?> kill = this.watchdog.schedule(() -> {
			process.descendants().forEach(ProcessHandle::destroyForcibly);
			process.destroyForcibly();
		}, TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
		try (InputStream out = process.getInputStream()) {
			byte[] stdout = out.readAllBytes();
			int exit = process.waitFor();
			if (kill.isDone()) {
				throw new IllegalStateException("killed after " + TIMEOUT + ": " + script + stderrText());
			}
			if (exit != 0) {
				throw new IllegalStateException("exit code " + exit + ": " + script + stderrText());
			}
			return stdout;
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			process.destroyForcibly();
			throw new IllegalStateException("interrupted while running " + script, ex);
		}
		finally {
			kill.cancel(false);
		}
	}

	private String stderrText() {
		try {
			String text = Files.readString(this.stderr, StandardCharsets.UTF_8).strip();
			return text.isEmpty() ? "" : "\n" + text;
		}
		catch (IOException ex) {
			return "";
		}
	}

	@Override
	public void close() {
		this.watchdog.shutdownNow();
	}

}
