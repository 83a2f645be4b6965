package dev.deskhand.testing.witness;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.CodeSource;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import dev.deskhand.testing.LocalJvm;
import dev.deskhand.testing.ManagedWindow;
import dev.deskhand.testing.Pause;
import dev.deskhand.testing.ProcessResult;
import dev.deskhand.testing.ScreenRect;
import dev.deskhand.testing.TestDesktop;

/**
 * The test's handle on a {@link WitnessApp} running in its own JVM: launches it, reads
 * its event log, and locates its window through the X server.
 * <p>
 * Events are log lines without their timestamp, e.g. {@code PRESS button=1 x=400 y=300
 * mods=Button1}; {@link #fields(String)} splits them. Mouse positions are screen
 * coordinates. {@link #bounds()} is the text area on screen as the X server reports it
 * ({@code xwininfo}); {@link #reportedBounds()} is the same as Swing reports it.
 */
public final class WitnessWindow implements AutoCloseable {

	private static final Duration OPEN_TIMEOUT = Duration.ofSeconds(30);

	private static final Duration QUICK = Duration.ofSeconds(10);

	private static final int EVENTS_IN_FAILURES = 20;

	private static final Pattern XWININFO_VALUE = Pattern
		.compile("(?m)^\\s*(Absolute upper-left X|Absolute " + "upper-left Y|Width|Height):\\s+(-?\\d+)$");

	private final TestDesktop desktop;

	private final String title;

	private final Process process;

	private final Path dir;

	private final Thread shutdownHook;

	private final List<TimedEvent> lines = new ArrayList<>();

	private final ByteArrayOutputStream partialLine = new ByteArrayOutputStream();

	private long readOffset;

	private int clearedUpTo;

	private long windowId;

	private WitnessWindow(TestDesktop desktop, String title, Process process, Path dir) {
		this.desktop = desktop;
		this.title = title;
		this.process = process;
		this.dir = dir;
		this.shutdownHook = new Thread(() -> {
			stop(process);
			deleteRecursively(dir);
		}, "deskhand-witness-" + process.pid());
		Runtime.getRuntime().addShutdownHook(this.shutdownHook);
	}

	/**
	 * Starts a witness window and waits until it is shown, managed, active and focused.
	 * @param desktop the desktop to show it on
	 * @param title its title, unique among open windows
	 * @param x where the window manager should put the frame's left edge
	 * @param y where the window manager should put the frame's top edge
	 * @param width the text area's width
	 * @param height the text area's height
	 * @return the open witness; close it when done
	 */
	public static WitnessWindow open(TestDesktop desktop, String title, int x, int y, int width, int height) {
		return open(desktop, title, x, y, width, height, false);
	}

	/**
	 * Like {@link #open(TestDesktop, String, int, int, int, int)}, optionally with the
	 * marker squares ({@link WitnessApp#RED_SQUARE}, {@link WitnessApp#BLUE_SQUARE})
	 * painted over the text area.
	 * @param desktop the desktop to show it on
	 * @param title its title, unique among open windows
	 * @param x where the window manager should put the frame's left edge
	 * @param y where the window manager should put the frame's top edge
	 * @param width the text area's width
	 * @param height the text area's height
	 * @param markers whether to paint the marker squares
	 * @return the open witness; close it when done
	 */
	public static WitnessWindow open(TestDesktop desktop, String title, int x, int y, int width, int height,
			boolean markers) {
		Path dir = createDirectory();
		Path log = dir.resolve("events.log");
		List<String> command = List.of(LocalJvm.tool("java"), "-cp", witnessClasspath(),
				// a small quick-starting client JVM: it runs for seconds and does little
				"-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-Xss512k", "-Xmx128m", "-Djava.awt.headless=false",
				"-Duser.language=en", "-Duser.country=US", WitnessApp.class.getName(), "--title", title, "--x",
				Integer.toString(x), "--y", Integer.toString(y), "--width", Integer.toString(width), "--height",
				Integer.toString(height), "--log", log.toString(), "--markers", Boolean.toString(markers));
		ProcessBuilder builder = new ProcessBuilder(command).redirectInput(new File("/dev/null"))
			.redirectOutput(dir.resolve("stdout.log").toFile())
			.redirectError(dir.resolve("stderr.log").toFile());
		builder.environment().putAll(desktop.environment());
		// an input-method server of the developer's session must not rewrite the keys
		builder.environment().remove("XMODIFIERS");
		Process process;
		try {
			Files.createFile(log);
			process = builder.start();
		}
		catch (IOException ex) {
			throw new IllegalStateException("cannot start the witness JVM " + command.get(0) + ": " + ex.getMessage(),
					ex);
		}
		WitnessWindow witness = new WitnessWindow(desktop, title, process, dir);
		try {
			witness.awaitShown(System.nanoTime() + OPEN_TIMEOUT.toNanos());
			return witness;
		}
		catch (RuntimeException | AssertionError ex) {
			String stderr = witness.stderr();
			witness.close();
			if (!stderr.isBlank()) {
				ex.addSuppressed(new IllegalStateException("witness stderr:\n" + stderr));
			}
			throw ex;
		}
	}

