package dev.deskhand.testing;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.opentest4j.TestAbortedException;

/**
 * A headless KWin (Plasma 5.27's compositor) for KDE live tests, the counterpart of
 * {@link SwaySession} and {@link GnomeSession}: {@code kwin_wayland --virtual} with two
 * virtual outputs side by side, on a private D-Bus session bus of its own.
 * <p>
 * <b>The copied binary.</b> Debian's {@code /usr/bin/kwin_wayland} carries the file
 * capability {@code cap_sys_resource=ep}, which a container whose bounding set lacks
 * CAP_SYS_RESOURCE cannot honour: exec fails with "Operation not permitted". The rig runs
 * a copy (a copy has no file capabilities) from its work directory, still named
 * {@code kwin_wayland}: KWin's built-in Qt platform plugin checks the executable's name
 * and aborts under any other.
 * <p>
 * <b>Test-only permission switches.</b> KWin restricts {@code org_kde_kwin_fake_input}
 * (input), {@code org.kde.KWin.ScreenShot2} (capture) and a few other interfaces to
 * programs its {@code .desktop} files authorise. The rig turns the checks off with
 * {@code KWIN_WAYLAND_NO_PERMISSION_CHECKS=1} (without it KWin does not even advertise
 * fake input) and {@code KWIN_SCREENSHOT_NO_PERMISSION_CHECKS=1} (without it ScreenShot2
 * answers {@code NoAuthorized}). These variables are for tests only: on a real Plasma
 * session the authorisation comes from the {@code X-KDE-Wayland-Interfaces} and
 * {@code X-KDE-DBUS-Restricted-Interfaces} keys of the program's {@code .desktop} file.
 * <p>
 * Layout ({@link #OUTPUTS}): {@code Virtual-0} and {@code Virtual-1}, 1280x800 each at
 * scale 1, side by side ({@code --output-count 2}; KWin's virtual backend gives every
 * output the same size and scale). The witness windows are placed by KWin window rules
 * ({@code kwinrulesrc}, forced position and size, no border) by their app_id:
 * {@value #WITNESS_APP_ID} at {@link #WITNESS_RECT}, {@value #WITNESS2_APP_ID} at
 * {@link #WITNESS2_RECT}.
 * <p>
 * <b>The session runs as the test JVM's own user</b>, root on CI, unlike the sway and
 * GNOME rigs (uid {@value SessionUser#UID}): KWin names the client of a restricted
 * interface by reading {@code /proc/<pid>/exe}, which a KWin of another uid cannot read
 * for a root JVM; it then logs "Could not identify process with pid N" and hides fake
 * input even with the permission checks off (verified: {@code wayland-info} as root
 * listed no {@code org_kde_kwin_fake_input} on a KWin run as uid 65534, as that uid it
 * did). On a real desktop Deskhand and KWin are the same user too. Every process gets an
 * {@code env -i} environment with HOME, XDG_RUNTIME_DIR (mode 700) and the XDG config,
 * data, state and cache homes in the rig's temporary directory, so KWin writes none of
 * the user's files. Nothing is D-Bus-activated; the rig stops what it started by PID.
 * <p>
 * {@link #shared()} is started once per test JVM and stopped by a shutdown hook. Without
 * kwin_wayland installed, tests are skipped on a developer machine and fail on CI
 * ({@code CI} set).
 */
public final class KwinSession implements AutoCloseable {

	/** The app_id the first witness window uses; placed on Virtual-0. */
	public static final String WITNESS_APP_ID = "deskhand.witness";

	/** The app_id the second witness window uses; placed on Virtual-1. */
	public static final String WITNESS2_APP_ID = "deskhand.witness2";

	/** Where the rules put {@value #WITNESS_APP_ID}: its content, in layout units. */
	public static final ScreenRect WITNESS_RECT = new ScreenRect(200, 100, 800, 500);

	/** Where the rules put {@value #WITNESS2_APP_ID}: on Virtual-1. */
	public static final ScreenRect WITNESS2_RECT = new ScreenRect(1280 + 240, 200, 800, 500);

	/**
	 * A virtual output as the rig asks KWin for it.
	 *
	 * @param name KWin's name for it
	 * @param rect where it sits, in layout units (= pixels at scale 1)
	 */
	public record Output(String name, ScreenRect rect) {
	}

