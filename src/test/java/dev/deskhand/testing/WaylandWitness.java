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
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;

import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The test's handle on a Wayland witness window
 * ({@code src/test/resources/witness/wayland-witness.py}, GTK3 on Wayland) in a
 * {@link SwaySession}: starts it as the compositor's user, reads the JSON lines it prints
 * for every event it receives, and finds its window in sway's tree.
 * <p>
 * Events are JSON objects with an {@code "ev"} field: {@code button} (kind
 * press/release/double/triple, button, x, y, mods), {@code motion}, {@code scroll}
 * (direction up/down/left/right/smooth, dx, dy), {@code key} (kind, keyval, name, char,
 * mods, and the accumulated {@code text}), {@code focus} (focused), {@code enter},
 * {@code leave}, {@code configure}, {@code mapped}, {@code clipboard} (text), plus
 * {@code ready} once at start. Pointer coordinates are window-local layout units,
 * fractional. The window is placed by the rig's for_window rules:
 * {@link SwaySession#WITNESS_APP_ID} at {@link SwaySession#WITNESS_LAYOUT_RECT},
 * {@link SwaySession#WITNESS2_APP_ID} at {@link SwaySession#WITNESS2_LAYOUT_RECT}.
 * <p>
 * All waits are bounded and poll what the witness reported; none sleeps a fixed time as
 * an assertion.
 */
public final class WaylandWitness implements AutoCloseable {

	private static final Duration OPEN_TIMEOUT = Duration.ofSeconds(30);

	private static final Duration QUICK = Duration.ofSeconds(10);

	private static final int EVENTS_IN_FAILURES = 25;

	private static final String PYTHON = "/usr/bin/python3";

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private final SwaySession sway;

	private final String appId;

	private final Process process;

	private final Path stderr;

	private final Thread shutdownHook;

	private final List<JsonNode> events = new ArrayList<>();

	private int clearedUpTo;

	private volatile String backend;

	private WaylandWitness(SwaySession sway, String appId, Process process, Path stderr) {
		this.sway = sway;
		this.appId = appId;
		this.process = process;
		this.stderr = stderr;
		this.shutdownHook = new Thread(() -> CommandRunner.stop(process, Duration.ofSeconds(3)),
				"deskhand-wayland-witness-" + process.pid());
		Runtime.getRuntime().addShutdownHook(this.shutdownHook);
		Thread reader = new Thread(() -> readEvents(process.getInputStream()),
				"deskhand-wayland-witness-reader-" + process.pid());
		reader.setDaemon(true);
		reader.start();
	}

	/**
	 * Starts a witness and waits until its window is mapped, focused by sway, placed at
	 * its rule's rect and sized 800x500.
	 * @param sway the compositor
	 * @param appId {@link SwaySession#WITNESS_APP_ID} or
	 * {@link SwaySession#WITNESS2_APP_ID} (others are not placed by a rule)
	 * @return the open witness; close it when done
	 */
	public static WaylandWitness open(SwaySession sway, String appId) {
		Path script = installScript(sway);
		Path stderr = script.resolveSibling(appId + "-" + System.nanoTime() + ".stderr");
		List<String> command = sway.clientCommand(List.of(PYTHON, script.toString(), appId));
		ProcessBuilder builder = new ProcessBuilder(command).redirectError(stderr.toFile());
		Process process = CommandRunner.start(builder, command);
		WaylandWitness witness = new WaylandWitness(sway, appId, process, stderr);
		try {
			witness.awaitShown(System.nanoTime() + OPEN_TIMEOUT.toNanos());
			return witness;
		}
		catch (RuntimeException | AssertionError ex) {
			String errors = witness.stderr();
			witness.close();
			if (!errors.isBlank()) {
				ex.addSuppressed(new IllegalStateException("witness stderr:\n" + errors));
			}
			throw ex;
		}
	}

	private static synchronized Path installScript(SwaySession sway) {
		Path dir = sway.workDir().resolve("witness");
		Path script = dir.resolve("wayland-witness.py");
		if (Files.exists(script)) {
			return script;
		}
		try (InputStream source = WaylandWitness.class.getResourceAsStream("/witness/wayland-witness.py")) {
			if (source == null) {
				throw new IllegalStateException("witness/wayland-witness.py is not on the test classpath");
			}
			Files.createDirectories(dir);
			Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
			Files.copy(source, script);
			Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rw-r--r--"));
			return script;
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private void awaitShown(long deadline) {
		this.backend = awaitUntil((e) -> is(e, "ready"), deadline, "ready").path("backend").asString();
		awaitUntil((e) -> is(e, "mapped"), deadline, "mapped");
		ScreenRect expected = expectedLayoutRect().orElse(null);
		while (true) {
			Optional<JsonNode> node = treeNode();
			if (node.isPresent() && node.get().path("visible").asBoolean(false)) {
				ScreenRect rect = rect(node.get().path("rect"));
				if (expected == null || rect.equals(expected)) {
					break;
				}
			}
			checkRunning("before its window was placed");
			if (System.nanoTime() > deadline) {
				throw new AssertionError("witness " + this.appId + " (pid " + pid() + ") not visible at " + expected
						+ " in sway's tree: " + node.map(JsonNode::toString).orElse("no node") + lastEvents());
			}
			Pause.millis(20);
		}
		// GTK commits the floating size after sway's configure: wait until it draws at it
		awaitUntil((e) -> is(e, "configure") && e.path("width").asInt() == 800 && e.path("height").asInt() == 500,
				deadline, "configure 800x500");
	}

	/**
	 * @return the layout rect the rig's for_window rules give this app_id, if any
	 */
	public Optional<ScreenRect> expectedLayoutRect() {
		if (SwaySession.WITNESS_APP_ID.equals(this.appId)) {
			return Optional.of(SwaySession.WITNESS_LAYOUT_RECT);
		}
		if (SwaySession.WITNESS2_APP_ID.equals(this.appId)) {
			return Optional.of(SwaySession.WITNESS2_LAYOUT_RECT);
		}
		return Optional.empty();
	}

	/**
	 * @return the window's node in sway's GET_TREE, found by this witness's PID
	 */
	public Optional<JsonNode> treeNode() {
		return findByPid(JSON.readTree(this.sway.treeJson()), pid());
	}

	private static Optional<JsonNode> findByPid(JsonNode node, long pid) {
		if (node.path("pid").asLong(-1) == pid) {
			return Optional.of(node);
		}
		for (String children : List.of("nodes", "floating_nodes")) {
			for (JsonNode child : node.path(children)) {
				Optional<JsonNode> found = findByPid(child, pid);
				if (found.isPresent()) {
					return found;
				}
			}
		}
		return Optional.empty();
	}

	/**
	 * @return the window's content rect in layout units, from sway's tree ({@code rect}
	 * plus {@code window_rect}'s offset; borders are off in the rig)
	 */
	public ScreenRect layoutRect() {
		JsonNode node = treeNode().orElseThrow(() -> new AssertionError("witness " + this.appId + " not in the tree"));
		ScreenRect outer = rect(node.path("rect"));
		ScreenRect inner = rect(node.path("window_rect"));
		return new ScreenRect(outer.x() + inner.x(), outer.y() + inner.y(), inner.width(), inner.height());
	}

	/**
	 * @return the name of the output sway shows the window on
	 */
	public String outputName() {
		JsonNode tree = JSON.readTree(this.sway.treeJson());
		for (JsonNode output : tree.path("nodes")) {
			if (findByPid(output, pid()).isPresent()) {
				return output.path("name").asString();
			}
		}
		throw new AssertionError("witness " + this.appId + " is on no output");
	}

	/**
	 * @return sway's container id for the window
	 */
	public long conId() {
		return treeNode().orElseThrow(() -> new AssertionError("witness " + this.appId + " not in the tree"))
			.path("id")
			.asLong();
	}

	private static ScreenRect rect(JsonNode rect) {
		return new ScreenRect(rect.path("x").asInt(), rect.path("y").asInt(), rect.path("width").asInt(),
				rect.path("height").asInt());
	}

	/**
	 * Focuses the window through sway and waits until sway's tree says it is focused and,
	 * when the seat has a keyboard, until GTK reports keyboard focus: without a keyboard
	 * in the seat (the headless backend has none until a client creates a virtual one)
	 * GTK gets no wl_keyboard and so no focus events at all.
	 */
	public void focus() {
		long deadline = System.nanoTime() + QUICK.toNanos();
		this.sway.ipcOrFail("[con_id=" + conId() + "] focus");
		while (!treeNode().map((node) -> node.path("focused").asBoolean()).orElse(false)
				|| (this.sway.seatHasKeyboard() && !hasFocus())) {
			checkRunning("while waiting for focus");
			if (System.nanoTime() > deadline) {
				throw new AssertionError("witness " + this.appId + " did not get the focus (sway tree: "
						+ treeNode().map((node) -> node.path("focused").asBoolean()).orElse(false)
						+ ", keyboard in seat: " + this.sway.seatHasKeyboard() + ")" + lastEvents());
			}
			Pause.millis(10);
		}
	}

	/**
	 * @return whether GTK last reported keyboard focus in (false before any focus event)
	 */
	public synchronized boolean hasFocus() {
		for (int i = this.events.size() - 1; i >= 0; i--) {
			JsonNode event = this.events.get(i);
			if (is(event, "focus")) {
				return event.path("focused").asBoolean();
			}
		}
		return false;
	}

	/**
	 * @return the events since the last {@link #clearEvents()}
	 */
	public synchronized List<JsonNode> events() {
		return List.copyOf(this.events.subList(this.clearedUpTo, this.events.size()));
	}

	/**
	 * @param kind the {@code "ev"} value, e.g. {@code button}
	 * @return the events of that kind since the last {@link #clearEvents()}
	 */
	public List<JsonNode> events(String kind) {
		return events().stream().filter((e) -> is(e, kind)).toList();
	}

	/** Makes later {@link #events()} and {@code await} calls see only newer events. */
	public synchronized void clearEvents() {
		this.clearedUpTo = this.events.size();
	}

	/**
	 * Empties the witness's accumulated text and forgets earlier events.
	 */
	public void clearText() {
		clearEvents();
		send("clear");
		await((e) -> is(e, "cleared"), QUICK);
		clearEvents();
	}

	/**
	 * Waits for the first event since the last {@link #clearEvents()} that matches.
	 * @param match a test on the event
	 * @param timeout how long to wait
	 * @return the event
	 * @throws AssertionError with the last events when none matches in time
	 */
	public JsonNode await(Predicate<JsonNode> match, Duration timeout) {
		return awaitUntil(match, System.nanoTime() + timeout.toNanos(), "a matching event");
	}

	/**
	 * Waits until {@code count} events since the last {@link #clearEvents()} match.
	 * @param match a test on the event
	 * @param count how many to wait for
	 * @param timeout how long to wait
	 * @return the first {@code count} matching events
	 */
	public List<JsonNode> await(Predicate<JsonNode> match, int count, Duration timeout) {
		long deadline = System.nanoTime() + timeout.toNanos();
		while (true) {
			List<JsonNode> matching = events().stream().filter(match).limit(count).toList();
			if (matching.size() == count) {
				return matching;
			}
			checkRunning("while waiting for " + count + " events");
			if (System.nanoTime() > deadline) {
				throw new AssertionError("witness " + this.appId + " reported " + matching.size() + " of " + count
						+ " matching events within " + timeout + lastEvents());
			}
			Pause.millis(10);
		}
	}

	/**
	 * @param kind an {@code "ev"} value
	 * @return a predicate for events of that kind
	 */
	public static Predicate<JsonNode> kind(String kind) {
		return (e) -> is(e, kind);
	}

	/**
	 * @param kind press, release, double or triple
	 * @param button the GTK button number (1 left, 2 middle, 3 right)
	 * @return a predicate for that button event
	 */
	public static Predicate<JsonNode> button(String kind, int button) {
		return (e) -> is(e, "button") && kind.equals(e.path("kind").asString()) && e.path("button").asInt() == button;
	}

	/**
	 * @param kind press or release
	 * @param name the GDK keyval name, e.g. {@code a}, {@code Shift_L}
	 * @return a predicate for that key event
	 */
	public static Predicate<JsonNode> key(String kind, String name) {
		return (e) -> is(e, "key") && kind.equals(e.path("kind").asString()) && name.equals(e.path("name").asString());
	}

	private static boolean is(JsonNode event, String kind) {
		return kind.equals(event.path("ev").asString());
	}

	/**
	 * @return the text accumulated from key presses (printable characters, Tab, Return;
	 * BackSpace removes one), "" before any
	 */
	public synchronized String text() {
		for (int i = this.events.size() - 1; i >= 0; i--) {
			JsonNode event = this.events.get(i);
			if (is(event, "key")) {
				return event.path("text").asString();
			}
			if (is(event, "cleared")) {
				return "";
			}
		}
		return "";
	}

	/**
	 * Waits until the accumulated text is exactly {@code expected}.
	 * @param expected the whole text
	 * @param timeout how long to wait
	 * @return the text
	 */
	public String awaitText(String expected, Duration timeout) {
		long deadline = System.nanoTime() + timeout.toNanos();
		while (true) {
			String text = text();
			if (text.equals(expected)) {
				return text;
			}
			checkRunning("while waiting for text");
			if (System.nanoTime() > deadline) {
				throw new AssertionError("witness " + this.appId + " has text '" + text + "', expected '" + expected
						+ "' within " + timeout + lastEvents());
			}
			Pause.millis(10);
		}
	}

	/**
	 * Asks GTK for the CLIPBOARD selection's text, as an application would read it.
	 * @return the text, or {@code null} when the clipboard has no text
	 */
	public String clipboardText() {
		clearEvents();
		send("clipboard");
		JsonNode answer = await(kind("clipboard"), QUICK);
		return answer.path("text").isNull() ? null : answer.path("text").asString();
	}

	private synchronized void send(String command) {
		try {
			OutputStream stdin = this.process.getOutputStream();
			stdin.write((command + "\n").getBytes(StandardCharsets.UTF_8));
			stdin.flush();
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot send '" + command + "' to the witness " + this.appId, ex);
		}
	}

	private JsonNode awaitUntil(Predicate<JsonNode> match, long deadline, String what) {
		while (true) {
			for (JsonNode event : events()) {
				if (match.test(event)) {
					return event;
				}
			}
			checkRunning("while waiting for " + what);
			if (System.nanoTime() > deadline) {
				throw new AssertionError(
						"witness " + this.appId + " did not report " + what + " in time" + lastEvents());
			}
			Pause.millis(10);
		}
	}

	private void readEvents(InputStream stdout) {
		try (BufferedReader reader = new BufferedReader(new InputStreamReader(stdout, StandardCharsets.UTF_8))) {
			String line;
			while ((line = reader.readLine()) != null) {
				JsonNode event;
				try {
					event = JSON.readTree(line);
				}
				catch (JacksonException ex) {
					event = JSON.createObjectNode().put("ev", "unparsed").put("line", line);
				}
				synchronized (this) {
					this.events.add(event);
				}
			}
		}
		catch (IOException ex) {
			// the witness is gone; checkRunning reports it
		}
	}

	/**
	 * @return the witness's PID, which is python's own (setpriv and env exec)
	 */
	public long pid() {
		return this.process.pid();
	}

	/**
	 * @return GDK's display class as the witness reported it at start, e.g.
	 * {@code GdkWaylandDisplay}
	 */
	public String backend() {
		return this.backend;
	}

	public String appId() {
		return this.appId;
	}

	public SwaySession sway() {
		return this.sway;
	}

	private void checkRunning(String when) {
		if (!this.process.isAlive()) {
			throw new IllegalStateException("the witness " + this.appId + " exited with code "
					+ this.process.exitValue() + " " + when + ":\n" + stderr());
		}
	}

	/**
	 * @return the last events, for failure messages
	 */
	public synchronized String lastEvents() {
		List<JsonNode> last = this.events.subList(Math.max(0, this.events.size() - EVENTS_IN_FAILURES),
				this.events.size());
		StringBuilder message = new StringBuilder("; last events:");
		last.forEach((event) -> message.append("\n  ").append(event));
		return message.toString();
	}

	private String stderr() {
		try {
			return Files.exists(this.stderr) ? Files.readString(this.stderr, StandardCharsets.UTF_8) : "";
		}
		catch (IOException ex) {
			return "(no stderr: " + ex.getMessage() + ")";
		}
	}

	/** Stops the witness by PID; its window disappears with its connection. */
	@Override
	public void close() {
		try {
			Runtime.getRuntime().removeShutdownHook(this.shutdownHook);
		}
		catch (IllegalStateException ex) {
			// the JVM is exiting and the hook is stopping the witness already
		}
		CommandRunner.stop(this.process, Duration.ofSeconds(3));
		try {
			Files.deleteIfExists(this.stderr);
		}
		catch (IOException ex) {
			// a leftover log is not worth failing a test for
		}
	}

	@Override
	public String toString() {
		return "WaylandWitness[" + this.appId + ", pid " + pid() + "]";
	}

}
