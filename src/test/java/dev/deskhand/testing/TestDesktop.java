package dev.deskhand.testing;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import javax.imageio.ImageIO;

import org.opentest4j.TestAbortedException;

/**
 * A real X server (Xvfb + openbox) for live-desktop tests, with independent ways to look
 * at it: xdotool, wmctrl, xprop, ImageMagick and a JNA connection of the test's own.
 * <p>
 * {@link #shared()} is started once per test JVM and stopped by a shutdown hook; callers
 * never close it. {@link #start(String)} gives a private desktop the caller must close.
 * Without Xvfb installed, live tests are skipped on a developer machine and fail on CI
 * (environment variable {@code CI} set).
 */
public final class TestDesktop implements AutoCloseable {

	/** {@link #buttonsDownMask()} bit for button 1 (left). */
	public static final int BUTTON1_MASK = XInputState.Buttons.BUTTON1;

	/** {@link #buttonsDownMask()} bit for button 2 (middle). */
	public static final int BUTTON2_MASK = XInputState.Buttons.BUTTON2;

	/** {@link #buttonsDownMask()} bit for button 3 (right). */
	public static final int BUTTON3_MASK = XInputState.Buttons.BUTTON3;

	private static final String SHARED_GEOMETRY = "1920x1080x24";

	private static final List<String> REQUIRED_TOOLS = List.of("Xvfb", "openbox", "xprop", "xdotool", "wmctrl",
			"xwininfo", "import");

	private static final Duration QUICK = Duration.ofSeconds(10);

	private static final Pattern ACTIVE_WINDOW = Pattern.compile("window id # (0x[0-9a-fA-F]+)");

	private static final Pattern GEOMETRY = Pattern.compile("(\\d+)x(\\d+)(x\\d+)?");

	private static TestDesktop shared;

	private static RuntimeException sharedFailure;

	private final XvfbSession session;

	private final String geometry;

	private final CommandRunner commands;

	private final Thread shutdownHook;

	private final boolean isShared;

	private TestDesktop(XvfbSession session, String geometry, boolean isShared) {
		this.session = session;
		this.geometry = geometry;
		this.isShared = isShared;
		this.commands = new CommandRunner(XvfbSession.environment(session.display()));
		this.shutdownHook = new Thread(session::stop, "deskhand-test-desktop-" + session.display());
		Runtime.getRuntime().addShutdownHook(this.shutdownHook);
	}

	/**
	 * The desktop shared by every live test in this JVM: 1920x1080, started on first use.
	 * @return the shared desktop
	 * @throws TestAbortedException when Xvfb is not installed and {@code CI} is not set
	 * @throws IllegalStateException when the desktop cannot be started
	 */
	public static synchronized TestDesktop shared() {
		// a desktop that failed once fails the same way again: do not pay the timeout per
		// test
		if (sharedFailure != null) {
			throw copyOf(sharedFailure);
		}
		if (shared == null) {
			try {
				shared = launch(SHARED_GEOMETRY, true);
			}
			catch (RuntimeException ex) {
				sharedFailure = ex;
				throw ex;
			}
		}
		return shared;
	}

	/**
	 * Starts a private desktop, e.g. for a screen size other than the shared one's.
	 * @param geometry Xvfb's screen geometry, {@code WIDTHxHEIGHTxDEPTH}, e.g.
	 * {@code 3840x1080x24}
	 * @return a desktop the caller must {@link #close()}
	 */
	public static TestDesktop start(String geometry) {
		if (!GEOMETRY.matcher(geometry).matches()) {
			throw new IllegalArgumentException("geometry must look like 3840x1080x24, not " + geometry);
		}
		return launch(geometry, false);
	}

	/**
	 * A private desktop of {@code geometry} started on the first {@link Supplier#get()}
	 * and stopped when the JVM exits: for a test class whose Spring context needs the
	 * display (a {@code @DynamicPropertySource}) before its {@code @BeforeAll} runs.
	 */
	public static Supplier<TestDesktop> onFirstUse(String geometry) {
		return new Supplier<>() {

			private TestDesktop desktop;

			@Override
			public synchronized TestDesktop get() {
				if (this.desktop == null) {
					this.desktop = start(geometry);
				}
				return this.desktop;
			}

		};
	}

