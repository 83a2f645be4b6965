package dev.deskhand.testing;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

import org.opentest4j.TestAbortedException;
import tools.jackson.databind.JsonNode;

/**
 * The Qt 5 witness window ({@code src/test/resources/a11y/qtwitness.py}, PyQt5) on a test
 * desktop whose environment has a session bus: a line edit "Qt name field", a button "Qt
 * press me", a check box "Qt remember" and a label, logging every event it receives as a
 * JSON line (see the script). Qt registers with AT-SPI by itself (no environment variable
 * needed). Stopped by PID.
 * <p>
 * Qt's quirks the tests must know: its window is a {@code filler}, not a {@code frame};
 * text offsets are UTF-16 units; the button's "Press" action is Qt's
 * {@code animateClick}, so the {@code clicked} event comes about 100 ms after the action
 * returns, and presses within that time are one click.
 */
public final class A11yQt implements AutoCloseable {

	/** The accessible name of the witness's application object. */
	public static final String APP_NAME = "qtwitness";

	/** The window's title and accessible name. */
	public static final String WINDOW_TITLE = "Qt witness";

	private static final Duration START_TIMEOUT = Duration.ofSeconds(60);

	private static final Duration STOP_GRACE = Duration.ofSeconds(3);

	private final Process process;

	private final Path dir;

	private final A11yEvents events = new A11yEvents("the Qt witness");

	private final A11yPeer peer;

	private final OutputStream commands;

	private final Thread shutdownHook;

	private A11yQt(Process process, Path dir, A11yPeer peer) {
		this.process = process;
		this.dir = dir;
		this.peer = peer;
		this.commands = process.getOutputStream();
		this.shutdownHook = new Thread(this::stop, "deskhand-a11y-qt-" + process.pid());
		Runtime.getRuntime().addShutdownHook(this.shutdownHook);
		Thread reader = new Thread(() -> read(process.getInputStream(), true), "deskhand-a11y-qt-" + process.pid());
		reader.setDaemon(true);
		reader.start();
		Thread errors = new Thread(() -> read(process.getErrorStream(), false),
				"deskhand-a11y-qt-stderr-" + process.pid());
		errors.setDaemon(true);
		errors.start();
	}

	/**
	 * Starts the witness and waits until its button is in the accessibility tree.
	 * @param environment the desktop's client environment: {@code DISPLAY}, the session
	 * bus ({@code DBUS_SESSION_BUS_ADDRESS}), a UTF-8 locale
	 * @param x where the window goes on the screen (openbox may add its frame around it)
	 * @param y where the window goes on the screen
	 * @return the running witness; close it when done
	 * @throws TestAbortedException when PyQt5 is not installed and {@code CI} is not set
	 */
	public static A11yQt open(Map<String, String> environment, int x, int y) {
		requirePyQt();
		Path dir = CommandRunner.createTempDirectory();
		Path script = A11yPeer.copyResource("/a11y/qtwitness.py", dir);
		List<String> command = List.of(A11yPeer.PYTHON, script.toString(), "--x", Integer.toString(x), "--y",
				Integer.toString(y));
		ProcessBuilder builder = new ProcessBuilder(command);
		builder.environment().putAll(environment);
		// Qt 5 registers only when org.a11y.Status says a screen reader or accessibility
		// is
		// on, or with this: the test desktop's session bus says neither
		builder.environment().put("QT_LINUX_ACCESSIBILITY_ALWAYS_ON", "1");
		// Qt wants a private runtime directory; without one it makes /tmp/runtime-<user>
		builder.environment().putIfAbsent("XDG_RUNTIME_DIR", runtimeDir(dir).toString());
		Process process = CommandRunner.start(builder, command);
		A11yQt qt = new A11yQt(process, dir, new A11yPeer(environment, dir));
		try {
			qt.await(A11yEvents.kind("started"), START_TIMEOUT);
			JsonNode found = qt.peer.await(APP_NAME, WINDOW_TITLE, "push button", "Qt press me", START_TIMEOUT,
					process::isAlive);
			if (found == null) {
				throw new AssertionError("the Qt witness (pid " + process.pid() + ") is not in the AT-SPI tree after "
						+ START_TIMEOUT + " (pyatspi: "
						+ qt.peer.explainMissing(APP_NAME, WINDOW_TITLE, "push button", "Qt press me") + ")"
						+ qt.events.describe());
			}
			return qt;
		}
		catch (RuntimeException | AssertionError ex) {
			qt.close();
			throw ex;
		}
	}

