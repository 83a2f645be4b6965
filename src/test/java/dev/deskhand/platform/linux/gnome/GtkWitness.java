package dev.deskhand.platform.linux.gnome;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import dev.deskhand.testing.GnomeSession;

/**
 * The GTK3 Wayland witness window ({@code witness/wayland-witness.py}) in the GNOME rig,
 * with its standard input for commands: its own clipboard reads and writes, and the focus
 * events it logs. An independent witness of the clipboard: GTK's own Wayland data device,
 * not mutter's RemoteDesktop API.
 */
final class GtkWitness implements AutoCloseable {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private static final Duration QUICK = Duration.ofSeconds(10);

	private final Process process;

	private final OutputStream commands;

	private final List<JsonNode> events = new ArrayList<>();

	private GtkWitness(Process process) {
		this.process = process;
		this.commands = process.getOutputStream();
		Thread reader = new Thread(() -> read(process.getInputStream()), "gtk-witness-" + process.pid());
		reader.setDaemon(true);
		reader.start();
	}

	/** Starts the witness and waits until its window has the keyboard focus. */
	static GtkWitness open(GnomeSession session, String appId) {
		String script;
		try (InputStream source = GtkWitness.class.getResourceAsStream("/witness/wayland-witness.py")) {
			script = new String(source.readAllBytes(), StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		String path = session.writeFile("wayland-witness.py", script).toString();
		List<String> command = session.clientCommand(List.of("/usr/bin/python3", path, appId));
		try {
			Process process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
			GtkWitness witness = new GtkWitness(process);
			witness.await((e) -> "focus".equals(e.path("ev").asString()) && e.path("focused").asBoolean(), QUICK);
			return witness;
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private void read(InputStream stdout) {
		try (BufferedReader lines = new BufferedReader(new InputStreamReader(stdout, StandardCharsets.UTF_8))) {
			String line;
			while ((line = lines.readLine()) != null) {
				if (line.startsWith("{")) {
					JsonNode event = JSON.readTree(line);
					synchronized (this) {
						this.events.add(event);
						notifyAll();
					}
				}
			}
		}
		catch (IOException | RuntimeException ex) {
			// the witness ended
		}
	}

	/** The first event from now on that matches, or an AssertionError. */
	JsonNode await(Predicate<JsonNode> match, Duration timeout) {
		return awaitFrom(0, match, timeout);
	}

	private synchronized JsonNode awaitFrom(int from, Predicate<JsonNode> match, Duration timeout) {
		long deadline = System.nanoTime() + timeout.toNanos();
		int index = from;
		while (true) {
			for (; index < this.events.size(); index++) {
				if (match.test(this.events.get(index))) {
					return this.events.get(index);
				}
			}
			long left = deadline - System.nanoTime();
			if (left <= 0 || !this.process.isAlive()) {
				throw new AssertionError("the GTK witness did not report the awaited event; it said " + this.events);
			}
			try {
				wait(Math.max(1, left / 1_000_000L));
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				throw new AssertionError("interrupted", ex);
			}
		}
	}

	synchronized int mark() {
		return this.events.size();
	}

	/** The events since {@link #mark()} of one kind. */
	synchronized List<JsonNode> since(int mark, String kind) {
		return this.events.subList(mark, this.events.size())
			.stream()
			.filter((e) -> kind.equals(e.path("ev").asString()))
			.toList();
	}

	/** What GTK reads from the clipboard, {@code null} when it holds no text. */
	String clipboard() {
		int mark = mark();
		send("clipboard");
		JsonNode answer = awaitFrom(mark, (e) -> "clipboard".equals(e.path("ev").asString()), QUICK);
		return answer.path("text").isNull() ? null : answer.path("text").asString();
	}

	/** Puts text on the clipboard as this window's selection. */
	void setClipboard(String text) {
		int mark = mark();
		send("set-clipboard " + JSON.writeValueAsString(text));
		awaitFrom(mark, (e) -> "clipboard-set".equals(e.path("ev").asString()), QUICK);
	}

	private void send(String command) {
		try {
			this.commands.write((command + "\n").getBytes(StandardCharsets.UTF_8));
			this.commands.flush();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
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

}