	/** The outputs, left to right. */
	public static final List<Output> OUTPUTS = List.of(new Output("Virtual-0", new ScreenRect(0, 0, 1280, 800)),
			new Output("Virtual-1", new ScreenRect(1280, 0, 1280, 800)));

	/** The Wayland socket's name in the runtime directory. */
	public static final String WAYLAND_DISPLAY = "wayland-kde";

	private static final List<String> REQUIRED_TOOLS = List.of("kwin_wayland", "dbus-daemon", "gdbus", "wl-copy",
			"wl-paste");

	private static final Duration READY_TIMEOUT = Duration.ofSeconds(40);

	private static final Duration RUN_TIMEOUT = Duration.ofSeconds(20);

	private static final Duration STOP_GRACE = Duration.ofSeconds(5);

	private static final String BUS_CONFIG = """
			<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
			 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
			<!-- written by dev.deskhand.testing.KwinSession -->
			<busconfig>
			  <type>session</type>
			  <listen>unix:path=%s</listen>
			  <auth>EXTERNAL</auth>
			  <policy context="default">
			    <allow user="*"/>
			    <allow send_destination="*" eavesdrop="true"/>
			    <allow eavesdrop="true"/>
			    <allow own="*"/>
			  </policy>
			</busconfig>
			""";

	// a forced position and size and no border, as a user's "Window Rules" would set
	private static final String RULE = """
			[%d]
			Description=%s
			wmclass=%s
			wmclassmatch=1
			position=%d,%d
			positionrule=2
			size=%d,%d
			sizerule=2
			noborder=true
			noborderrule=2
			""";

	// prints every window for windows(): the KWin scripting API, its print() in KWin's
	// log
	private static final String LIST_SCRIPT = """
			var clients = workspace.clientList();
			for (var i = 0; i < clients.length; i++) {
			    var c = clients[i];
			    var g = c.frameGeometry;
			    print("DESKHAND-WINDOW %s pid=" + c.pid + " x=" + g.x + " y=" + g.y + " w=" + g.width
			        + " h=" + g.height + " active=" + c.active + " class=" + c.resourceClass);
			}
			print("DESKHAND-END %s");
			""";

	private static final String ACTIVATE_SCRIPT = """
			var clients = workspace.clientList();
			for (var i = 0; i < clients.length; i++) {
			    if (clients[i].pid == %d) {
			        workspace.activeClient = clients[i];
			    }
			}
			print("DESKHAND-END %s");
			""";

	private static final Pattern WINDOW_LINE = Pattern.compile(
			"DESKHAND-WINDOW (\\S+) pid=(\\d+) x=(-?\\d+) y=(-?\\d+) w=(\\d+) h=(\\d+) active=(true|false) class=(\\S*)");

	private static KwinSession shared;

	private static RuntimeException sharedFailure;

	private static int scripts;

	private final Process bus;

	private final Process kwin;

	private final Path workDir;

	private final Path runtimeDir;

	private final Path home;

	private final double scale;

	private final Thread shutdownHook;

	private KwinSession(Process bus, Process kwin, Path workDir, Path runtimeDir, Path home, double scale) {
		this.bus = bus;
		this.kwin = kwin;
		this.workDir = workDir;
		this.runtimeDir = runtimeDir;
		this.home = home;
		this.scale = scale;
		this.shutdownHook = new Thread(this::stop, "deskhand-kwin-" + kwin.pid());
		Runtime.getRuntime().addShutdownHook(this.shutdownHook);
	}

	/**
	 * The KWin shared by every KDE live test in this JVM, started on first use.
	 * @return the shared session
	 * @throws TestAbortedException when kwin_wayland is not installed and {@code CI} is
	 * not set
	 * @throws IllegalStateException when KWin cannot be started
	 */
	public static synchronized KwinSession shared() {
		// a rig that failed once fails the same way again: do not pay the timeout per
		// test
		if (sharedFailure != null) {
			throw (sharedFailure instanceof TestAbortedException) ? new TestAbortedException(sharedFailure.getMessage())
					: new IllegalStateException(
							"the shared KWin failed to start earlier: " + sharedFailure.getMessage(), sharedFailure);
		}
		if (shared == null) {
			try {
				requireTools();
				shared = start(1.0);
			}
			catch (RuntimeException ex) {
				sharedFailure = ex;
				throw ex;
			}
		}
		return shared;
	}

