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
import java.util.Map;
import java.util.function.Predicate;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A GTK3 window on an X display ({@code witness/gtk-x11-witness.py}) that reports every
 * key, button and focus event with the XInput2 master and slave device that delivered it:
 * the own-seat tests' witness of whose keys reached which window.
 */
public final class GtkX11Witness implements AutoCloseable {

	private static final String PYTHON = "/usr/bin/python3";

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private static final Duration OPEN_TIMEOUT = Duration.ofSeconds(30);

	private final String name;

	private final Process process;

	private final List<JsonNode> events = new ArrayList<>();

	private final long xid;

	private GtkX11Witness(String name, Process process) {
		this.name = name;
		this.process = process;
		Thread reader = new Thread(this::read, "gtk-x11-witness-" + name);
		reader.setDaemon(true);
		reader.start();
		this.xid = await((e) -> "ready".equals(e.path("ev").asString()), OPEN_TIMEOUT).path("xid").asLong();
	}

	/**
	 * Starts a witness titled {@code name} (also its WM_CLASS instance) and waits until
	 * its window exists and the window manager manages it.
	 */
	public static GtkX11Witness open(TestDesktop desktop, String name) {
		Path script = installScript();
		ProcessBuilder builder = new ProcessBuilder(PYTHON, script.toString(), name);
		builder.environment().putAll(desktop.environment());
		builder.redirectError(ProcessBuilder.Redirect.INHERIT);
		Process process;
		try {
			process = builder.start();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		GtkX11Witness witness = new GtkX11Witness(name, process);
		desktop.awaitWindow(name, OPEN_TIMEOUT);
		return witness;
	}

	private static synchronized Path installScript() {
		try (InputStream source = GtkX11Witness.class.getResourceAsStream("/witness/gtk-x11-witness.py")) {
			if (source == null) {
				throw new IllegalStateException("witness/gtk-x11-witness.py is not on the test classpath");
			}
			Path script = Files.createTempFile("gtk-x11-witness", ".py");
			script.toFile().deleteOnExit();
			Files.write(script, source.readAllBytes());
			return script;
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private void read() {
		try (BufferedReader lines = new BufferedReader(
				new InputStreamReader(this.process.getInputStream(), StandardCharsets.UTF_8))) {
			String line;
			while ((line = lines.readLine()) != null) {
				JsonNode event = JSON.readTree(line);
				synchronized (this.events) {
					this.events.add(event);
					this.events.notifyAll();
				}
			}
		}
		catch (IOException | RuntimeException ex) {
			// the witness ended
		}
	}

	/** The X window id of its toplevel. */
	public long xid() {
		return this.xid;
	}

	public String name() {
		return this.name;
	}

	/** Every event so far. */
	public List<JsonNode> events() {
		synchronized (this.events) {
			return List.copyOf(this.events);
		}
	}

	/**
	 * Key presses so far, as {@code char@device}, e.g. {@code a@deskhand-agent keyboard}.
	 */
	public List<String> keyPresses() {
		return events().stream()
			.filter((e) -> "key-press".equals(e.path("ev").asString()))
			.map((e) -> e.path("key").asString() + "@" + e.path("device").asString())
			.toList();
	}

	/** What key presses typed so far (since the last {@link #clear()}). */
	public String text() {
		List<JsonNode> all = events();
		for (int i = all.size() - 1; i >= 0; i--) {
			String kind = all.get(i).path("ev").asString();
			if (kind.equals("cleared")) {
				return "";
			}
			if (kind.startsWith("key-")) {
				return all.get(i).path("text").asString();
			}
		}
		return "";
	}

	/** Waits until it typed {@code expected}; fails with what it typed otherwise. */
	public void awaitText(String expected, Duration timeout) {
		long deadline = System.nanoTime() + timeout.toNanos();
		while (!text().equals(expected)) {
			if (System.nanoTime() > deadline) {
				throw new AssertionError(
						this.name + " typed '" + text() + "', not '" + expected + "'; key presses " + keyPresses());
			}
			Pause.millis(20);
		}
	}

	/** Empties the text and the event list. */
	public void clear() {
		int before = events().size();
		send("clear");
		await((e) -> "cleared".equals(e.path("ev").asString()), Duration.ofSeconds(10), before);
		synchronized (this.events) {
			this.events.clear();
		}
	}

	public JsonNode await(Predicate<JsonNode> match, Duration timeout) {
		return await(match, timeout, 0);
	}

	private JsonNode await(Predicate<JsonNode> match, Duration timeout, int from) {
		long deadline = System.nanoTime() + timeout.toNanos();
		synchronized (this.events) {
			while (true) {
				for (int i = from; i < this.events.size(); i++) {
					if (match.test(this.events.get(i))) {
						return this.events.get(i);
					}
				}
				long left = deadline - System.nanoTime();
				if (left <= 0 || !this.process.isAlive() && this.events.isEmpty()) {
					throw new AssertionError("witness " + this.name + " did not report the event in " + timeout
							+ (this.process.isAlive() ? "" : " (it exited)") + "; events " + this.events);
				}
				try {
					this.events.wait(Math.max(1, left / 1_000_000));
				}
				catch (InterruptedException ex) {
					Thread.currentThread().interrupt();
					throw new AssertionError("interrupted", ex);
				}
			}
		}
	}

	private void send(String command) {
		try {
			OutputStream stdin = this.process.getOutputStream();
			stdin.write((command + "\n").getBytes(StandardCharsets.UTF_8));
			stdin.flush();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	public boolean isAlive() {
		return this.process.isAlive();
	}

	/** {@code {"ev": kind}} matcher. */
	public static Predicate<JsonNode> kind(String kind) {
		return (e) -> kind.equals(e.path("ev").asString());
	}

	@Override
	public void close() {
		this.process.destroy();
		try {
			if (!this.process.waitFor(3, java.util.concurrent.TimeUnit.SECONDS)) {
				this.process.destroyForcibly();
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	@Override
	public String toString() {
		return "GtkX11Witness[" + this.name + ", " + Map.of("xid", this.xid) + "]";
	}

}