	private static TestDesktop launch(String geometry, boolean isShared) {
		requireTools();
		return new TestDesktop(XvfbSession.start(geometry), geometry, isShared);
	}

	private static void requireTools() {
		List<String> missing = REQUIRED_TOOLS.stream().filter((tool) -> !onPath(tool)).toList();
		if (missing.isEmpty()) {
			return;
		}
		String message = "live-desktop tests need " + missing + " on PATH; on Debian/Ubuntu: apt-get install"
				+ " xvfb openbox xdotool wmctrl x11-utils imagemagick (see .ci/run)";
		if (missing.contains("Xvfb") && System.getenv("CI") == null) {
			throw new TestAbortedException("skipping live-desktop test: " + message);
		}
		throw new IllegalStateException(message);
	}

	private static boolean onPath(String tool) {
		String path = Optional.ofNullable(System.getenv("PATH")).orElse("");
		for (String dir : path.split(File.pathSeparator)) {
			if (!dir.isEmpty() && new File(dir, tool).canExecute()) {
				return true;
			}
		}
		return false;
	}

	private static RuntimeException copyOf(RuntimeException failure) {
		if (failure instanceof TestAbortedException) {
			return new TestAbortedException(failure.getMessage());
		}
		return new IllegalStateException("the shared test desktop failed to start earlier: " + failure.getMessage(),
				failure);
	}

	/**
	 * @return the X display name, e.g. {@code :401}
	 */
	public String display() {
		return this.session.display();
	}

	/**
	 * @return Xvfb's screen geometry, e.g. {@code 1920x1080x24}
	 */
	public String geometry() {
		return this.geometry;
	}

	/**
	 * The environment a client of this desktop needs ({@code DISPLAY} and a UTF-8
	 * locale), for tests that start long-lived clients with their own
	 * {@link ProcessBuilder}.
	 * @return the variables to add to the inherited environment
	 */
	public Map<String, String> environment() {
		return XvfbSession.environment(display());
	}

	/**
	 * Runs a command against this desktop and waits for it; kills it (and anything it
	 * started) after the timeout, since xclip and friends can hang.
	 * @param timeout how long the command may run
	 * @param command the command and its arguments
	 * @return exit code and output; {@link ProcessResult#TIMED_OUT} if killed
	 */
	public ProcessResult run(Duration timeout, String... command) {
		return this.commands.run(timeout, null, List.of(command));
	}

	/**
	 * Like {@link #run(Duration, String...)}, with {@code input} on the command's
	 * standard input (e.g. {@code xclip -i}).
	 * @param timeout how long the command may run
	 * @param input text for standard input, encoded as UTF-8
	 * @param command the command and its arguments
	 * @return exit code and output; {@link ProcessResult#TIMED_OUT} if killed
	 */
	public ProcessResult runWithInput(Duration timeout, String input, String... command) {
		return this.commands.run(timeout, input.getBytes(StandardCharsets.UTF_8), List.of(command));
	}

	/**
	 * @return the pointer position according to {@code xdotool getmouselocation}
	 */
	public Pointer pointerLocation() {
		String shell = run(QUICK, "xdotool", "getmouselocation", "--shell").requireSuccess("xdotool getmouselocation")
			.stdout();
		return new Pointer(shellValue(shell, "X"), shellValue(shell, "Y"));
	}

	private static int shellValue(String shell, String name) {
		Matcher matcher = Pattern.compile("(?m)^" + name + "=(-?\\d+)$").matcher(shell);
		if (!matcher.find()) {
			throw new IllegalStateException("xdotool getmouselocation printed no " + name + ": " + shell);
		}
		return Integer.parseInt(matcher.group(1));
	}

