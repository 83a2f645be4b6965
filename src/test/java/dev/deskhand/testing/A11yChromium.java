package dev.deskhand.testing;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import tools.jackson.databind.JsonNode;

/**
 * Chromium with accessibility on, showing one of the accessibility test pages
 * ({@code src/test/resources/a11y/page.html} or {@code big.html}) on a test desktop whose
 * environment has a session bus: started with {@code ACCESSIBILITY_ENABLED=1} and
 * {@code --force-renderer-accessibility} (without both it registers no web content, see
 * the feasibility notes), its own profile in a temporary directory, at a given window
 * position and size; stopped by PID with every process it started.
 * <p>
 * Evidence independent of AT-SPI: the page logs every event it receives as
 * {@code console.log("DESKHAND " + json)}, which Chromium prints on stderr with
 * {@code --enable-logging=stderr}; {@link #events()} has them. {@link #elementRect} says
 * where a page element is on the screen from the page's own {@code getBoundingClientRect}
 * and the content area's origin, found by moving the pointer into the page
 * ({@code xdotool}) and reading the client coordinates the page logged for it.
 */
public final class A11yChromium implements AutoCloseable {

	/** The form page: links, fields, check box, select, buttons, a rewriting field. */
	public static final String TEST_PAGE = "page.html";

	/** About 2,000 nodes: a 200-row table, most of it scrolled off screen. */
	public static final String BIG_PAGE = "big.html";

	/** The accessible name of Chromium's application object. */
	public static final String APP_NAME = "Chromium";

	private static final Duration START_TIMEOUT = Duration.ofSeconds(90);

	private static final Duration QUICK = Duration.ofSeconds(10);

	private static final Duration STOP_GRACE = Duration.ofSeconds(5);

	/** {@code [pid:tid:date:INFO:CONSOLE:72] "DESKHAND {...}", source: file:///...} */
	private static final Pattern CONSOLE = Pattern.compile("CONSOLE[:(][^\\]]*\\] \"DESKHAND (\\{.*\\})\", source: ");

	private static final Pattern XWININFO_VALUE = Pattern
		.compile("(Absolute upper-left X|Absolute upper-left Y|Width|Height):\\s+(-?\\d+)");

	private static final Pattern WINDOW_ID = Pattern.compile("(?m)^(\\d+)$");

	private final Process process;

	private final Path dir;

	private final String pageTitle;

	private final A11yEvents events = new A11yEvents("Chromium");

	private final CommandRunner commands;

	private final A11yPeer peer;

	private final Thread shutdownHook;

	private A11yChromium(Process process, Path dir, String pageTitle, CommandRunner commands, A11yPeer peer) {
		this.process = process;
		this.dir = dir;
		this.pageTitle = pageTitle;
		this.commands = commands;
		this.peer = peer;
		this.shutdownHook = new Thread(this::stop, "deskhand-a11y-chromium-" + process.pid());
		Runtime.getRuntime().addShutdownHook(this.shutdownHook);
		Thread reader = new Thread(() -> read(process.getInputStream()),
				"deskhand-a11y-chromium-stderr-" + process.pid());
		reader.setDaemon(true);
		reader.start();
	}

	/**
	 * Starts Chromium on a page and waits until the page has loaded and its content is in
	 * the accessibility tree (pyatspi finds its last control).
	 * @param environment the desktop's client environment: {@code DISPLAY}, the session
	 * bus ({@code DBUS_SESSION_BUS_ADDRESS}), a UTF-8 locale
	 * @param page {@link #TEST_PAGE} or {@link #BIG_PAGE}
	 * @param window the browser window's position and size on the screen
	 * @return the running browser; close it when done
	 * @throws AssertionError naming what was missing, with Chromium's last stderr lines,
	 * when the page does not appear in time
	 */
	public static A11yChromium open(Map<String, String> environment, String page, ScreenRect window) {
		Path dir = CommandRunner.createTempDirectory();
		Path file = A11yPeer.copyResource("/a11y/" + page, dir);
		String title = TEST_PAGE.equals(page) ? "Deskhand test page" : "Deskhand big page";
		List<String> command = new ArrayList<>(List.of("chromium"));
		if ("root".equals(System.getProperty("user.name"))) {
			// Chromium refuses to run as root with its sandbox
			command.add("--no-sandbox");
		}
		command.addAll(List.of("--user-data-dir=" + dir.resolve("profile"), "--force-renderer-accessibility",
				"--no-first-run", "--no-default-browser-check", "--disable-gpu",
				// no "unsupported command-line flag" bar that would push the page down
				// after it first drew
				"--test-type", "--password-store=basic", "--disable-background-networking",
				"--disable-component-update", "--disable-sync", "--disable-features=Translate,MediaRouter",
				"--enable-logging=stderr", "--v=0",
				String.format(Locale.ROOT, "--window-position=%d,%d", window.x(), window.y()),
				String.format(Locale.ROOT, "--window-size=%d,%d", window.width(), window.height()),
				file.toUri().toString()));
		Map<String, String> env = new HashMap<>(environment);
		// without it Chromium does not register with AT-SPI at all
		env.put("ACCESSIBILITY_ENABLED", "1");
		env.putIfAbsent("XDG_CONFIG_HOME", dir.resolve("config").toString());
		env.putIfAbsent("XDG_CACHE_HOME", dir.resolve("cache").toString());
		ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
			.redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
		builder.environment().putAll(env);
		Process process = CommandRunner.start(builder, command);
		A11yPeer peer = new A11yPeer(environment, dir);
		A11yChromium chromium = new A11yChromium(process, dir, title, new CommandRunner(environment), peer);
		try {
			chromium.awaitInTree(page);
			return chromium;
		}
		catch (RuntimeException | AssertionError ex) {
			chromium.close();
			throw ex;
		}
	}