	private void awaitShown(long deadline) {
		ManagedWindow window = null;
		while (window == null) {
			window = this.desktop.windows()
				.stream()
				.filter((w) -> w.pid() == this.process.pid() && w.title().equals(this.title))
				.findFirst()
				.orElse(null);
			if (window == null) {
				checkRunning("before its window was managed");
				checkDeadline(deadline, "its window to be managed");
				Pause.millis(25);
			}
		}
		this.windowId = window.id();
		this.desktop.activate(this.windowId, remaining(deadline));
		awaitEventUntil("READY"::equals, deadline, "READY");
	}

	/**
	 * @return the X id of the witness's client window
	 */
	public long windowId() {
		return this.windowId;
	}

	/**
	 * @return the witness JVM's process id
	 */
	public long pid() {
		return this.process.pid();
	}

	public String title() {
		return this.title;
	}

	/**
	 * @return the events since the last {@link #clearEvents()}, without timestamps
	 */
	public List<String> events() {
		return timedEvents().stream().map(TimedEvent::event).toList();
	}

	/**
	 * @return the events since the last {@link #clearEvents()}, with the witness's
	 * timestamps
	 */
	public synchronized List<TimedEvent> timedEvents() {
		refresh();
		return List.copyOf(this.lines.subList(this.clearedUpTo, this.lines.size()));
	}

	/**
	 * Makes later {@link #events()} and {@link #awaitEvent} calls see only newer events.
	 */
	public synchronized void clearEvents() {
		refresh();
		this.clearedUpTo = this.lines.size();
	}

	/**
	 * Waits for the first event since the last {@link #clearEvents()} that matches.
	 * @param match a test on the event line, e.g.
	 * {@code e -> e.startsWith("PRESS button=1")}
	 * @param timeout how long to wait
	 * @return the matching event line
	 * @throws AssertionError with the last events when none matches in time
	 */
	public String awaitEvent(Predicate<String> match, Duration timeout) {
		return awaitEventUntil(match, System.nanoTime() + timeout.toNanos(), "a matching event");
	}

	/**
	 * Waits until {@code count} events since the last {@link #clearEvents()} match.
	 * @param match a test on the event line
	 * @param count how many matching events to wait for
	 * @param timeout how long to wait
	 * @return the first {@code count} matching events
	 */
	public List<String> awaitEvents(Predicate<String> match, int count, Duration timeout) {
		long deadline = System.nanoTime() + timeout.toNanos();
		while (true) {
			List<String> matching = events().stream().filter(match).limit(count).toList();
			if (matching.size() == count) {
				return matching;
			}
			checkDeadline(deadline, count + " matching events (saw " + matching.size() + ")");
			Pause.millis(10);
		}
	}

	private String awaitEventUntil(Predicate<String> match, long deadline, String what) {
		while (true) {
			for (String event : events()) {
				if (match.test(event)) {
					return event;
				}
			}
			checkRunning("while waiting for " + what);
			checkDeadline(deadline, what);
			Pause.millis(10);
		}
	}