	/**
	 * @return the whole screen as ImageMagick's {@code import -window root} captures it
	 */
	public BufferedImage importRoot() {
		CommandRunner.Output output = this.commands.runForOutput(Duration.ofSeconds(30), null,
				List.of("import", "-window", "root", "png:-"));
		if (output.exitCode() != 0) {
			throw new IllegalStateException("import -window root failed: " + output.stderr());
		}
		try {
			BufferedImage image = ImageIO.read(new ByteArrayInputStream(output.stdout()));
			if (image == null) {
				throw new IllegalStateException("import -window root printed no PNG (" + output.stdout().length
						+ " bytes): " + output.stderr());
			}
			return image;
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * The keycodes the X server holds down, from {@code XQueryKeymap} on a connection of
	 * the test JVM's own: a different client from the driver under test.
	 * @return keycodes currently down (8..255), empty when nothing is held
	 */
	public Set<Integer> keysDown() {
		return XInputState.keysDown(display());
	}

	/**
	 * The mouse buttons the X server holds down, from {@code XQueryPointer}.
	 * @return a combination of {@link #BUTTON1_MASK}, {@link #BUTTON2_MASK},
	 * {@link #BUTTON3_MASK} (and the wheel buttons' bits), 0 when none is held
	 */
	public int buttonsDownMask() {
		return XInputState.buttonsDownMask(display());
	}

	/**
	 * The windows openbox manages, with titles as UTF-8. wmctrl cannot decode titles set
	 * only as COMPOUND_TEXT (xterm's), so those are read with xprop.
	 * @return the managed windows
	 */
	public List<ManagedWindow> windows() {
		ProcessResult list = run(QUICK, "wmctrl", "-l", "-p");
		// a window destroyed between wmctrl reading the client list and reading its
		// properties fails the whole listing with BadWindow: read the list again
		for (int attempt = 0; attempt < 5 && !list.succeeded() && list.stderr().contains("BadWindow"); attempt++) {
			Pause.millis(50);
			list = run(QUICK, "wmctrl", "-l", "-p");
		}
		if (!list.succeeded() && list.stderr().contains("Cannot get client list")) {
			// no _NET_CLIENT_LIST (yet): no managed windows
			return List.of();
		}
		List<ManagedWindow> windows = new ArrayList<>();
		for (ManagedWindow window : ManagedWindow.parseWmctrl(list.requireSuccess("wmctrl -l -p").stdout())) {
			windows.add(ManagedWindow.UNKNOWN_TITLE.equals(window.title())
					? new ManagedWindow(window.id(), window.pid(), wmName(window.id())) : window);
		}
		return windows;
	}

	private String wmName(long windowId) {
		String output = run(QUICK, "xprop", "-id", "0x" + Long.toHexString(windowId), "-notype", "WM_NAME").stdout()
			.strip();
		String prefix = "WM_NAME = \"";
		if (!output.startsWith(prefix) || !output.endsWith("\"")) {
			return ManagedWindow.UNKNOWN_TITLE;
		}
		return output.substring(prefix.length(), output.length() - 1).replace("\\\"", "\"").replace("\\\\", "\\");
	}

	/**
	 * Waits until a window with exactly this title is mapped and managed.
	 * @param title the exact title
	 * @param timeout how long to wait
	 * @return the window
	 * @throws AssertionError listing the windows present on timeout
	 */
	public ManagedWindow awaitWindow(String title, Duration timeout) {
		long deadline = System.nanoTime() + timeout.toNanos();
		while (true) {
			List<ManagedWindow> windows = windows();
			Optional<ManagedWindow> match = windows.stream().filter((w) -> w.title().equals(title)).findFirst();
			if (match.isPresent()) {
				return match.get();
			}
			if (System.nanoTime() > deadline) {
				throw new AssertionError("no window titled '" + title + "' on " + display() + " after " + timeout
						+ "; managed windows: " + windows);
			}
			Pause.millis(25);
		}
	}

	/**
	 * Activates the window with exactly this title and waits until it is the active
	 * window.
	 * @param title the exact title
	 */
	public void activate(String title) {
		activate(awaitWindow(title, QUICK).id(), QUICK);
	}

	/**
	 * Activates a window through the window manager ({@code _NET_ACTIVE_WINDOW}) and
	 * waits until the window manager reports it active, asking again every second.
	 * @param windowId the client window's id
	 * @param timeout how long to wait
	 * @throws AssertionError when it does not become active in time
	 */
	public void activate(long windowId, Duration timeout) {
		long deadline = System.nanoTime() + timeout.toNanos();
		long nextRequest = 0;
		while (activeWindowId() != windowId) {
			long now = System.nanoTime();
			if (now > deadline) {
				throw new AssertionError(String.format("window 0x%x did not become active within %s; active: %s",
						windowId, timeout, activeWindowTitle()));
			}
			if (now >= nextRequest) {
				run(QUICK, "wmctrl", "-i", "-a", "0x" + Long.toHexString(windowId)).requireSuccess("wmctrl -a");
				nextRequest = now + Duration.ofSeconds(1).toNanos();
			}
			Pause.millis(20);
		}
	}

	/**
	 * @return the id in the root's {@code _NET_ACTIVE_WINDOW}, 0 when none is active
	 */
	public long activeWindowId() {
		String output = run(QUICK, "xprop", "-root", "_NET_ACTIVE_WINDOW").stdout();
		Matcher matcher = ACTIVE_WINDOW.matcher(output);
		return matcher.find() ? Long.parseLong(matcher.group(1).substring(2), 16) : 0;
	}

	/**
	 * @return the active window's title, or {@code null} when no managed window is active
	 */
	public String activeWindowTitle() {
		long id = activeWindowId();
		return windows().stream().filter((w) -> w.id() == id).map(ManagedWindow::title).findFirst().orElse(null);
	}

	/**
	 * @return whether Xvfb and openbox are both still running
	 */
	public boolean isAlive() {
		return this.session.isAlive();
	}

	/**
	 * Stops a desktop from {@link #start(String)}: openbox, then Xvfb, by PID.
	 * @throws IllegalStateException on the shared desktop, which other tests still use
	 */
	@Override
	public void close() {
		if (this.isShared) {
			throw new IllegalStateException("the shared test desktop is stopped at JVM exit; do not close it");
		}
		try {
			Runtime.getRuntime().removeShutdownHook(this.shutdownHook);
		}
		catch (IllegalStateException ex) {
			// already shutting down: the hook stops the session
			return;
		}
		this.session.stop();
	}

	/**
	 * Stops the X server with SIGSTOP: it keeps its sockets and clients but answers
	 * nothing until {@link #continueServer()}. Private desktops only.
	 */
	public void stopServer() {
		requirePrivate();
		this.session.signalXvfb("STOP");
	}

	/** Lets a server stopped by {@link #stopServer()} run again (SIGCONT). */
	public void continueServer() {
		requirePrivate();
		this.session.signalXvfb("CONT");
	}

	/**
	 * Stops openbox with SIGSTOP, as a window manager busy under load: it answers
	 * nothing, and pointer events it grabbed wait in the server, until
	 * {@link #continueWindowManager()}. Private desktops only.
	 */
	public void stopWindowManager() {
		requirePrivate();
		this.session.signalOpenbox("STOP");
	}

	/** Lets openbox stopped by {@link #stopWindowManager()} run again (SIGCONT). */
	public void continueWindowManager() {
		requirePrivate();
		this.session.signalOpenbox("CONT");
	}

	/**
	 * Kills the X server with SIGKILL, as a crash would; openbox goes with it. Private
	 * desktops only.
	 */
	public void killServer() {
		requirePrivate();
		this.session.killXvfb();
	}

	/**
	 * Starts a new X server and openbox on the same display number after
	 * {@link #killServer()}.
	 */
	public void restartServer() {
		requirePrivate();
		this.session.restartXvfb();
	}

	private void requirePrivate() {
		if (this.isShared) {
			throw new IllegalStateException("the shared test desktop must not be stopped or killed");
		}
	}

	@Override
	public String toString() {
		return String.format(Locale.ROOT, "TestDesktop[%s %s, Xvfb pid %d, openbox pid %d]", display(), this.geometry,
				this.session.xvfbPid(), this.session.openboxPid());
	}

}
