package dev.deskhand.platform.linux.gnome;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import dev.deskhand.testing.GnomeSession;
import dev.deskhand.testing.Pause;

/**
 * A GTK3 Wayland witness window ({@code src/test/resources/witness/wayland-witness.py})
 * in the {@link GnomeSession}, in the accessibility tree (started without
 * {@code NO_AT_BRIDGE}), whose own account of what it received, one JSON line per event
 * on its standard output, is the tests' evidence: {@code ready} (with its pid),
 * {@code mapped}, {@code focus} ({@code focused} true/false, GTK's focus-in/out from the
 * compositor's keyboard focus), and input events. Its input stays open (the script quits
 * at end of input) until {@link #close()}.
 */
final class WindowWitness implements AutoCloseable {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private static final Duration OPEN_TIMEOUT = Duration.ofSeconds(30);

	private final String appId;

	private final Process process;

	private final List<JsonNode> events = new ArrayList<>();

	private WindowWitness(String appId, Process process) {
		this.appId = appId;
		this.process = process;
		Thread reader = new Thread(() -> read(process.getInputStream()), "deskhand-gnome-witness-" + process.pid());
		reader.setDaemon(true);
		reader.start();
	}

	/**
	 * Starts a witness and waits until it says its window is mapped.
	 * @param appId its program name (GLib prgname), which AT-SPI gives as the
	 * application's name; its title is {@code "Deskhand witness " + appId}
	 */
	static WindowWitness open(GnomeSession session, String appId) throws IOException {
		Path script = script(session);
		List<String> command = session.clientCommand(session.accessibleClientEnvironment(),
				List.of("/usr/bin/python3", script.toString(), appId));
		Process process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
		WindowWitness witness = new WindowWitness(appId, process);
		try {
			witness.await("mapped", (event) -> "mapped".equals(event.path("ev").asString("")), OPEN_TIMEOUT);
			return witness;
		}
		catch (RuntimeException | AssertionError ex) {
			witness.close();
			throw ex;
		}
	}

	private static synchronized Path script(GnomeSession session) throws IOException {
		try (InputStream source = WindowWitness.class.getResourceAsStream("/witness/wayland-witness.py")) {
			if (source == null) {
				throw new IllegalStateException("no /witness/wayland-witness.py on the test classpath");
			}
			return session.writeFile("gnome-windows-witness.py",
					new String(source.readAllBytes(), StandardCharsets.UTF_8));
		}
	}

	private void read(InputStream stdout) {
		try (BufferedReader lines = new BufferedReader(new InputStreamReader(stdout, StandardCharsets.UTF_8))) {
			String line;
			while ((line = lines.readLine()) != null) {
				try {
					JsonNode event = JSON.readTree(line);
					synchronized (this.events) {
						this.events.add(event);
						this.events.notifyAll();
					}
				}
				catch (JacksonException ex) {
					// a warning GTK printed on standard output: not an event
				}
			}
		}
		catch (IOException ex) {
			// the witness was stopped
		}
	}

	String appId() {
		return this.appId;
	}

	String title() {
		return "Deskhand witness " + this.appId;
	}

	/** The witness's process id, as it reported it. */
	long pid() {
		return events((event) -> "ready".equals(event.path("ev").asString(""))).get(0).path("pid").asLong();
	}

	/** The events so far that match. */
	List<JsonNode> events(Predicate<JsonNode> which) {
		synchronized (this.events) {
			return this.events.stream().filter(which).toList();
		}
	}

	/** How many events it printed so far: a mark for {@link #focusSince}. */
	int mark() {
		synchronized (this.events) {
			return this.events.size();
		}
	}

	/** Its focus events after a mark: {@code true} for focus-in, {@code false} out. */
	List<Boolean> focusSince(int mark) {
		synchronized (this.events) {
			return this.events.subList(mark, this.events.size())
				.stream()
				.filter((event) -> "focus".equals(event.path("ev").asString("")))
				.map((event) -> event.path("focused").asBoolean())
				.toList();
		}
	}

	/** Whether its last focus event says it has keyboard focus. */
	boolean focused() {
		List<Boolean> focus = focusSince(0);
		return !focus.isEmpty() && focus.get(focus.size() - 1);
	}

	/** Waits until its last focus event says {@code focused}. */
	void awaitFocused(boolean focused, Duration timeout) {
		long deadline = System.nanoTime() + timeout.toNanos();
		while (focused() != focused) {
			if (System.nanoTime() > deadline) {
				throw new AssertionError(this.appId + " did not report focused=" + focused + " within " + timeout
						+ "; its events: " + events((event) -> true));
			}
			Pause.millis(20);
		}
	}

	private void await(String what, Predicate<JsonNode> which, Duration timeout) {
		long deadline = System.nanoTime() + timeout.toNanos();
		synchronized (this.events) {
			while (this.events.stream().noneMatch(which)) {
				long left = deadline - System.nanoTime();
				if (left <= 0 || !this.process.isAlive()) {
					throw new AssertionError("the witness " + this.appId + " did not report '" + what + "' within "
							+ timeout + " (alive: " + this.process.isAlive() + "); its events: " + this.events);
				}
				try {
					this.events.wait(Math.max(1, Math.min(100, left / 1_000_000)));
				}
				catch (InterruptedException ex) {
					Thread.currentThread().interrupt();
					throw new IllegalStateException(ex);
				}
			}
		}
	}

	@Override
	public void close() {
		try {
			this.process.getOutputStream().close();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		try {
			// end of input makes the script quit; destroy covers a stuck one
			if (!this.process.waitFor(5, TimeUnit.SECONDS)) {
				this.process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

}