	/**
	 * @return the text area's current document, from the latest TEXT event ("" before
	 * any)
	 */
	public synchronized String text() {
		refresh();
		for (int i = this.lines.size() - 1; i >= 0; i--) {
			Map<String, String> fields = fields(this.lines.get(i).event());
			if (WitnessFormat.TEXT.equals(fields.get("event"))) {
				return fields.get("text");
			}
		}
		return "";
	}

	/**
	 * Waits until the document is exactly {@code expected}.
	 * @param expected the whole expected document
	 * @param timeout how long to wait
	 * @return the document
	 * @throws AssertionError with the actual text and the last events on timeout
	 */
	public String awaitText(String expected, Duration timeout) {
		long deadline = System.nanoTime() + timeout.toNanos();
		while (true) {
			String text = text();
			if (text.equals(expected)) {
				return text;
			}
			if (System.nanoTime() > deadline) {
				throw new AssertionError("witness '" + this.title + "' has text '" + WitnessFormat.escape(text)
						+ "', expected '" + WitnessFormat.escape(expected) + "' within " + timeout + lastEvents());
			}
			Pause.millis(10);
		}
	}

	/**
	 * The text area on screen as the X server reports it: the client window's absolute
	 * origin and size from {@code xwininfo}; the text area fills the client window.
	 * @return the text area's screen rectangle
	 */
	public ScreenRect bounds() {
		ProcessResult info = this.desktop.run(QUICK, "xwininfo", "-id", "0x" + Long.toHexString(this.windowId))
			.requireSuccess("xwininfo");
		Matcher matcher = XWININFO_VALUE.matcher(info.stdout());
		int[] values = new int[4];
		int found = 0;
		while (matcher.find() && found < values.length) {
			values[found++] = Integer.parseInt(matcher.group(2));
		}
		if (found < values.length) {
			throw new IllegalStateException("unexpected xwininfo output: " + info.stdout());
		}
		return new ScreenRect(values[0], values[1], values[2], values[3]);
	}

	/**
	 * The text area on screen as Swing reports it ({@code getLocationOnScreen}), from the
	 * latest BOUNDS event; logged when shown, moved or resized.
	 * @return the text area's screen rectangle
	 */
	public synchronized ScreenRect reportedBounds() {
		refresh();
		for (int i = this.lines.size() - 1; i >= 0; i--) {
			Map<String, String> fields = fields(this.lines.get(i).event());
			if ("BOUNDS".equals(fields.get("event"))) {
				return new ScreenRect(Integer.parseInt(fields.get("x")), Integer.parseInt(fields.get("y")),
						Integer.parseInt(fields.get("width")), Integer.parseInt(fields.get("height")));
			}
		}
		throw new IllegalStateException("the witness has not reported its bounds");
	}

	/** Activates the witness and waits until its text area has keyboard focus again. */
	public void focus() {
		long deadline = System.nanoTime() + QUICK.toNanos();
		this.desktop.activate(this.windowId, QUICK);
		while (!hasFocus()) {
			checkDeadline(deadline, "keyboard focus");
			Pause.millis(10);
		}
	}

	private synchronized boolean hasFocus() {
		refresh();
		for (int i = this.lines.size() - 1; i >= 0; i--) {
			String event = this.lines.get(i).event();
			if (event.startsWith("FOCUS ")) {
				return event.equals("FOCUS gained");
			}
		}
		return false;
	}

	/**
	 * @return whether the witness window is the window manager's active window
	 */
	public boolean isActive() {
		return this.desktop.activeWindowId() == this.windowId;
	}

	/** Stops the witness JVM; its window disappears with its X connection. */
	@Override
	public void close() {
		try {
			Runtime.getRuntime().removeShutdownHook(this.shutdownHook);
		}
		catch (IllegalStateException ex) {
			// the JVM is exiting and the hook is stopping the witness already
		}
		stop(this.process);
		deleteRecursively(this.dir);
	}