	private static void requireTools() {
		List<String> missing = SessionUser.missingTools(REQUIRED_TOOLS);
		if (missing.isEmpty()) {
			return;
		}
		String message = "KDE live tests need " + missing + " on PATH; on Debian: apt-get install kwin-wayland"
				+ " qtwayland5 dbus libglib2.0-bin wl-clipboard util-linux (see .ci/run)";
		if (missing.contains("kwin_wayland") && System.getenv("CI") == null) {
			throw new TestAbortedException("skipping KDE live test: " + message);
		}
		throw new IllegalStateException(message);
	}

	/**
	 * A KWin of the test's own, with both outputs at {@code scale} (KWin's virtual
	 * backend scales every output alike): {@link #OUTPUTS} are then layout units, and
	 * each output has {@code 1280 * scale} x {@code 800 * scale} device pixels. The
	 * caller closes it.
	 * @param scale e.g. 1.25
	 * @return the running session
	 */
	public static KwinSession startScaled(double scale) {
		requireTools();
		return start(scale);
	}

	private static KwinSession start(double scale) {
		Path workDir = SessionUser.createWorkDir("deskhand-kwin-");
		Process bus = null;
		try {
			Path runtimeDir = Files.createDirectory(workDir.resolve("runtime"));
			Path home = Files.createDirectory(workDir.resolve("home"));
			Path config = Files.createDirectories(home.resolve(".config"));
			Files.writeString(config.resolve("kwinrulesrc"), rules(), StandardCharsets.UTF_8);
			Path busConfig = Files.writeString(workDir.resolve("bus.conf"),
					String.format(Locale.ROOT, BUS_CONFIG, runtimeDir.resolve("bus")), StandardCharsets.UTF_8);
			Path binary = copyKwin(workDir);
			Files.setPosixFilePermissions(runtimeDir, PosixFilePermissions.fromString("rwx------"));
			Map<String, String> environment = environment(runtimeDir, home);
			bus = startLogged(environment, workDir, "dbus",
					List.of("dbus-daemon", "--config-file=" + busConfig, "--nofork"));
			awaitFile(bus, runtimeDir.resolve("bus"), workDir);
			Map<String, String> kwinEnvironment = new java.util.LinkedHashMap<>(environment);
			// test-only: see the class comment
			kwinEnvironment.put("KWIN_WAYLAND_NO_PERMISSION_CHECKS", "1");
			kwinEnvironment.put("KWIN_SCREENSHOT_NO_PERMISSION_CHECKS", "1");
			kwinEnvironment.put("QT_QPA_PLATFORM", "wayland-org.kde.kwin.qpa");
			// scripts' print() lands in KWin's log, where windows() reads it
			kwinEnvironment.put("QT_LOGGING_RULES", "js.debug=true;kwin_scripting.debug=true");
			Output first = OUTPUTS.get(0);
			Process kwin = startLogged(kwinEnvironment, workDir, "kwin",
					List.of(binary.toString(), "--virtual", "--width", Integer.toString(first.rect().width()),
							"--height", Integer.toString(first.rect().height()), "--output-count",
							Integer.toString(OUTPUTS.size()), "--scale", Double.toString(scale), "--socket",
							WAYLAND_DISPLAY, "--no-lockscreen"));
			KwinSession session = new KwinSession(bus, kwin, workDir, runtimeDir, home, scale);
			try {
				session.awaitKwin();
			}
			catch (RuntimeException ex) {
				session.stop();
				throw ex;
			}
			return session;
		}
		catch (IOException ex) {
			CommandRunner.stop(bus, STOP_GRACE);
			CommandRunner.deleteRecursively(workDir);
			throw new UncheckedIOException(ex);
		}
		catch (RuntimeException ex) {
			CommandRunner.stop(bus, STOP_GRACE);
			CommandRunner.deleteRecursively(workDir);
			throw ex;
		}
	}

	private static String rules() {
		StringBuilder rules = new StringBuilder("[General]\ncount=2\nrules=1,2\n\n");
		rules.append(rule(1, WITNESS_APP_ID, WITNESS_RECT))
			.append('\n')
			.append(rule(2, WITNESS2_APP_ID, WITNESS2_RECT));
		return rules.toString();
	}

