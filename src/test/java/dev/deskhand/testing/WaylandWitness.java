package dev.deskhand.testing;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The test's handle on a Wayland witness window
 * ({@code src/test/resources/witness/wayland-witness.py}, GTK3 on Wayland) in a
 * {@link SwaySession}: starts it as the compositor's user, reads the JSON lines it prints
 * for every event it receives ({@link WitnessEvents}, shared with {@link GnomeWitness}),
 * and finds its window in sway's tree.
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

	private static final String PYTHON = "/usr/bin/python3";

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private final SwaySession sway;

	private final String appId;

	private final Process process;

	private final WitnessEvents log;

	private final Thread shutdownHook;

	private volatile String backend;

	private WaylandWitness(SwaySession sway, String appId, Process process, Path stderr) {
		this.sway = sway;
		this.appId = appId;
		this.process = process;
		this.log = new WitnessEvents(appId, process, stderr);
		this.shutdownHook = new Thread(() -> CommandRunner.stop(process, Duration.ofSeconds(3)),
				"deskhand-wayland-witness-" + process.pid());
		Runtime.getRuntime().addShutdownHook(this.shutdownHook);
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

	private static Path installScript(SwaySession sway) {
		return WitnessEvents.installScript(sway.workDir().resolve("witness"));
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
	public boolean hasFocus() {
		return this.log.hasFocus();
	}

	/**
	 * @return the events since the last {@link #clearEvents()}
	 */
	public List<JsonNode> events() {
		return this.log.events();
	}

	/**
	 * @param kind the {@code "ev"} value, e.g. {@code button}
	 * @return the events of that kind since the last {@link #clearEvents()}
	 */
	public List<JsonNode> events(String kind) {
		return this.log.events(kind);
	}

	/** Makes later {@link #events()} and {@code await} calls see only newer events. */
	public void clearEvents() {
		this.log.clearEvents();
	}

	/**
	 * Empties the witness's accumulated text and forgets earlier events.
	 */
	public void clearText() {
		this.log.clearText();
	}

	/**
	 * Waits for the first event since the last {@link #clearEvents()} that matches.
	 * @param match a test on the event
	 * @param timeout how long to wait
	 * @return the event
	 * @throws AssertionError with the last events when none matches in time
	 */
	public JsonNode await(Predicate<JsonNode> match, Duration timeout) {
		return this.log.await(match, timeout);
	}

	/**
	 * Waits until {@code count} events since the last {@link #clearEvents()} match.
	 * @param match a test on the event
	 * @param count how many to wait for
	 * @param timeout how long to wait
	 * @return the first {@code count} matching events
	 */
	public List<JsonNode> await(Predicate<JsonNode> match, int count, Duration timeout) {
		return this.log.await(match, count, timeout);
	}

	/**
	 * @param kind an {@code "ev"} value
	 * @return a predicate for events of that kind
	 */
	public static Predicate<JsonNode> kind(String kind) {
		return WitnessEvents.kind(kind);
	}

	/**
	 * @param kind press, release, double or triple
	 * @param button the GTK button number (1 left, 2 middle, 3 right)
	 * @return a predicate for that button event
	 */
	public static Predicate<JsonNode> button(String kind, int button) {
		return WitnessEvents.button(kind, button);
	}

	/**
	 * @param kind press or release
	 * @param name the GDK keyval name, e.g. {@code a}, {@code Shift_L}
	 * @return a predicate for that key event
	 */
	public static Predicate<JsonNode> key(String kind, String name) {
		return WitnessEvents.key(kind, name);
	}

	private static boolean is(JsonNode event, String kind) {
		return WitnessEvents.is(event, kind);
	}

	/**
	 * @return the text accumulated from key presses (printable characters, Tab, Return;
	 * BackSpace removes one), "" before any
	 */
	public String text() {
		return this.log.text();
	}

	/**
	 * Waits until the accumulated text is exactly {@code expected}.
	 * @param expected the whole text
	 * @param timeout how long to wait
	 * @return the text
	 */
	public String awaitText(String expected, Duration timeout) {
		return this.log.awaitText(expected, timeout);
	}

	/**
	 * Asks GTK for the CLIPBOARD selection's text, as an application would read it.
	 * @return the text, or {@code null} when the clipboard has no text
	 */
	public String clipboardText() {
		return this.log.clipboardText();
	}

	private JsonNode awaitUntil(Predicate<JsonNode> match, long deadline, String what) {
		return this.log.awaitUntil(match, deadline, what);
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
		this.log.checkRunning(when);
	}

	/**
	 * @return the last events, for failure messages
	 */
	public String lastEvents() {
		return this.log.lastEvents();
	}

	private String stderr() {
		return this.log.stderr();
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
		this.log.deleteLog();
	}

	@Override
	public String toString() {
		return "WaylandWitness[" + this.appId + ", pid " + pid() + "]";
	}

}