	/**
	 * Splits an event into its fields: {@code "event"} is the event name, then one entry
	 * per {@code key=value}; a TEXT event has its unescaped document under
	 * {@code "text"}.
	 * @param event an event line as {@link #events()} returns it
	 * @return the fields, in order
	 */
	public static Map<String, String> fields(String event) {
		return WitnessFormat.fields(event);
	}

	private void refresh() {
		try (FileChannel channel = FileChannel.open(this.dir.resolve("events.log"), StandardOpenOption.READ)) {
			ByteBuffer buffer = ByteBuffer.allocate(64 * 1024);
			int read;
			while ((read = channel.read(buffer, this.readOffset)) > 0) {
				this.readOffset += read;
				for (int i = 0; i < read; i++) {
					byte b = buffer.get(i);
					if (b == '\n') {
						addLine(this.partialLine.toString(StandardCharsets.UTF_8));
						this.partialLine.reset();
					}
					else {
						this.partialLine.write(b);
					}
				}
				buffer.clear();
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private void addLine(String line) {
		int space = line.indexOf(' ');
		this.lines.add(new TimedEvent(Long.parseLong(line.substring(0, space)), line.substring(space + 1)));
	}

	private void checkRunning(String when) {
		if (!this.process.isAlive()) {
			throw new IllegalStateException("the witness '" + this.title + "' exited with code "
					+ this.process.exitValue() + " " + when + ":\n" + stderr());
		}
	}

	private void checkDeadline(long deadline, String what) {
		if (System.nanoTime() > deadline) {
			throw new AssertionError("witness '" + this.title + "' did not report " + what + " in time" + lastEvents());
		}
	}

	private synchronized String lastEvents() {
		refresh();
		List<TimedEvent> last = this.lines.subList(Math.max(0, this.lines.size() - EVENTS_IN_FAILURES),
				this.lines.size());
		StringBuilder message = new StringBuilder("; last events:");
		last.forEach((line) -> message.append("\n  ").append(line.event()));
		return message.toString();
	}

	private String stderr() {
		try {
			return Files.readString(this.dir.resolve("stderr.log"), StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			return "(no stderr: " + ex.getMessage() + ")";
		}
	}

	private static void stop(Process process) {
		if (!process.isAlive()) {
			return;
		}
		process.destroy();
		try {
			if (!process.waitFor(3, TimeUnit.SECONDS)) {
				process.destroyForcibly();
				process.waitFor(3, TimeUnit.SECONDS);
			}
		}
		catch (InterruptedException ex) {
			process.destroyForcibly();
			Thread.currentThread().interrupt();
		}
	}

	/**
	 * The witness needs only the JDK and its own classes. Surefire's java.class.path is a
	 * manifest-only jar deleted when its fork ends, so the witness gets the directory or
	 * jar that holds its class instead.
	 */
	private static String witnessClasspath() {
		CodeSource source = WitnessApp.class.getProtectionDomain().getCodeSource();
		if (source == null) {
			return System.getProperty("java.class.path");
		}
		try {
			return Path.of(source.getLocation().toURI()).toString();
		}
		catch (URISyntaxException ex) {
			throw new IllegalStateException("cannot locate the witness classes at " + source.getLocation(), ex);
		}
	}

	private static Path createDirectory() {
		try {
			return Files.createTempDirectory("deskhand-witness-");
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private static void deleteRecursively(Path dir) {
		try (Stream<Path> paths = Files.walk(dir)) {
			paths.sorted(Comparator.reverseOrder()).forEach((path) -> path.toFile().delete());
		}
		catch (IOException | UncheckedIOException ex) {
			// a leftover temporary directory is not worth failing a test for
		}
	}

	private static Duration remaining(long deadline) {
		return Duration.ofNanos(Math.max(0, deadline - System.nanoTime()));
	}

	/**
	 * One witness event and when the witness handled it.
	 *
	 * @param nanoTime the witness's {@code System.nanoTime()}; HotSpot on Linux reads
	 * CLOCK_MONOTONIC, so it is comparable with the test JVM's {@code System.nanoTime()}
	 * @param event the event line
	 */
	public record TimedEvent(long nanoTime, String event) {
	}

}