	private static String rule(int number, String appId, ScreenRect rect) {
		return String.format(Locale.ROOT, RULE, number, appId, appId, rect.x(), rect.y(), rect.width(), rect.height());
	}

	// a copy has no file capability (see the class comment) and keeps the name KWin's
	// platform plugin insists on
	private static Path copyKwin(Path workDir) throws IOException {
		Path installed = Path.of("/usr/bin/kwin_wayland");
		for (String dir : SessionUser.PATH.split(File.pathSeparator)) {
			Path candidate = Path.of(dir, "kwin_wayland");
			if (Files.isExecutable(candidate)) {
				installed = candidate;
				break;
			}
		}
		Path bin = Files.createDirectory(workDir.resolve("bin"));
		Files.setPosixFilePermissions(bin, PosixFilePermissions.fromString("rwxr-xr-x"));
		Path copy = Files.copy(installed, bin.resolve("kwin_wayland"), StandardCopyOption.REPLACE_EXISTING);
		Files.setPosixFilePermissions(copy, PosixFilePermissions.fromString("rwxr-xr-x"));
		return copy;
	}

	// the JVM's own user: see the class comment
	private static Process startLogged(Map<String, String> environment, Path workDir, String name,
			List<String> command) {
		List<String> full = SessionUser.command(false, environment, command);
		ProcessBuilder builder = new ProcessBuilder(full).redirectErrorStream(true)
			.redirectOutput(workDir.resolve(name + ".log").toFile())
			.redirectInput(new File("/dev/null"));
		return CommandRunner.start(builder, full);
	}

	private static void awaitFile(Process process, Path file, Path workDir) {
		long deadline = System.nanoTime() + READY_TIMEOUT.toNanos();
		while (!Files.exists(file)) {
			if (!process.isAlive() || System.nanoTime() > deadline) {
				throw new IllegalStateException(
						file.getFileName() + " did not appear within " + READY_TIMEOUT + ":\n" + logs(workDir));
			}
			Pause.millis(20);
		}
	}

	// KWin owns org.kde.KWin once its scripting and effects are up; the Wayland socket
	// comes earlier
	private void awaitKwin() {
		long deadline = System.nanoTime() + READY_TIMEOUT.toNanos();
		while (true) {
			if (Files.exists(this.runtimeDir.resolve(WAYLAND_DISPLAY)) && ownsKwinNames()) {
				return;
			}
			if (!this.kwin.isAlive() || !this.bus.isAlive()) {
				throw new IllegalStateException("a process of the KWin session exited:\n" + logs(this.workDir));
			}
			if (System.nanoTime() > deadline) {
				throw new IllegalStateException("KWin did not own org.kde.KWin and org.kde.KWin.ScreenShot2 within "
						+ READY_TIMEOUT + ":\n" + logs(this.workDir));
			}
			Pause.millis(100);
		}
	}

	private boolean ownsKwinNames() {
		ProcessResult names = gdbus(List.of("call", "--session", "--dest", "org.freedesktop.DBus", "--object-path",
				"/org/freedesktop/DBus", "--method", "org.freedesktop.DBus.ListNames"));
		return names.succeeded() && names.stdout().contains("'org.kde.KWin'")
				&& names.stdout().contains("'org.kde.KWin.ScreenShot2'");
	}

	/**
	 * Runs {@code gdbus} (GLib's D-Bus client, not dbus-java) as the session's user.
	 * @param arguments gdbus's arguments
	 * @return its exit code and output
	 */
	public ProcessResult gdbus(List<String> arguments) {
		List<String> command = new ArrayList<>(List.of("gdbus"));
		command.addAll(arguments);
		return run(command);
	}

	/**
	 * Runs a client of the session as its user and waits for it (at most 20 s).
	 * @param command the client and its arguments
	 * @return exit code and output
	 */
	public ProcessResult run(List<String> command) {
		return run(RUN_TIMEOUT, null, command);
	}

	/**
	 * Like {@link #run(List)}, with a timeout and optional standard input.
	 * @param timeout how long the client may run
	 * @param stdin bytes for standard input, or {@code null}
	 * @param command the client and its arguments
	 * @return exit code and output
	 */
	public ProcessResult run(Duration timeout, byte[] stdin, List<String> command) {
		return new CommandRunner(Map.of()).run(timeout, stdin, clientCommand(command));
	}

