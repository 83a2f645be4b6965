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
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import dev.deskhand.platform.Frame;
import dev.deskhand.platform.MouseButton;
import dev.deskhand.platform.Rect;
import dev.deskhand.platform.ScrollDirection;

/**
 * The contract suite's witness on KWin: the GTK3 witness window
 * ({@code witness/wayland-witness.py}, the one {@link WaylandWitness} runs on sway)
 * started in the {@link KwinSession} and placed by the rig's window rules, wl-paste and
 * wl-copy for the clipboard (KWin offers data-control), and for screenshots a Python
 * GDBus client of KWin's ScreenShot2 (GLib's D-Bus, with its own pipe): KWin's API, but
 * none of Deskhand's code. The suite checks captures first against where the witness
 * painted its red square, which needs no screenshot at all.
 * <p>
 * Desktop units are layout units here: the rig's outputs are at scale 1, so GTK's
 * window-local coordinates plus the window's position (from a KWin script the rig runs)
 * are desktop units.
 */
public final class KwinDriverWitness implements DriverWitness {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private static final Duration OPEN_TIMEOUT = Duration.ofSeconds(30);

	private static final Duration QUICK = Duration.ofSeconds(10);

	// ScreenShot2.CaptureArea into a pipe GLib passes; the raw ARGB32 bytes and the
	// metadata go to stdout as a header line and the pixels
	private static final String SCREENSHOT_SCRIPT = """
			import os, sys, threading
			import gi
			from gi.repository import Gio, GLib
			x, y, w, h = (int(v) for v in sys.argv[1:5])
			bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
			r, wr = os.pipe()
			fds = Gio.UnixFDList.new()
			index = fds.append(wr)
			os.close(wr)
			chunks = []
			def drain():
			    while True:
			        b = os.read(r, 1 << 16)
			        if not b:
			            break
			        chunks.append(b)
			reader = threading.Thread(target=drain)
			reader.start()
			result, _ = bus.call_with_unix_fd_list_sync("org.kde.KWin.ScreenShot2", "/org/kde/KWin/ScreenShot2",
			    "org.kde.KWin.ScreenShot2", "CaptureArea",
			    GLib.Variant("(iiuua{sv}h)", (x, y, w, h, {"native-resolution": GLib.Variant("b", True)}, index)),
			    GLib.VariantType("(a{sv})"), Gio.DBusCallFlags.NONE, 10000, fds, None)
			fds = None
			reader.join(15)
			meta = result.unpack()[0]
			data = b"".join(chunks)
			sys.stdout.buffer.write(("%d %d %d %d\\n" % (meta["width"], meta["height"], meta["stride"], meta["format"])).encode())
			sys.stdout.buffer.write(data)
			""";

	private final KwinSession kwin;

	private final String appId;

	private final Process process;

	private final Path stderr;

	private final List<JsonNode> events = new ArrayList<>();

	private int clearedUpTo;

	private Process clipboardOwner;

	private KwinDriverWitness(KwinSession kwin, String appId, Process process, Path stderr) {
		this.kwin = kwin;
		this.appId = appId;
		this.process = process;
		this.stderr = stderr;
		Thread reader = new Thread(() -> readEvents(process.getInputStream()),
				"deskhand-kwin-witness-reader-" + process.pid());
		reader.setDaemon(true);
		reader.start();
	}

