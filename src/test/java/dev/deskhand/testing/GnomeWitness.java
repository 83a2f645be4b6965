package dev.deskhand.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import tools.jackson.databind.JsonNode;

import dev.deskhand.platform.MouseButton;
import dev.deskhand.platform.Rect;
import dev.deskhand.platform.ScrollDirection;

/**
 * The test's handle on a GTK witness window ({@code wayland-witness.py}) in a
 * {@link GnomeSession}, fullscreen on one of the rig's monitors. Mutter places windows
 * itself and tells a Wayland client nothing of where, so the witness asks GTK for
 * fullscreen on the monitor at a layout point ({@code --fullscreen-at}): its window-local
 * coordinates are then layout units from that monitor's origin, and desktop units (GNOME
 * driver: mutter's layout units) are {@code monitor origin + window-local}. The monitor's
 * geometry is checked against what GDK reports.
 * <p>
 * The events are read by {@link WitnessEvents}, shared with the sway rig's
 * {@link WaylandWitness}. The contract's views ({@link #buttons()}, {@link #scrolls()},
 * {@link #clickCounts()}) follow {@link SwayDriverWitness}'s reading of GTK's events.
 * Focus: mutter gives it to a window when it maps or is clicked; a client's own
 * {@code present} does not take it (focus stealing prevention, tried on mutter 43).
 */
public final class GnomeWitness implements AutoCloseable {

	private static final Duration OPEN_TIMEOUT = Duration.ofSeconds(30);

	private static final String PYTHON = "/usr/bin/python3";

	private final String name;

	private final Process process;

	private final WitnessEvents log;

	private final Rect monitor;

	private final Thread shutdownHook;

	private int ticks;

	private GnomeWitness(String name, Process process, Path stderr, Rect monitor) {
		this.name = name;
		this.process = process;
		this.monitor = monitor;
		this.log = new WitnessEvents(name, process, stderr);
		this.shutdownHook = new Thread(() -> CommandRunner.stop(process, Duration.ofSeconds(3)),
				"deskhand-gnome-witness-" + process.pid());
		Runtime.getRuntime().addShutdownHook(this.shutdownHook);
	}

	/**
	 * The layout rect of one of the rig's monitors, from {@link GnomeSession#MONITORS}:
	 * left to right, top-aligned, each as wide as its pixels over its scale.
	 * @param connector e.g. {@code Meta-0}
	 * @return its rect in layout units
	 */
	public static Rect layoutBounds(String connector) {
		int x = 0;
		for (GnomeSession.Monitor monitor : GnomeSession.MONITORS) {
			if (monitor.connector().equals(connector)) {
				return new Rect(x, 0, monitor.layoutWidth(), monitor.layoutHeight());
			}
			x += monitor.layoutWidth();
		}
		throw new IllegalArgumentException("the rig has no monitor " + connector);
	}

	/**
	 * Starts a witness fullscreen on a monitor and waits until GTK drew it at the
	 * monitor's size.
	 * @param session the rig
	 * @param connector the monitor, e.g. {@code Meta-1}
	 * @return the open witness; close it when done
	 */
	public static GnomeWitness open(GnomeSession session, String connector) {
		return open(session, connector, new Option[0]);
	}

	/**
	 * What a witness may be started with.
	 */
	public enum Option {

		/**
		 * GTK's accessibility bridge on, so that the window is in the AT-SPI tree
		 * (GNOME's window list without the Shell).
		 */
		ACCESSIBLE,

		/**
		 * Keys go through GTK's own input method, as in a text field: the text is what it
		 * commits (Ctrl+Shift+U, hex digits, Space enter a character by code point).
		 */
		INPUT_METHOD

	}

	/**
	 * Starts a witness fullscreen on a monitor with options.
	 * @param session the rig
	 * @param connector the monitor, e.g. {@code Meta-1}
	 * @param options what to start it with
	 * @return the open witness; close it when done
	 */
	public static GnomeWitness open(GnomeSession session, String connector, Option... options) {
		List<Option> chosen = List.of(options);
		Rect bounds = layoutBounds(connector);
		Path script = session.writeFile("wayland-witness.py", script());
		String name = "deskhand.gnome-witness." + connector;
		Path stderr = session.writeFile(name + "-" + System.nanoTime() + ".stderr", "");
		List<String> arguments = new ArrayList<>(
				List.of(PYTHON, script.toString(), name, "--fullscreen-at", bounds.x() + "," + bounds.y()));
		if (chosen.contains(Option.INPUT_METHOD)) {
			arguments.add("--input-method");
		}
		List<String> command = session.clientCommand(chosen.contains(Option.ACCESSIBLE)
				? session.accessibleClientEnvironment() : session.clientEnvironment(), arguments);
		ProcessBuilder builder = new ProcessBuilder(command).redirectError(stderr.toFile());
		GnomeWitness witness = new GnomeWitness(name, CommandRunner.start(builder, command), stderr, bounds);
		try {
			witness.awaitShown(System.nanoTime() + OPEN_TIMEOUT.toNanos());
			return witness;
		}
		catch (RuntimeException | AssertionError ex) {
			String errors = witness.log.stderr();
			witness.close();
			if (!errors.isBlank()) {
				ex.addSuppressed(new IllegalStateException("witness stderr:\n" + errors));
			}
			throw ex;
		}
	}

