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
import java.util.Map;
import java.util.function.Predicate;

import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import dev.deskhand.platform.MouseButton;
import dev.deskhand.platform.ScrollDirection;

/**
 * What a GTK witness process ({@code src/test/resources/witness/wayland-witness.py})
 * reports: the JSON lines it prints for every event it receives, read on a thread of
 * their own, and the commands it takes on its standard input. Shared by the sway
 * ({@link WaylandWitness}) and GNOME ({@link GnomeWitness}) handles, which add how the
 * window is placed and found.
 * <p>
 * All waits are bounded and poll what the witness reported; none sleeps a fixed time as
 * an assertion.
 */
public final class WitnessEvents {

	static final Duration QUICK = Duration.ofSeconds(10);

	// no event for this long: what an earlier action sent has arrived
	static final Duration QUIET = Duration.ofMillis(150);

	private static final int EVENTS_IN_FAILURES = 25;

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private final String name;

	private final Process process;

	private final Path stderr;

	private final List<JsonNode> events = new ArrayList<>();

	// System.nanoTime() when the last event came, for awaitQuiet
	private long lastEventNanos = System.nanoTime();

	private int clearedUpTo;

	WitnessEvents(String name, Process process, Path stderr) {
		this.name = name;
		this.process = process;
		this.stderr = stderr;
		Thread reader = new Thread(() -> readEvents(process.getInputStream()),
				"deskhand-witness-reader-" + process.pid());
		reader.setDaemon(true);
		reader.start();
	}