	/**
	 * @param command a client and its arguments
	 * @return the command line that runs it as the session's user (the JVM's) with
	 * exactly {@link #environment()}
	 */
	public List<String> clientCommand(List<String> command) {
		return SessionUser.command(false, environment(), command);
	}

	/**
	 * Starts a long-lived client as the session's user, its output discarded and its
	 * standard input a pipe.
	 * @param command the client and its arguments
	 * @return the process; the caller stops it by PID
	 */
	public Process startClient(List<String> command) {
		List<String> full = clientCommand(command);
		return CommandRunner.start(
				new ProcessBuilder(full).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD),
				full);
	}

	/**
	 * A window as KWin's scripting API reports it, read by a script the rig loads with
	 * gdbus: independent of the driver's own scripting code.
	 *
	 * @param pid the client's PID
	 * @param frame its frame in layout units (no border under the rig's rules)
	 * @param active whether it is KWin's active window
	 * @param resourceClass its class (the Wayland app_id)
	 */
	public record KwinWindow(long pid, ScreenRect frame, boolean active, String resourceClass) {
	}

	/**
	 * Every window KWin manages now, from a KWin script's {@code print()} in KWin's log.
	 * @return the windows, in KWin's client list order
	 */
	public synchronized List<KwinWindow> windows() {
		String tag = "s" + (++scripts) + "x" + System.nanoTime();
		String log = runScript(tag, String.format(Locale.ROOT, LIST_SCRIPT, tag, tag));
		List<KwinWindow> windows = new ArrayList<>();
		Matcher matcher = WINDOW_LINE.matcher(log);
		while (matcher.find()) {
			if (matcher.group(1).equals(tag)) {
				windows.add(new KwinWindow(Long.parseLong(matcher.group(2)),
						new ScreenRect(Integer.parseInt(matcher.group(3)), Integer.parseInt(matcher.group(4)),
								Integer.parseInt(matcher.group(5)), Integer.parseInt(matcher.group(6))),
						Boolean.parseBoolean(matcher.group(7)), matcher.group(8)));
			}
		}
		return windows;
	}

	/**
	 * @param pid a client's PID
	 * @return its window, if KWin manages one
	 */
	public Optional<KwinWindow> window(long pid) {
		return windows().stream().filter((window) -> window.pid() == pid).findFirst();
	}

	/**
	 * Makes the window of {@code pid} KWin's active window (a KWin script through gdbus).
	 * @param pid the client's PID
	 */
	public synchronized void activate(long pid) {
		String tag = "s" + (++scripts) + "a" + System.nanoTime();
		runScript(tag, String.format(Locale.ROOT, ACTIVATE_SCRIPT, pid, tag));
	}

	/**
	 * Loads and starts a script that prints {@code DESKHAND-END <tag>} last, waits for
	 * that line in KWin's log, then unloads it: KWin reads and runs a started script
	 * asynchronously, so unloading right after {@code start} can stop it before it ran
	 * (seen: a script that never printed, in 1 of 3 runs).
	 * @return KWin's log up to and including the script's end
	 */
	private String runScript(String tag, String source) {
		Path script = writeFile(tag + ".js", source);
		ProcessResult loaded = gdbus(List.of("call", "--session", "--dest", "org.kde.KWin", "--object-path",
				"/Scripting", "--method", "org.kde.kwin.Scripting.loadScript", script.toString(), tag));
		if (!loaded.succeeded()) {
			throw new IllegalStateException("KWin did not load " + script + ": " + loaded.stderr());
		}
		try {
			ProcessResult started = gdbus(List.of("call", "--session", "--dest", "org.kde.KWin", "--object-path",
					"/Scripting", "--method", "org.kde.kwin.Scripting.start"));
			if (!started.succeeded()) {
				throw new IllegalStateException("KWin did not start " + script + ": " + started.stderr());
			}
			long deadline = System.nanoTime() + RUN_TIMEOUT.toNanos();
			while (true) {
				String log = read(this.workDir.resolve("kwin.log"));
				if (log.contains("DESKHAND-END " + tag)) {
					return log;
				}
				if (System.nanoTime() > deadline) {
					throw new IllegalStateException(
							"KWin's script " + tag + " printed nothing:\n" + logs(this.workDir));
				}
				Pause.millis(20);
			}
		}
		finally {
			gdbus(List.of("call", "--session", "--dest", "org.kde.KWin", "--object-path", "/Scripting", "--method",
					"org.kde.kwin.Scripting.unloadScript", tag));
		}
	}

	/**
	 * Writes a file the session's user can read (e.g. a witness script).
	 * @param name the file's name in the rig's work directory
	 * @param content its text
	 * @return its path
	 */
	public Path writeFile(String name, String content) {
		try {
			Path file = Files.writeString(this.workDir.resolve(name), content, StandardCharsets.UTF_8);
			Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));
			return file;
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * The whole environment a client of the session gets: PATH, HOME, the XDG
	 * directories, the session bus, {@value #WAYLAND_DISPLAY}, a UTF-8 locale, GTK on
	 * Wayland without the accessibility bus.
	 * @return the variables; a client gets these and nothing else
	 */
	public Map<String, String> environment() {
		Map<String, String> environment = environment(this.runtimeDir, this.home);
		environment.put("WAYLAND_DISPLAY", WAYLAND_DISPLAY);
		environment.put("XDG_SESSION_TYPE", "wayland");
		environment.put("XDG_CURRENT_DESKTOP", "KDE");
		environment.put("GDK_BACKEND", "wayland");
		environment.put("NO_AT_BRIDGE", "1");
		return environment;
	}

	private static Map<String, String> environment(Path runtimeDir, Path home) {
		Map<String, String> environment = SessionUser.baseEnvironment(runtimeDir, home);
		environment.put("XDG_DATA_HOME", home.resolve(".local/share").toString());
		environment.put("XDG_STATE_HOME", home.resolve(".local/state").toString());
		environment.put("DBUS_SESSION_BUS_ADDRESS", "unix:path=" + runtimeDir.resolve("bus"));
		return environment;
	}

	/**
	 * @return the session bus's address ({@code unix:path=...})
	 */
	public String busAddress() {
		return "unix:path=" + this.runtimeDir.resolve("bus");
	}

	/**
	 * @return the session's XDG_RUNTIME_DIR
	 */
	public Path runtimeDir() {
		return this.runtimeDir;
	}

	Path workDir() {
		return this.workDir;
	}

	/**
	 * @return whether KWin and its bus still run
	 */
	public boolean isAlive() {
		return this.kwin.isAlive() && this.bus.isAlive();
	}

	/**
	 * @return the PIDs of the bus and KWin
	 */
	public List<Long> pids() {
		return List.of(this.bus.pid(), this.kwin.pid());
	}

	/**
	 * @return the end of KWin's and the bus's logs, for failure messages
	 */
	public String logTail() {
		return logs(this.workDir);
	}

	/**
	 * @return the scale of every output (1 for the shared session)
	 */
	public double scale() {
		return this.scale;
	}

	/** Stops a session of {@link #startScaled}; the shared one is stopped at exit. */
	@Override
	public void close() {
		if (this == shared) {
			return;
		}
		try {
			Runtime.getRuntime().removeShutdownHook(this.shutdownHook);
		}
		catch (IllegalStateException ex) {
			// the JVM is exiting and the hook is stopping it already
		}
		stop();
	}

	private void stop() {
		CommandRunner.stop(this.kwin, STOP_GRACE);
		CommandRunner.stop(this.bus, STOP_GRACE);
		CommandRunner.deleteRecursively(this.workDir);
	}

	private static String read(Path file) {
		try {
			return Files.exists(file) ? Files.readString(file, StandardCharsets.UTF_8) : "";
		}
		catch (IOException ex) {
			return "";
		}
	}

	private static String logs(Path workDir) {
		StringBuilder text = new StringBuilder();
		for (String name : List.of("dbus", "kwin")) {
			String[] lines = read(workDir.resolve(name + ".log")).strip().split("\n");
			text.append("--- ").append(name).append(":\n");
			text.append(String.join("\n", List.of(lines).subList(Math.max(0, lines.length - 20), lines.length)))
				.append('\n');
		}
		return text.toString();
	}

	@Override
	public String toString() {
		return String.format(Locale.ROOT, "KwinSession[pids %s, %s]", pids(), this.runtimeDir);
	}

}
