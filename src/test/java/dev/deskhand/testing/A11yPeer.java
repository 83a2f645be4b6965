package dev.deskhand.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The tests' own reader of the accessibility tree, independent of Deskhand's driver:
 * {@code src/test/resources/a11y/bench_pyatspi.py} (pyatspi, on Debian's
 * {@code /usr/bin/python3}) run once per question. The witnesses wait with it until their
 * application is in the tree; a test can compare the driver's view with it.
 */
public final class A11yPeer {

	/**
	 * Debian's Python: the one with gi and pyatspi (a pyenv python on PATH has neither).
	 */
	public static final String PYTHON = "/usr/bin/python3";

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private static final Duration CALL = Duration.ofSeconds(20);

	private static final int NOT_FOUND = 3;

	private final CommandRunner commands;

	private final Path script;

	/**
	 * @param environment the desktop's client environment: {@code DISPLAY} and the
	 * session bus ({@code DBUS_SESSION_BUS_ADDRESS}) the applications use
	 * @param dir where to put the script
	 */
	A11yPeer(Map<String, String> environment, Path dir) {
		requirePyatspi();
		this.commands = new CommandRunner(environment);
		this.script = copyResource("/a11y/bench_pyatspi.py", dir);
	}

	private static void requirePyatspi() {
		ProcessResult result = new CommandRunner(Map.of()).run(CALL, null, List.of(PYTHON, "-c", "import pyatspi"));
		if (!result.succeeded()) {
			throw new IllegalStateException("the accessibility tests read the tree with pyatspi on " + PYTHON
					+ " as their own witness; on Debian/Ubuntu: apt-get install python3-pyatspi gir1.2-atspi-2.0"
					+ " at-spi2-core (see .ci/run): " + result.stderr().strip());
		}
	}

	/**
	 * The first element of this role and name in the application's windows, as pyatspi
	 * sees it now.
	 * @param app the application's accessible name ({@code Chromium}, {@code qtwitness})
	 * @param frame a part of the window's accessible name, or {@code ""} for any window
	 * @param role the AT-SPI role name, e.g. {@code push button}
	 * @param name the exact accessible name
	 * @return its role, name, states, bounds and actions; {@code null} when there is none
	 * (yet)
	 */
	public JsonNode find(String app, String frame, String role, String name) {
		ProcessResult result = this.commands.run(CALL, null, List.of(PYTHON, this.script.toString(), "find", "--app",
				app, "--frame", frame, "--role", role, "--name", name));
		if (result.exitCode() == NOT_FOUND) {
			return null;
		}
		result.requireSuccess("bench_pyatspi.py find");
		return JSON.readTree(result.stdout());
	}

	/**
	 * What {@link #find} last said when it found nothing, for failure messages.
	 * @param app as for {@link #find}
	 * @param frame as for {@link #find}
	 * @param role as for {@link #find}
	 * @param name as for {@link #find}
	 * @return pyatspi's explanation (which applications and windows it saw)
	 */
	public String explainMissing(String app, String frame, String role, String name) {
		ProcessResult result = this.commands.run(CALL, null, List.of(PYTHON, this.script.toString(), "find", "--app",
				app, "--frame", frame, "--role", role, "--name", name));
		return (result.stdout() + result.stderr()).strip();
	}

	/**
	 * Polls {@link #find} until the element is there.
	 * @param app as for {@link #find}
	 * @param frame as for {@link #find}
	 * @param role as for {@link #find}
	 * @param name as for {@link #find}
	 * @param timeout how long to poll
	 * @param alive whether the application still runs: polling stops when it does not
	 * @return the element, or {@code null} when it did not appear in time or the
	 * application exited
	 */
	JsonNode await(String app, String frame, String role, String name, Duration timeout, BooleanSupplier alive) {
		long deadline = System.nanoTime() + timeout.toNanos();
		while (alive.getAsBoolean()) {
			JsonNode found = find(app, frame, role, name);
			if (found != null) {
				return found;
			}
			if (System.nanoTime() > deadline) {
				return null;
			}
			Pause.millis(200);
		}
		return null;
	}

	/**
	 * @return the copied script, e.g. for a long-running {@code serve} peer
	 */
	public Path script() {
		return this.script;
	}

	/** Copies a test resource into {@code dir}, keeping its file name. */
	static Path copyResource(String resource, Path dir) {
		Path target = dir.resolve(resource.substring(resource.lastIndexOf('/') + 1));
		try (InputStream source = A11yPeer.class.getResourceAsStream(resource)) {
			if (source == null) {
				throw new IllegalStateException(resource + " is not on the test classpath");
			}
			Files.createDirectories(dir);
			Files.copy(source, target, StandardCopyOption.REPLACE_EXISTING);
			return target;
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/** Stops a process and everything it started (Chromium's zygote, renderers, GPU). */
	static void stopTree(Process process, Duration grace) {
		if (process == null) {
			return;
		}
		List<ProcessHandle> descendants = new ArrayList<>(process.descendants().toList());
		CommandRunner.stop(process, grace);
		// the children get a moment to follow their parent, then go by force
		long deadline = System.nanoTime() + grace.toNanos();
		for (ProcessHandle child : descendants) {
			child.destroy();
		}
		for (ProcessHandle child : descendants) {
			while (child.isAlive() && System.nanoTime() < deadline) {
				Pause.millis(20);
			}
			if (child.isAlive()) {
				child.destroyForcibly();
			}
		}
	}

}
