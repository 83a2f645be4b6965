package dev.deskhand.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * One Xvfb server plus openbox, started and stopped by PID.
 * <p>
 * Display numbers are probed upward from {@link #FIRST_DISPLAY}, above the numbers people
 * pick by hand, and Xvfb's own lock file ({@code /tmp/.X<n>-lock}, created atomically)
 * decides races with a parallel build: a number that is taken makes Xvfb exit with
 * "Server is already active", and the next number is tried.
 * <p>
 * Xvfb runs with {@code -noreset}: by default an X server resets itself when its last
 * client disconnects, and a client that connects during that reset fails. Between Xvfb's
 * readiness and openbox's connection the readiness checks are the only clients, so the
 * first of them to disconnect would reset the server under openbox or a test (seen once
 * in 610 CI runs).
 */
final class XvfbSession {

	static final int FIRST_DISPLAY = 400;

	private static final int LAST_DISPLAY = 999;

	private static final Duration XVFB_READY_TIMEOUT = Duration.ofSeconds(20);

	private static final Duration WM_READY_TIMEOUT = Duration.ofSeconds(20);

	private static final Duration STOP_GRACE = Duration.ofSeconds(3);

	private final String display;

	private final String geometry;

	private final Path workDir;

	// replaced when a fault test restarts the server on the same number
	private volatile Process xvfb;

	private volatile Process openbox;

	private XvfbSession(String display, String geometry, Process xvfb, Process openbox, Path workDir) {
		this.display = display;
		this.geometry = geometry;
		this.xvfb = xvfb;
		this.openbox = openbox;
		this.workDir = workDir;
	}

	String display() {
		return this.display;
	}

	static XvfbSession start(String geometry) {
		Path workDir = CommandRunner.createTempDirectory();
		Process xvfb = null;
		Process openbox = null;
		try {
			StartedXvfb started = startXvfb(geometry, workDir);
			xvfb = started.process();
			openbox = startOpenbox(started.display(), workDir);
			return new XvfbSession(started.display(), geometry, xvfb, openbox, workDir);
		}
		catch (RuntimeException ex) {
			CommandRunner.stop(openbox, STOP_GRACE);
			CommandRunner.stop(xvfb, STOP_GRACE);
			CommandRunner.deleteRecursively(workDir);
			throw ex;
		}
	}

	private static StartedXvfb startXvfb(String geometry, Path workDir) {
		List<String> tried = new ArrayList<>();
		for (int number = FIRST_DISPLAY; number <= LAST_DISPLAY; number++) {
			if (Files.exists(Path.of("/tmp/.X" + number + "-lock"))
					|| Files.exists(Path.of("/tmp/.X11-unix/X" + number))) {
				continue;
			}
			StartedXvfb started = startOn(number, geometry, workDir);
			if (started != null) {
				return started;
			}
			tried.add(":" + number);
		}
		throw new IllegalStateException("no free X display number between :" + FIRST_DISPLAY + " and :" + LAST_DISPLAY
				+ " (taken while starting: " + tried + ")");
	}

	/**
	 * @return the started server, or {@code null} when the number is taken
	 */
	private static StartedXvfb startOn(int number, String geometry, Path workDir) {
		Path ready = workDir.resolve("xvfb-" + number + ".displayfd");
		Path log = workDir.resolve("xvfb-" + number + ".log");
		// -displayfd 1: Xvfb writes the display number to stdout once it accepts
		// connections
		List<String> command = List.of("Xvfb", ":" + number, "-screen", "0", geometry, "-nolisten", "tcp", "+extension",
				"RANDR", "-noreset", "-displayfd", "1");
		ProcessBuilder builder = new ProcessBuilder(command).redirectOutput(ready.toFile()).redirectError(log.toFile());
		Process process = CommandRunner.start(builder, command);
		long deadline = System.nanoTime() + XVFB_READY_TIMEOUT.toNanos();
		while (true) {
			String written = read(ready);
			if (written.endsWith("\n")) {
				return new StartedXvfb(":" + written.strip(), process);
			}
			if (!process.isAlive()) {
				String reason = read(log);
				if (reason.contains("already active") || reason.contains("Cannot establish any listening")) {
					return null;
				}
				throw new IllegalStateException("Xvfb :" + number + " " + geometry + " exited with code "
						+ process.exitValue() + " before accepting connections:\n" + tail(reason));
			}
			if (System.nanoTime() > deadline) {
				CommandRunner.stop(process, STOP_GRACE);
				throw new IllegalStateException("Xvfb :" + number + " did not accept connections within "
						+ XVFB_READY_TIMEOUT + ":\n" + tail(read(log)));
			}
			Pause.millis(10);
		}
	}

	private static Process startOpenbox(String display, Path workDir) {
		// an empty config home keeps a developer's own rc.xml (focus-follows-mouse, key
		// bindings) out of the tests; openbox then reads /etc/xdg/openbox/rc.xml
		Map<String, String> environment = environment(display);
		environment.put("XDG_CONFIG_HOME", workDir.resolve("config").toString());
		environment.put("XDG_CACHE_HOME", workDir.resolve("cache").toString());
		Path log = workDir.resolve("openbox.log");
		List<String> command = List.of("openbox", "--sm-disable");
		ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
		builder.environment().putAll(environment);
		Process openbox = CommandRunner.start(builder, command);
		CommandRunner xprop = new CommandRunner(environment(display));
		long deadline = System.nanoTime() + WM_READY_TIMEOUT.toNanos();
		while (true) {
			// openbox announces itself before it publishes the client list; wmctrl fails
			// without that list, so ready means both are there
			ProcessResult check = xprop.run(Duration.ofSeconds(5), null,
					List.of("xprop", "-root", "_NET_SUPPORTING_WM_CHECK", "_NET_CLIENT_LIST"));
			if (check.stdout().contains("_NET_SUPPORTING_WM_CHECK(WINDOW): window id")
					&& check.stdout().contains("_NET_CLIENT_LIST(WINDOW)")) {
				return openbox;
			}
			if (!openbox.isAlive()) {
				throw new IllegalStateException(
						"openbox exited with code " + openbox.exitValue() + " on " + display + ":\n" + tail(read(log)));
			}
			if (System.nanoTime() > deadline) {
				CommandRunner.stop(openbox, STOP_GRACE);
				throw new IllegalStateException("openbox did not set _NET_SUPPORTING_WM_CHECK and _NET_CLIENT_LIST on "
						+ display + " within " + WM_READY_TIMEOUT + ":\n" + tail(read(log)) + check.stderr());
			}
			Pause.millis(20);
		}
	}

	/**
	 * The environment for clients of this display: the test JVM's, with the display and a
	 * UTF-8 locale.
	 */
	static Map<String, String> environment(String display) {
		Map<String, String> environment = new HashMap<>();
		environment.put("DISPLAY", display);
		environment.put("LANG", "C.UTF-8");
		environment.put("LC_ALL", "C.UTF-8");
		return environment;
	}

	/** Stops openbox first so it does not log the server vanishing, then Xvfb. */
	void stop() {
		CommandRunner.stop(this.openbox, STOP_GRACE);
		CommandRunner.stop(this.xvfb, STOP_GRACE);
		CommandRunner.deleteRecursively(this.workDir);
	}

	/** Sends Xvfb a signal by name ({@code STOP}, {@code CONT}) and waits for kill. */
	void signalXvfb(String signal) {
		new CommandRunner(Map.of())
			.run(Duration.ofSeconds(10), null, List.of("kill", "-" + signal, Long.toString(this.xvfb.pid())))
			.requireSuccess("kill -" + signal);
	}

	/** Sends openbox a signal by name ({@code STOP}, {@code CONT}) and waits for kill. */
	void signalOpenbox(String signal) {
		new CommandRunner(Map.of())
			.run(Duration.ofSeconds(10), null, List.of("kill", "-" + signal, Long.toString(this.openbox.pid())))
			.requireSuccess("kill -" + signal);
	}

	/**
	 * SIGKILLs Xvfb, as a crash would, and waits until it is gone; openbox then exits.
	 */
	void killXvfb() {
		this.xvfb.destroyForcibly();
		try {
			if (!this.xvfb.waitFor(STOP_GRACE.toMillis(), TimeUnit.MILLISECONDS)) {
				throw new IllegalStateException("Xvfb " + this.xvfb.pid() + " survived SIGKILL");
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
		CommandRunner.stop(this.openbox, STOP_GRACE);
	}

	/** Starts a new Xvfb and openbox on this session's display number, after killXvfb. */
	void restartXvfb() {
		if (this.xvfb.isAlive()) {
			throw new IllegalStateException("Xvfb " + this.xvfb.pid() + " still runs on " + this.display);
		}
		int number = Integer.parseInt(this.display.substring(1));
		StartedXvfb started = startOn(number, this.geometry, this.workDir);
		if (started == null) {
			throw new IllegalStateException("display " + this.display + " was taken by another server");
		}
		this.xvfb = started.process();
		this.openbox = startOpenbox(this.display, this.workDir);
	}

	boolean isAlive() {
		return this.xvfb.isAlive() && this.openbox.isAlive();
	}

	long xvfbPid() {
		return this.xvfb.pid();
	}

	long openboxPid() {
		return this.openbox.pid();
	}

	private static String read(Path file) {
		try {
			return Files.exists(file) ? Files.readString(file, StandardCharsets.UTF_8) : "";
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private static String tail(String log) {
		String[] lines = log.strip().split("\n");
		return String.join("\n", List.of(lines).subList(Math.max(0, lines.length - 15), lines.length));
	}

	private record StartedXvfb(String display, Process process) {
	}

}
