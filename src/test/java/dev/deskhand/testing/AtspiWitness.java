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
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;

import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The test's handle on the AT-SPI witness
 * ({@code src/test/resources/witness/atspi-witness.py}, GTK3 on X11) on an
 * {@link AtspiDesktop}: starts it, reads the JSON lines it prints for what it receives
 * (clicks, toggles, text changes, its widgets' screen rectangles), and sends it commands
 * (destroy the vanishing button, upper-case the entry).
 * <p>
 * All waits are bounded and poll what the witness reported.
 */
public final class AtspiWitness implements AutoCloseable {

	private static final Duration OPEN_TIMEOUT = Duration.ofSeconds(30);

	private static final String PYTHON = "/usr/bin/python3";

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private final AtspiDesktop desktop;

	private final String title;

	private final Process process;

	private final Path stderr;

	private final OutputStream commands;

	private final List<JsonNode> events = new ArrayList<>();

	private final Thread shutdownHook;

	private ManagedWindow window;

	private AtspiWitness(AtspiDesktop desktop, String title, Process process, Path stderr) {
		this.desktop = desktop;
		this.title = title;
		this.process = process;
		this.stderr = stderr;
		this.commands = process.getOutputStream();
		this.shutdownHook = new Thread(() -> CommandRunner.stop(process, Duration.ofSeconds(3)),
				"deskhand-atspi-witness-" + process.pid());
		Runtime.getRuntime().addShutdownHook(this.shutdownHook);
		Thread reader = new Thread(() -> readEvents(process.getInputStream()),
				"deskhand-atspi-witness-reader-" + process.pid());
		reader.setDaemon(true);
		reader.start();
	}

	/**
	 * Starts a witness with a window of this title and waits until it reported its
	 * widgets' rectangles.
	 * @param upper whether the entry upper-cases what it receives
	 */
	public static AtspiWitness open(AtspiDesktop desktop, String title, boolean upper) {
		Path script = installScript();
		Path stderr;
		try {
			stderr = Files.createTempFile("atspi-witness", ".stderr");
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		List<String> command = new ArrayList<>(List.of(PYTHON, script.toString(), title));
		if (upper) {
			command.add("--upper");
		}
		ProcessBuilder builder = new ProcessBuilder(command).redirectError(stderr.toFile());
		builder.environment().remove("NO_AT_BRIDGE");
		builder.environment().remove("AT_SPI_BUS_ADDRESS");
		builder.environment().putAll(desktop.environment());
		Process process = CommandRunner.start(builder, command);
		AtspiWitness witness = new AtspiWitness(desktop, title, process, stderr);
		try {
			long deadline = System.nanoTime() + OPEN_TIMEOUT.toNanos();
			witness.awaitEvent((e) -> is(e, "widgets"), deadline, "widgets");
			witness.window = desktop.awaitWindow(title, OPEN_TIMEOUT);
			return witness;
		}
		catch (RuntimeException | AssertionError ex) {
			ex.addSuppressed(new IllegalStateException("witness stderr:\n" + witness.stderr()));
			witness.close();
			throw ex;
		}
	}

	private static synchronized Path installScript() {
		try (InputStream source = AtspiWitness.class.getResourceAsStream("/witness/atspi-witness.py")) {
			if (source == null) {
				throw new IllegalStateException("witness/atspi-witness.py is not on the test classpath");
			}
			Path script = Files.createTempFile("atspi-witness", ".py");
			Files.write(script, source.readAllBytes());
			script.toFile().deleteOnExit();
			return script;
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private void readEvents(InputStream stdout) {
		try (BufferedReader reader = new BufferedReader(new InputStreamReader(stdout, StandardCharsets.UTF_8))) {
			String line;
			while ((line = reader.readLine()) != null) {
				try {
					JsonNode event = JSON.readTree(line);
					synchronized (this.events) {
						this.events.add(event);
						this.events.notifyAll();
					}
				}
				catch (JacksonException ex) {
					// a line GTK printed itself: not an event
				}
			}
		}
		catch (IOException ex) {
			// the witness exited
		}
	}

	private static boolean is(JsonNode event, String kind) {
		return kind.equals(event.path("ev").asString());
	}

	/**
	 * @return the window's title
	 */
	public String title() {
		return this.title;
	}

	/**
	 * @return the witness's process id
	 */
	public long pid() {
		return this.process.pid();
	}

	/**
	 * @return its window as the window manager lists it
	 */
	public ManagedWindow window() {
		return this.window;
	}

	/**
	 * @return how many events it has reported so far, for {@link #awaitAfter}
	 */
	public int mark() {
		synchronized (this.events) {
			return this.events.size();
		}
	}

	/**
	 * Waits for an event of this kind reported after {@code mark} that passes the test.
	 */
	public JsonNode awaitAfter(int mark, String kind, Predicate<JsonNode> test, Duration timeout) {
		long deadline = System.nanoTime() + timeout.toNanos();
		return awaitEvent((e) -> is(e, kind) && test.test(e), deadline, kind, mark);
	}

	/** Whether an event of this kind was reported after {@code mark}. */
	public boolean reportedAfter(int mark, String kind) {
		synchronized (this.events) {
			return this.events.subList(mark, this.events.size()).stream().anyMatch((e) -> is(e, kind));
		}
	}

	private JsonNode awaitEvent(Predicate<JsonNode> test, long deadline, String what) {
		return awaitEvent(test, deadline, what, 0);
	}

	private JsonNode awaitEvent(Predicate<JsonNode> test, long deadline, String what, int from) {
		synchronized (this.events) {
			while (true) {
				for (int i = from; i < this.events.size(); i++) {
					if (test.test(this.events.get(i))) {
						return this.events.get(i);
					}
				}
				long left = deadline - System.nanoTime();
				if (left <= 0 || !this.process.isAlive() && this.events.isEmpty()) {
					throw new AssertionError("the AT-SPI witness reported no " + what + "; events: "
							+ this.events.subList(Math.max(0, this.events.size() - 20), this.events.size()));
				}
				try {
					this.events.wait(Math.max(1, left / 1_000_000));
				}
				catch (InterruptedException ex) {
					Thread.currentThread().interrupt();
					throw new AssertionError("interrupted waiting for " + what);
				}
			}
		}
	}

	/**
	 * Asks for the widgets' screen rectangles (toplevel origin plus each widget's
	 * offset).
	 * @return widget name to {@code [x, y, width, height]}
	 */
	public java.util.Map<String, ScreenRect> widgetRects() {
		int mark = mark();
		send("report");
		JsonNode report = awaitAfter(mark, "widgets", (e) -> true, Duration.ofSeconds(10));
		java.util.Map<String, ScreenRect> rects = new java.util.HashMap<>();
		report.path("rects").properties().forEach((entry) -> {
			JsonNode r = entry.getValue();
			rects.put(entry.getKey(),
					new ScreenRect(r.get(0).asInt(), r.get(1).asInt(), r.get(2).asInt(), r.get(3).asInt()));
		});
		return rects;
	}

	/** The widget offsets inside the toplevel ({@code translate_coordinates}). */
	public Optional<int[]> origin() {
		synchronized (this.events) {
			for (int i = this.events.size() - 1; i >= 0; i--) {
				if (is(this.events.get(i), "widgets")) {
					JsonNode o = this.events.get(i).path("origin");
					return Optional.of(new int[] { o.get(0).asInt(), o.get(1).asInt() });
				}
			}
		}
		return Optional.empty();
	}

	/** Destroys the vanishing button and waits until the witness says it did. */
	public void destroyVanishingButton() {
		int mark = mark();
		send("destroy");
		awaitAfter(mark, "destroyed", (e) -> true, Duration.ofSeconds(10));
	}

	/**
	 * Makes the entry upper-case what it receives (or stop), once the witness says so.
	 */
	public void upperCase(boolean on) {
		int mark = mark();
		send(on ? "upper on" : "upper off");
		awaitAfter(mark, "upper", (e) -> e.path("on").asBoolean() == on, Duration.ofSeconds(10));
	}

	/** Sends one command line. */
	public void send(String command) {
		try {
			this.commands.write((command + "\n").getBytes(StandardCharsets.UTF_8));
			this.commands.flush();
		}
		catch (IOException ex) {
			throw new UncheckedIOException("the AT-SPI witness does not read commands: " + stderr(), ex);
		}
	}

	/** Stops the process with SIGSTOP: it keeps its sockets but answers nothing. */
	public void freeze() {
		signal("STOP");
	}

	/** Lets a frozen witness run again. */
	public void thaw() {
		signal("CONT");
	}

	private void signal(String name) {
		this.desktop.run(Duration.ofSeconds(5), "kill", "-" + name, Long.toString(pid())).requireSuccess("kill");
	}

	private String stderr() {
		try {
			return Files.readString(this.stderr, StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			return "(unreadable: " + ex.getMessage() + ")";
		}
	}

	@Override
	public void close() {
		if (this.process.isAlive()) {
			this.desktop.run(Duration.ofSeconds(5), "kill", "-CONT", Long.toString(pid()));
		}
		CommandRunner.stop(this.process, Duration.ofSeconds(3));
		try {
			Runtime.getRuntime().removeShutdownHook(this.shutdownHook);
		}
		catch (IllegalStateException ex) {
			// shutting down: the hook stops it
		}
	}

}