	/**
	 * Copies the witness script into {@code dir} once, readable by a session's user.
	 * @return the script's path
	 */
	static synchronized Path installScript(Path dir) {
		Path script = dir.resolve("wayland-witness.py");
		if (Files.exists(script)) {
			return script;
		}
		try (InputStream source = WitnessEvents.class.getResourceAsStream("/witness/wayland-witness.py")) {
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
		// keys an earlier, interrupted typing sent may still be on their way (mutter
		// answers a call once it queued the event, not once the client read it): they
		// would land after the clear
		awaitQuiet();
		clearEvents();
		send("clear");
		await((e) -> is(e, "cleared"), QUICK);
		clearEvents();
	}

	/**
	 * Waits until no event came for {@link #QUIET}, at most {@link #QUICK}.
	 */
	void awaitQuiet() {
		long deadline = System.nanoTime() + QUICK.toNanos();
		while (true) {
			long since;
			synchronized (this) {
				since = System.nanoTime() - this.lastEventNanos;
			}
			if (since >= QUIET.toNanos()) {
				return;
			}
			checkRunning("while waiting for its events to stop");
			if (System.nanoTime() > deadline) {
				throw new AssertionError("the witness " + this.name + " never went quiet for " + QUIET + lastEvents());
			}
			Pause.millis(Math.max(1, (QUIET.toNanos() - since) / 1_000_000));
		}
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
				throw new AssertionError("witness " + this.name + " reported " + matching.size() + " of " + count
						+ " matching events within " + timeout + lastEvents());
			}
			Pause.millis(10);
		}
	}

	/**
	 * Waits for the first event since the last {@link #clearEvents()} that matches.
	 * @param deadline in {@link System#nanoTime()}
	 * @param what for the failure message
	 */
	JsonNode awaitUntil(Predicate<JsonNode> match, long deadline, String what) {
		while (true) {
			for (JsonNode event : events()) {
				if (match.test(event)) {
					return event;
				}
			}
			checkRunning("while waiting for " + what);
			if (System.nanoTime() > deadline) {
				throw new AssertionError(
						"witness " + this.name + " did not report " + what + " in time" + lastEvents());
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

	/**
	 * @return whether the event is of that kind ({@code "ev"})
	 */
	public static boolean is(JsonNode event, String kind) {
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
				throw new AssertionError("witness " + this.name + " has text '" + text + "', expected '" + expected
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

	/**
	 * Makes the witness put text on the CLIPBOARD selection, as an application's copy
	 * does, and waits until it says it did.
	 * @param text the text
	 */
	public void setClipboardText(String text) {
		clearEvents();
		send("set-clipboard " + JSON.writeValueAsString(text));
		await(kind("clipboard-set"), QUICK);
	}

	/** Sends one command line to the witness's standard input. */
	synchronized void send(String command) {
		checkRunning("before '" + command + "'");
		try {
			OutputStream stdin = this.process.getOutputStream();
			stdin.write((command + "\n").getBytes(StandardCharsets.UTF_8));
			stdin.flush();
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot send '" + command + "' to the witness " + this.name, ex);
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
					this.lastEventNanos = System.nanoTime();
				}
			}
		}
		catch (IOException ex) {
			// the witness is gone; checkRunning reports it
		}
	}

	/**
	 * @throws IllegalStateException with the witness's stderr when it exited
	 */
	void checkRunning(String when) {
		if (!this.process.isAlive()) {
			throw new IllegalStateException("the witness " + this.name + " exited with code " + this.process.exitValue()
					+ " " + when + ":\n" + stderr());
		}
	}

	/**
	 * @return whether the witness process still runs
	 */
	public boolean alive() {
		return this.process.isAlive();
	}

	/**
	 * @return the last events, for failure messages
	 */
	public synchronized String lastEvents() {
		List<JsonNode> last = this.events.subList(Math.max(0, this.events.size() - EVENTS_IN_FAILURES),
				this.events.size());
		StringBuilder message = new StringBuilder("; last events:");
		last.forEach((event) -> message.append("\n  ").append(event));
		if (!this.process.isAlive()) {
			// a witness that died mid-test explains the rest of the failure
			message.append("\nthe witness exited with code ")
				.append(this.process.exitValue())
				.append(", stderr:\n")
				.append(stderr());
		}
		return message.toString();
	}

	/**
	 * @return what the witness wrote to its standard error so far
	 */
	String stderr() {
		try {
			return Files.exists(this.stderr) ? Files.readString(this.stderr, StandardCharsets.UTF_8) : "";
		}
		catch (IOException ex) {
			return "(no stderr: " + ex.getMessage() + ")";
		}
	}

	/** Deletes the stderr log once the witness is stopped. */
	void deleteLog() {
		try {
			Files.deleteIfExists(this.stderr);
		}
		catch (IOException ex) {
			// a leftover log is not worth failing a test for
		}
	}

	/**
	 * @return the button of a GTK button number, {@code null} for the wheel's and others
	 */
	static MouseButton mouseButton(int gtkButton) {
		return switch (gtkButton) {
			case 1 -> MouseButton.LEFT;
			case 2 -> MouseButton.MIDDLE;
			case 3 -> MouseButton.RIGHT;
			default -> null;
		};
	}

	/**
	 * @param buttonEvents the witness's {@code button} events
	 * @return click counts, one per completed click: 1 single, 2 the second of a double
	 */
	static List<Integer> clickCounts(List<JsonNode> buttonEvents) {
		// GTK: press, release for one click; press, release, press, double, release for
		// two: the count of a click is the highest kind since the previous release
		Map<String, Integer> counts = Map.of("press", 1, "double", 2, "triple", 3);
		List<Integer> clicks = new ArrayList<>();
		int highest = 0;
		for (JsonNode event : buttonEvents) {
			if (mouseButton(event.path("button").asInt()) == null) {
				continue;
			}
			String kind = event.path("kind").asString();
			if ("release".equals(kind)) {
				if (highest > 0) {
					clicks.add(highest);
				}
				highest = 0;
			}
			else {
				highest = Math.max(highest, counts.getOrDefault(kind, 0));
			}
		}
		return clicks;
	}

	/**
	 * @param scrollEvents the witness's {@code scroll} events
	 * @return one direction per wheel notch: a discrete GTK scroll event is one, a smooth
	 * one counts in the direction of its larger non-zero delta, the zero-delta stop event
	 * not at all
	 */
	static List<ScrollDirection> scrolls(List<JsonNode> scrollEvents) {
		List<ScrollDirection> scrolls = new ArrayList<>();
		for (JsonNode event : scrollEvents) {
			switch (event.path("direction").asString()) {
				case "up" -> scrolls.add(ScrollDirection.UP);
				case "down" -> scrolls.add(ScrollDirection.DOWN);
				case "left" -> scrolls.add(ScrollDirection.LEFT);
				case "right" -> scrolls.add(ScrollDirection.RIGHT);
				default -> {
					double dx = event.path("dx").asDouble();
					double dy = event.path("dy").asDouble();
					if (Math.abs(dy) >= Math.abs(dx) && dy != 0) {
						scrolls.add((dy < 0) ? ScrollDirection.UP : ScrollDirection.DOWN);
					}
					else if (dx != 0) {
						scrolls.add((dx < 0) ? ScrollDirection.LEFT : ScrollDirection.RIGHT);
					}
				}
			}
		}
		return scrolls;
	}

}