	private void awaitInTree(String page) {
		long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
		try {
			this.events.await(A11yEvents.kind("ready"), START_TIMEOUT, this.process::isAlive);
		}
		catch (AssertionError ex) {
			throw new AssertionError("Chromium (pid " + this.process.pid() + ") did not load " + page + ": "
					+ ex.getMessage() + "\n(chromium stderr above)", ex);
		}
		// the page's last control: once it is there the page's subtree is filled
		String role = "push button";
		String name = TEST_PAGE.equals(page) ? "Replace victim" : "Open 1";
		Duration left = Duration.ofNanos(Math.max(0, deadline - System.nanoTime()));
		JsonNode found = this.peer.await(APP_NAME, this.pageTitle, role, name, left, this.process::isAlive);
		if (found == null) {
			String seen = this.process.isAlive() ? this.peer.explainMissing(APP_NAME, this.pageTitle, role, name)
					: "Chromium exited with code " + this.process.exitValue();
			throw new AssertionError("Chromium (pid " + this.process.pid() + ") loaded " + page
					+ " but its content is not in the AT-SPI tree after " + START_TIMEOUT + " (pyatspi: " + seen
					+ "); started with ACCESSIBILITY_ENABLED=1 and --force-renderer-accessibility on the session bus "
					+ "of the test desktop?\nlast chromium stderr lines:\n" + this.events.tail());
		}
	}

	private void read(InputStream stderr) {
		try (BufferedReader reader = new BufferedReader(new InputStreamReader(stderr, StandardCharsets.UTF_8))) {
			String line;
			while ((line = reader.readLine()) != null) {
				Matcher matcher = CONSOLE.matcher(line);
				if (matcher.find()) {
					this.events.addJson(matcher.group(1));
				}
				else {
					this.events.addLine(line);
				}
			}
		}
		catch (IOException ex) {
			// Chromium went away
		}
	}

	/**
	 * @return the page's title, the accessible name of its {@code document web}
	 */
	public String pageTitle() {
		return this.pageTitle;
	}

	/**
	 * @return the browser window's title ({@code "<page title> - Chromium"}), the
	 * accessible name of its frame
	 */
	public String windowTitle() {
		return this.pageTitle + " - Chromium";
	}

	/**
	 * @return the browser process's id
	 */
	public long pid() {
		return this.process.pid();
	}

	/**
	 * @return whether the browser still runs
	 */
	public boolean isAlive() {
		return this.process.isAlive();
	}

	/**
	 * @return what the page logged (events with an {@code "event"} field: {@code ready},
	 * {@code rects}, {@code pointer}, {@code click} with {@code id} and {@code n},
	 * {@code input} with {@code id} and {@code value}, {@code change}, {@code focus},
	 * {@code replaced}) and Chromium's other stderr lines
	 */
	public A11yEvents events() {
		return this.events;
	}

	/**
	 * Waits for the first event since the last {@code events().clear()} that matches.
	 * @param match a test on the event
	 * @param timeout how long to wait
	 * @return the event
	 */
	public JsonNode await(Predicate<JsonNode> match, Duration timeout) {
		return this.events.await(match, timeout, this.process::isAlive);
	}

	/**
	 * @param kind the event, e.g. {@code click}
	 * @param id the page element's id, e.g. {@code go}
	 * @return a predicate for that event on that element
	 */
	public static Predicate<JsonNode> event(String kind, String id) {
		return (e) -> kind.equals(e.path("event").asString()) && id.equals(e.path("id").asString());
	}