	private static void requirePyQt() {
		CommandRunner probe = new CommandRunner(Map.of());
		ProcessResult result = probe.run(Duration.ofSeconds(30), null,
				List.of(A11yPeer.PYTHON, "-c", "import PyQt5.QtWidgets"));
		if (result.succeeded()) {
			return;
		}
		String message = "the Qt accessibility tests need PyQt5 for " + A11yPeer.PYTHON
				+ "; on Debian/Ubuntu: apt-get install python3-pyqt5 (see .ci/run): " + result.stderr().strip();
		if (System.getenv("CI") == null) {
			throw new TestAbortedException("skipping: " + message);
		}
		throw new IllegalStateException(message);
	}

	private static Path runtimeDir(Path dir) {
		try {
			Path runtime = dir.resolve("runtime");
			Files.createDirectories(runtime);
			Files.setPosixFilePermissions(runtime, PosixFilePermissions.fromString("rwx------"));
			return runtime;
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private void read(InputStream stream, boolean json) {
		try (BufferedReader reader = new BufferedReader(new InputStreamReader(stream, StandardCharsets.UTF_8))) {
			String line;
			while ((line = reader.readLine()) != null) {
				if (json) {
					this.events.addJson(line);
				}
				else {
					this.events.addLine(line);
				}
			}
		}
		catch (IOException ex) {
			// the witness went away
		}
	}

	/**
	 * @return what the witness logged ({@code started}, {@code geometry} with the
	 * window's and each widget's screen rectangle, {@code text} with {@code value},
	 * {@code clicked} with {@code n}, {@code toggled} with {@code checked}, {@code focus}
	 * with {@code widget}, {@code destroyed}) and its stderr lines
	 */
	public A11yEvents events() {
		return this.events;
	}

	/**
	 * Waits for the first event since the last {@code events().clear()} that matches.
	 * @param match a test on the event
	 * @param timeout how long to wait
	 * @return the event
	 */
	public JsonNode await(Predicate<JsonNode> match, Duration timeout) {
		return this.events.await(match, timeout, this.process::isAlive);
	}

	/**
	 * A widget's screen rectangle as Qt itself reports it ({@code mapToGlobal} of its
	 * origin, and its size), from the latest {@code geometry} event.
	 * @param widget {@code field}, {@code button}, {@code check} or {@code label}
	 * @return its rectangle in root-window pixels
	 */
	public ScreenRect widgetRect(String widget) {
		JsonNode geometry = this.events.latest("geometry");
		if (geometry == null || !geometry.path("widgets").has(widget)) {
			throw new AssertionError("the Qt witness reported no geometry for '" + widget + "'" + events.describe());
		}
		JsonNode r = geometry.path("widgets").path(widget);
		return new ScreenRect(r.get(0).asInt(), r.get(1).asInt(), r.get(2).asInt(), r.get(3).asInt());
	}

	/**
	 * Deletes one of the witness's widgets, so that references to it go stale, and waits
	 * until the witness says it did.
	 * @param widget {@code field}, {@code button}, {@code check} or {@code label}
	 */
	public void destroy(String widget) {
		this.events.clear();
		send("destroy " + widget);
		await((e) -> "destroyed".equals(e.path("event").asString()) && widget.equals(e.path("widget").asString()),
				Duration.ofSeconds(10));
	}

	private void send(String command) {
		try {
			this.commands.write((command + "\n").getBytes(StandardCharsets.UTF_8));
			this.commands.flush();
		}
		catch (IOException ex) {
			throw new UncheckedIOException("the Qt witness does not read its commands: " + ex.getMessage(), ex);
		}
	}

	/**
	 * @return the tests' own pyatspi reader of this desktop's tree
	 */
	public A11yPeer peer() {
		return this.peer;
	}

	/**
	 * @return the witness's process id
	 */
	public long pid() {
		return this.process.pid();
	}

	/** Stops the witness by PID and removes its files. */
	@Override
	public void close() {
		try {
			Runtime.getRuntime().removeShutdownHook(this.shutdownHook);
		}
		catch (IllegalStateException ex) {
			return;
		}
		stop();
	}

	private void stop() {
		try {
			// end of input: the witness quits by itself
			this.commands.close();
		}
		catch (IOException ex) {
			// already gone
		}
		A11yPeer.stopTree(this.process, STOP_GRACE);
		CommandRunner.deleteRecursively(this.dir);
	}

	@Override
	public String toString() {
		return "A11yQt[pid " + this.process.pid() + "]";
	}

}