	private static String script() {
		try (InputStream source = GnomeWitness.class.getResourceAsStream("/witness/wayland-witness.py")) {
			if (source == null) {
				throw new IllegalStateException("witness/wayland-witness.py is not on the test classpath");
			}
			return new String(source.readAllBytes(), StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private void awaitShown(long deadline) {
		this.log.awaitUntil(WitnessEvents.kind("ready"), deadline, "ready");
		JsonNode fullscreen = this.log.awaitUntil(WitnessEvents.kind("fullscreen"), deadline, "fullscreen");
		Rect gdk = new Rect(fullscreen.path("x").asInt(), fullscreen.path("y").asInt(),
				fullscreen.path("width").asInt(), fullscreen.path("height").asInt());
		if (!gdk.equals(this.monitor)) {
			throw new AssertionError("witness " + this.name + " went fullscreen on GDK's monitor " + gdk
					+ ", not the rig's " + this.monitor + this.log.lastEvents());
		}
		this.log.awaitUntil(
				(e) -> WitnessEvents.is(e, "configure") && e.path("width").asInt() == this.monitor.width()
						&& e.path("height").asInt() == this.monitor.height(),
				deadline, "configure " + this.monitor.width() + "x" + this.monitor.height());
	}

	/**
	 * @return the monitor the witness covers, in layout (desktop) units
	 */
	public Rect contentBounds() {
		return this.monitor;
	}

	/**
	 * @return the red 20x20 marker square the witness paints at window-local (100,100)
	 */
	public Rect redSquare() {
		return new Rect(this.monitor.x() + 100, this.monitor.y() + 100, 20, 20);
	}

	/**
	 * Adds a line to the witness's tick pane (window-local (24,440) 600x176, shown from
	 * the first tick on) and waits until GTK painted it: a changed screen before each
	 * look in GnomeBenchmark. Leaves the events as they were, for the caller's waits.
	 * @param line the text
	 */
	public void tick(String line) {
		this.ticks++;
		int tick = this.ticks;
		this.log.send("tick " + line);
		this.log.await((e) -> WitnessEvents.is(e, "drawn") && e.path("tick").asInt() == tick, Duration.ofSeconds(10));
	}

	/**
	 * @return the events the witness reported, and the waits on them
	 */
	public WitnessEvents log() {
		return this.log;
	}

	/**
	 * @param event a pointer event (motion, button, scroll, enter)
	 * @return its x in desktop units
	 */
	public double desktopX(JsonNode event) {
		return this.monitor.x() + event.path("x").asDouble();
	}

	/**
	 * @param event a pointer event
	 * @return its y in desktop units
	 */
	public double desktopY(JsonNode event) {
		return this.monitor.y() + event.path("y").asDouble();
	}

	/**
	 * @return button presses and releases of the left, middle and right buttons, in
	 * desktop units
	 */
	public List<DriverWitness.PointerEvent> buttons() {
		List<DriverWitness.PointerEvent> buttons = new ArrayList<>();
		for (JsonNode event : this.log.events("button")) {
			String kind = event.path("kind").asString();
			MouseButton button = WitnessEvents.mouseButton(event.path("button").asInt());
			if (button == null || !("press".equals(kind) || "release".equals(kind))) {
				// double and triple are GTK's extra events for a press already reported
				continue;
			}
			buttons.add(new DriverWitness.PointerEvent("press".equals(kind), button, desktopX(event), desktopY(event)));
		}
		return buttons;
	}

	/**
	 * @return click counts, one per completed click: 1 single, 2 the second of a double
	 */
	public List<Integer> clickCounts() {
		return WitnessEvents.clickCounts(this.log.events("button"));
	}

	/**
	 * @return one direction per wheel notch received
	 */
	public List<ScrollDirection> scrolls() {
		return WitnessEvents.scrolls(this.log.events("scroll"));
	}

	/**
	 * @return key presses and releases with their keysym names
	 */
	public List<DriverWitness.KeyEvent> keys() {
		return this.log.events("key")
			.stream()
			.map((event) -> new DriverWitness.KeyEvent("press".equals(event.path("kind").asString()),
					event.path("name").asString()))
			.toList();
	}

	/**
	 * @return the witness's PID, python's own (setpriv and env exec)
	 */
	public long pid() {
		return this.process.pid();
	}

	/** Stops the witness by PID. */
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
		return "GnomeWitness[" + this.name + " on " + this.monitor + ", pid " + pid() + "]";
	}

}