	/**
	 * @return the tests' own pyatspi reader of this desktop's tree
	 */
	public A11yPeer peer() {
		return this.peer;
	}

	/**
	 * @return the browser's top-level X window, found by its title (xdotool takes a
	 * regular expression; the titles have no special characters)
	 */
	public long windowId() {
		ProcessResult search = this.commands.run(QUICK, null,
				List.of("xdotool", "search", "--onlyvisible", "--name", "^" + windowTitle() + "$"));
		Matcher matcher = WINDOW_ID.matcher(search.stdout());
		if (!matcher.find()) {
			throw new AssertionError("no visible window titled '" + windowTitle() + "': " + search);
		}
		return Long.parseLong(matcher.group(1));
	}

	/**
	 * The browser window on the screen as the X server says: {@code xwininfo}'s absolute
	 * origin and size of the client window (Chromium draws its own title bar, so openbox
	 * adds no frame).
	 * @return the window's screen rectangle
	 */
	public ScreenRect windowRect() {
		ProcessResult info = this.commands
			.run(QUICK, null, List.of("xwininfo", "-id", "0x" + Long.toHexString(windowId())))
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
	 * Where the page's content area starts on the screen, without asking the
	 * accessibility tree: the pointer is moved with {@code xdotool} to a point inside the
	 * page, and the page logs the client coordinates it saw there; origin = pointer -
	 * client. Moves the pointer.
	 * @param inside a root-window point over the page's content, e.g. the window's lower
	 * middle
	 * @return the content area's top left corner in root-window pixels
	 */
	public Pointer contentOrigin(Pointer inside) {
		// two different points: the second move is seen even when the pointer already was
		// at the first
		Pointer first = new Pointer(inside.x() + 1, inside.y() + 1);
		this.commands.run(QUICK, null,
				List.of("xdotool", "mousemove", Integer.toString(first.x()), Integer.toString(first.y())));
		this.events.clear();
		this.commands
			.run(QUICK, null,
					List.of("xdotool", "mousemove", Integer.toString(inside.x()), Integer.toString(inside.y())))
			.requireSuccess("xdotool mousemove");
		JsonNode moved = await((e) -> "pointer".equals(e.path("event").asString())
				&& e.path("screenX").asInt() == inside.x() && e.path("screenY").asInt() == inside.y(), QUICK);
		return new Pointer(inside.x() - moved.path("clientX").asInt(), inside.y() - moved.path("clientY").asInt());
	}

	/**
	 * The content area's origin (see {@link #contentOrigin(Pointer)}), probed at the
	 * lower middle of the browser window, below the test page's controls.
	 * @return the content area's top left corner in root-window pixels
	 */
	public Pointer contentOrigin() {
		ScreenRect window = windowRect();
		return contentOrigin(new Pointer(window.x() + window.width() / 2, window.y() + window.height() - 40));
	}

	/**
	 * Where a page element is on the screen, from the page's latest {@code rects} report
	 * (its {@code getBoundingClientRect}, CSS pixels = device pixels at scale 1) and the
	 * content area's origin: the smallest whole-pixel rectangle that covers it, which is
	 * how Chromium rounds the bounds it gives AT-SPI.
	 * @param origin the content area's origin, from {@link #contentOrigin()}
	 * @param id the element's id in the page, e.g. {@code go}
	 * @return its rectangle in root-window pixels
	 */
	public ScreenRect elementRect(Pointer origin, String id) {
		JsonNode rects = this.events.latest("rects");
		if (rects == null || !rects.path("rects").has(id)) {
			throw new AssertionError("the page reported no rectangle for '" + id + "': " + rects);
		}
		JsonNode r = rects.path("rects").path(id);
		double left = origin.x() + r.get(0).asDouble();
		double top = origin.y() + r.get(1).asDouble();
		int x = (int) Math.floor(left);
		int y = (int) Math.floor(top);
		int right = (int) Math.ceil(left + r.get(2).asDouble());
		int bottom = (int) Math.ceil(top + r.get(3).asDouble());
		return new ScreenRect(x, y, right - x, bottom - y);
	}

	/**
	 * Stops the browser and every process it started, by PID, and removes its profile.
	 */
	@Override
	public void close() {
		try {
			Runtime.getRuntime().removeShutdownHook(this.shutdownHook);
		}
		catch (IllegalStateException ex) {
			// shutting down: the hook stops it
			return;
		}
		stop();
	}

	private void stop() {
		A11yPeer.stopTree(this.process, STOP_GRACE);
		CommandRunner.deleteRecursively(this.dir);
	}

	@Override
	public String toString() {
		return "A11yChromium[pid " + this.process.pid() + ", " + this.pageTitle + "]";
	}

}