	/**
	 * Starts the witness and waits until KWin shows it where the rig's rule puts it.
	 * @param kwin the session
	 * @param appId {@link KwinSession#WITNESS_APP_ID} or
	 * {@link KwinSession#WITNESS2_APP_ID}
	 * @param options the witness script's options, e.g. {@code --input-method} (keys go
	 * through GTK's own input method, which understands Ctrl+Shift+U entry)
	 * @return the witness; close it when done
	 */
	public static KwinDriverWitness open(KwinSession kwin, String appId, String... options) {
		Path script = kwin.workDir().resolve("wayland-witness.py");
		try (InputStream source = KwinDriverWitness.class.getResourceAsStream("/witness/wayland-witness.py")) {
			if (!Files.exists(script)) {
				kwin.writeFile("wayland-witness.py", new String(source.readAllBytes(), StandardCharsets.UTF_8));
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		Path stderr = kwin.workDir().resolve(appId + "-" + System.nanoTime() + ".stderr");
		List<String> arguments = new java.util.ArrayList<>(List.of("/usr/bin/python3", script.toString(), appId));
		arguments.addAll(List.of(options));
		List<String> command = kwin.clientCommand(arguments);
		Process process = CommandRunner.start(new ProcessBuilder(command).redirectError(stderr.toFile()), command);
		KwinDriverWitness witness = new KwinDriverWitness(kwin, appId, process, stderr);
		try {
			witness.awaitShown();
			return witness;
		}
		catch (RuntimeException | AssertionError ex) {
			witness.close();
			throw ex;
		}
	}

	private void awaitShown() {
		long deadline = System.nanoTime() + OPEN_TIMEOUT.toNanos();
		awaitEvent((e) -> is(e, "mapped"), deadline, "mapped");
		awaitEvent((e) -> is(e, "configure") && e.path("width").asInt() == expectedRect().width()
				&& e.path("height").asInt() == expectedRect().height(), deadline, "its rule's size");
		while (true) {
			var window = this.kwin.window(pid());
			if (window.isPresent() && window.get().frame().equals(expectedRect())) {
				return;
			}
			if (System.nanoTime() > deadline) {
				throw new AssertionError(this.appId + " is not at " + expectedRect() + " in KWin: " + window);
			}
			Pause.millis(50);
		}
	}

	/**
	 * @return where the rig's rule puts this witness, in layout (= desktop) units
	 */
	public ScreenRect expectedRect() {
		return KwinSession.WITNESS2_APP_ID.equals(this.appId) ? KwinSession.WITNESS2_RECT : KwinSession.WITNESS_RECT;
	}

	/**
	 * @return the witness's PID (python's own: setpriv and env exec)
	 */
	public long pid() {
		return this.process.pid();
	}

	private ScreenRect frame() {
		return this.kwin.window(pid())
			.orElseThrow(() -> new AssertionError("KWin has no window of " + this.appId))
			.frame();
	}

	@Override
	public Rect contentBounds() {
		ScreenRect frame = frame();
		return new Rect(frame.x(), frame.y(), frame.width(), frame.height());
	}

	@Override
	public Rect redSquare() {
		// the witness paints it at window-local (100,100), 20x20
		ScreenRect frame = frame();
		return new Rect(frame.x() + 100, frame.y() + 100, 20, 20);
	}

	@Override
	public void focus() {
		long deadline = System.nanoTime() + QUICK.toNanos();
		this.kwin.activate(pid());
		while (!hasFocus()) {
			if (System.nanoTime() > deadline) {
				throw new AssertionError(this.appId + " did not get the focus" + lastEvents());
			}
			Pause.millis(10);
		}
	}

	private synchronized boolean hasFocus() {
		for (int i = this.events.size() - 1; i >= 0; i--) {
			if (is(this.events.get(i), "focus")) {
				return this.events.get(i).path("focused").asBoolean();
			}
		}
		return false;
	}

	@Override
	public void reset() {
		synchronized (this) {
			this.clearedUpTo = this.events.size();
		}
		send("clear");
		awaitEvent((e) -> is(e, "cleared"), System.nanoTime() + QUICK.toNanos(), "cleared");
		synchronized (this) {
			this.clearedUpTo = this.events.size();
		}
	}

	private synchronized List<JsonNode> events(String kind) {
		return this.events.subList(this.clearedUpTo, this.events.size()).stream().filter((e) -> is(e, kind)).toList();
	}

	@Override
	public List<PointerEvent> buttons() {
		ScreenRect frame = frame();
		List<PointerEvent> buttons = new ArrayList<>();
		for (JsonNode event : events("button")) {
			String kind = event.path("kind").asString();
			MouseButton button = button(event.path("button").asInt());
			if (button == null || !("press".equals(kind) || "release".equals(kind))) {
				continue;
			}
			buttons.add(new PointerEvent("press".equals(kind), button, frame.x() + event.path("x").asDouble(),
					frame.y() + event.path("y").asDouble()));
		}
		return buttons;
	}

	private static MouseButton button(int gtkButton) {
		return switch (gtkButton) {
			case 1 -> MouseButton.LEFT;
			case 2 -> MouseButton.MIDDLE;
			case 3 -> MouseButton.RIGHT;
			default -> null;
		};
	}

	@Override
	public List<Integer> clickCounts() {
		Map<String, Integer> counts = Map.of("press", 1, "double", 2, "triple", 3);
		List<Integer> clicks = new ArrayList<>();
		int highest = 0;
		for (JsonNode event : events("button")) {
			if (button(event.path("button").asInt()) == null) {
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

	@Override
	public List<KeyEvent> keys() {
		return events("key").stream()
			.map((event) -> new KeyEvent("press".equals(event.path("kind").asString()), event.path("name").asString()))
			.toList();
	}

	@Override
	public List<ScrollDirection> scrolls() {
		List<ScrollDirection> scrolls = new ArrayList<>();
		for (JsonNode event : events("scroll")) {
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

	@Override
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

	@Override
	public String readClipboardOutside(Duration timeout) {
		ProcessResult paste = this.kwin.run(timeout, null, List.of("wl-paste", "--no-newline", "--type", "text/plain"));
		return paste.succeeded() ? paste.stdout() : "";
	}

	@Override
	public synchronized void writeClipboardOutside(String text) {
		stopClipboardOwner();
		this.clipboardOwner = this.kwin.startClient(List.of("wl-copy", "--foreground", "--type", "text/plain"));
		try {
			this.clipboardOwner.getOutputStream().write(text.getBytes(StandardCharsets.UTF_8));
			this.clipboardOwner.getOutputStream().close();
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot give wl-copy its text", ex);
		}
		long deadline = System.nanoTime() + QUICK.toNanos();
		while (!readClipboardOutside(Duration.ofSeconds(5)).equals(text)) {
			if (!this.clipboardOwner.isAlive() || System.nanoTime() > deadline) {
				throw new AssertionError("wl-paste does not read what wl-copy wrote");
			}
			Pause.millis(20);
		}
	}

	@Override
	public Frame screenshot(Rect region) {
		Path script = this.kwin.writeFile("kwin-screenshot.py", SCREENSHOT_SCRIPT);
		CommandRunner.Output output = new CommandRunner(Map.of()).runForOutput(Duration.ofSeconds(20), null,
				this.kwin.clientCommand(List.of("/usr/bin/python3", script.toString(), Integer.toString(region.x()),
						Integer.toString(region.y()), Integer.toString(region.width()),
						Integer.toString(region.height()))));
		if (output.exitCode() != 0) {
			throw new IllegalStateException("the ScreenShot2 witness failed: " + output.stderr());
		}
		byte[] bytes = output.stdout();
		int newline = 0;
		while (bytes[newline] != '\n') {
			newline++;
		}
		String[] header = new String(bytes, 0, newline, StandardCharsets.US_ASCII).split(" ");
		int width = Integer.parseInt(header[0]);
		int height = Integer.parseInt(header[1]);
		int stride = Integer.parseInt(header[2]);
		int[] pixels = new int[width * height];
		for (int y = 0; y < height; y++) {
			for (int x = 0; x < width; x++) {
				int at = newline + 1 + y * stride + x * 4;
				// QImage ARGB32 in little-endian memory: B, G, R, A
				pixels[y * width + x] = ((bytes[at + 2] & 0xff) << 16) | ((bytes[at + 1] & 0xff) << 8)
						| (bytes[at] & 0xff);
			}
		}
		return new Frame(width, height, pixels);
	}

	@Override
	public String describe() {
		return this + lastEvents();
	}

	private synchronized String lastEvents() {
		StringBuilder message = new StringBuilder("; last events:");
		this.events.subList(Math.max(0, this.events.size() - 25), this.events.size())
			.forEach((event) -> message.append("\n  ").append(event));
		return message.toString();
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

	private JsonNode awaitEvent(Predicate<JsonNode> match, long deadline, String what) {
		while (true) {
			synchronized (this) {
				for (JsonNode event : this.events.subList(this.clearedUpTo, this.events.size())) {
					if (match.test(event)) {
						return event;
					}
				}
			}
			if (!this.process.isAlive()) {
				throw new IllegalStateException(
						"the witness " + this.appId + " exited while waiting for " + what + ":\n" + read(this.stderr));
			}
			if (System.nanoTime() > deadline) {
				throw new AssertionError("the witness " + this.appId + " did not report " + what + lastEvents());
			}
			Pause.millis(10);
		}
	}

	private static boolean is(JsonNode event, String kind) {
		return kind.equals(event.path("ev").asString());
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
			// the witness is gone; awaitEvent reports it
		}
	}

	private static String read(Path file) {
		try {
			return Files.exists(file) ? Files.readString(file, StandardCharsets.UTF_8) : "";
		}
		catch (IOException ex) {
			return "";
		}
	}

	private synchronized void stopClipboardOwner() {
		if (this.clipboardOwner == null) {
			return;
		}
		this.clipboardOwner.destroy();
		try {
			if (!this.clipboardOwner.waitFor(3, TimeUnit.SECONDS)) {
				this.clipboardOwner.destroyForcibly();
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		this.clipboardOwner = null;
	}

	@Override
	public synchronized void close() {
		stopClipboardOwner();
		CommandRunner.stop(this.process, Duration.ofSeconds(3));
	}

	@Override
	public String toString() {
		return "KwinDriverWitness[" + this.appId + ", pid " + pid() + "]";
	}

}
