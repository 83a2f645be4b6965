package dev.deskhand.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import dev.deskhand.testing.Pause;
import dev.deskhand.testing.SwaySession;
import dev.deskhand.testing.TestDesktop;

/**
 * The Wayland benchmark's scene ({@code src/test/resources/bench/wayland-bench-scene.py},
 * GTK3): a picture over the whole output, a static text pane and a log pane that gets a
 * line per {@link #tick(String)}. The same script runs under sway and on Xvfb, so both
 * desktops show the same content and change the same way before each screenshot.
 */
final class WaylandBenchScene implements AutoCloseable {

	private static final Duration READY = Duration.ofSeconds(30);

	private static final Duration DRAWN = Duration.ofSeconds(10);

	/**
	 * After the window painted a tick: time for the compositor (or the X server) to show
	 * it, as DeskhandBenchmark waits after each log line; untimed.
	 */
	private static final long SETTLE_MILLIS = 30;

	private static final String PYTHON = "/usr/bin/python3";

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private final Process process;

	private final List<JsonNode> events = new ArrayList<>();

	private int ticks;

	private WaylandBenchScene(Process process) {
		this.process = process;
		Thread reader = new Thread(() -> read(process.getInputStream()), "bench-scene-reader-" + process.pid());
		reader.setDaemon(true);
		reader.start();
	}

	/**
	 * Opens the scene under sway as the compositor's user: a tiled window, so it fills
	 * the focused output (HEADLESS-1) under the floating witness.
	 * @param dir a directory the compositor's user can read
	 */
	static WaylandBenchScene onSway(SwaySession sway, Path picture, Path dir) {
		Path script = install(dir);
		List<String> command = sway
			.clientCommand(List.of(PYTHON, script.toString(), picture.toString(), "1", "deskhand.bench.scene"));
		return start(new ProcessBuilder(command), dir.resolve("scene-wayland.stderr"));
	}

	/**
	 * Opens the scene full screen on an X display, with its panes scaled by 1.25: X
	 * pixels stand for the Wayland output's device pixels.
	 */
	static WaylandBenchScene onX11(TestDesktop desktop, Path picture, Path dir) {
		return onX11(desktop, picture, dir, Map.of());
	}

	/**
	 * Opens the scene full screen on an X display with variables of the caller's, e.g.
	 * {@code DESKHAND_BENCH_LOG_PANE} (GnomeBenchmark: the log pane where the GNOME
	 * witness draws its tick pane).
	 */
	static WaylandBenchScene onX11(TestDesktop desktop, Path picture, Path dir, Map<String, String> variables) {
		Path script = install(dir);
		ProcessBuilder builder = new ProcessBuilder(PYTHON, script.toString(), picture.toString(), "1.25",
				"deskhand.bench.scene", "fullscreen");
		Map<String, String> environment = new LinkedHashMap<>(desktop.environment());
		environment.put("GDK_BACKEND", "x11");
		environment.put("NO_AT_BRIDGE", "1");
		environment.put("DBUS_SESSION_BUS_ADDRESS", "disabled:");
		environment.put("LANG", "C.UTF-8");
		environment.putAll(variables);
		builder.environment().remove("WAYLAND_DISPLAY");
		builder.environment().putAll(environment);
		return start(builder, dir.resolve("scene-x11.stderr"));
	}

	private static WaylandBenchScene start(ProcessBuilder builder, Path stderr) {
		try {
			Process process = builder.redirectError(stderr.toFile()).start();
			WaylandBenchScene scene = new WaylandBenchScene(process);
			try {
				scene.await("mapped", READY);
			}
			catch (RuntimeException | AssertionError ex) {
				scene.close();
				ex.addSuppressed(new IllegalStateException("scene stderr:\n" + Files.readString(stderr)));
				throw ex;
			}
			return scene;
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot start the bench scene", ex);
		}
	}

	private static synchronized Path install(Path dir) {
		Path script = dir.resolve("wayland-bench-scene.py");
		if (Files.exists(script)) {
			return script;
		}
		try (InputStream source = WaylandBenchScene.class.getResourceAsStream("/bench/wayland-bench-scene.py")) {
			if (source == null) {
				throw new IllegalStateException("bench/wayland-bench-scene.py is not on the test classpath");
			}
			Files.copy(source, script, StandardCopyOption.REPLACE_EXISTING);
			Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rw-r--r--"));
			return script;
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	long pid() {
		return this.process.pid();
	}

	/**
	 * Adds a line to the log pane, waits until the window painted it, then lets the
	 * display server show it; untimed, before a screenshot.
	 */
	void tick(String what) {
		this.ticks++;
		String line = String.format("%s  tick %06d  %s", LocalTime.now(), this.ticks, what);
		try {
			OutputStream stdin = this.process.getOutputStream();
			stdin.write(("tick " + line + "\n").getBytes(StandardCharsets.UTF_8));
			stdin.flush();
		}
		catch (IOException ex) {
			throw new UncheckedIOException("the bench scene's stdin is closed", ex);
		}
		await("drawn", DRAWN);
		Pause.millis(SETTLE_MILLIS);
	}

	/** Forgets the events so far (e.g. clicks before the one a check waits for). */
	synchronized void clearEvents() {
		this.events.clear();
	}

	/**
	 * Waits for the window's next button event of a kind and forgets those before it.
	 * @param kind press or release
	 * @return the event, with x and y in window pixels
	 */
	JsonNode awaitButton(String kind) {
		return await((e) -> "button".equals(e.path("ev").asString()) && kind.equals(e.path("kind").asString()),
				"button " + kind, DRAWN);
	}

	private JsonNode await(String kind, Duration timeout) {
		return await((e) -> kind.equals(e.path("ev").asString()), kind, timeout);
	}

	private JsonNode await(java.util.function.Predicate<JsonNode> match, String kind, Duration timeout) {
		long deadline = System.nanoTime() + timeout.toNanos();
		while (true) {
			synchronized (this) {
				for (int i = 0; i < this.events.size(); i++) {
					JsonNode event = this.events.get(i);
					if (match.test(event)) {
						this.events.subList(0, i + 1).clear();
						return event;
					}
				}
			}
			if (!this.process.isAlive()) {
				throw new IllegalStateException("the bench scene exited with " + this.process.exitValue());
			}
			if (System.nanoTime() > deadline) {
				throw new AssertionError("the bench scene did not report '" + kind + "' within " + timeout);
			}
			Pause.millis(2);
		}
	}

	private void read(InputStream stdout) {
		try (BufferedReader reader = new BufferedReader(new InputStreamReader(stdout, StandardCharsets.UTF_8))) {
			String line;
			while ((line = reader.readLine()) != null) {
				JsonNode event = JSON.readTree(line);
				synchronized (this) {
					this.events.add(event);
				}
			}
		}
		catch (IOException | RuntimeException ex) {
			// the scene is gone; await reports it
		}
	}

	@Override
	public void close() {
		this.process.destroy();
		try {
			if (!this.process.waitFor(Duration.ofSeconds(3).toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS)) {
				this.process.destroyForcibly();
			}
		}
		catch (InterruptedException ex) {
			this.process.destroyForcibly();
			Thread.currentThread().interrupt();
		}
	}

}
