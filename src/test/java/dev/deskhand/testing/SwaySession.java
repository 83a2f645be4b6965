package dev.deskhand.testing;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import javax.imageio.ImageIO;

import org.opentest4j.TestAbortedException;

/**
 * A headless sway 1.7 for Wayland live tests, the Wayland counterpart of
 * {@link TestDesktop}: two outputs, known window placement, and independent ways to look
 * at it (the rig's own IPC client, grim, wl-clipboard, wtype).
 * <p>
 * Layout (sway's logical "layout units"; device pixels in brackets):
 * <ul>
 * <li>{@code HEADLESS-1}: mode 1920x1080 scale 1.25 at layout (0,0), layout size 1536x864
 * [1920x1080].</li>
 * <li>{@code HEADLESS-2}: mode 1280x1024 scale 1 at layout (1536,0), created through IPC
 * ({@code create_output}) since the headless backend starts with one output.</li>
 * <li>{@value #WITNESS_APP_ID}: floating 800x500 at layout (200,100) on HEADLESS-1, i.e.
 * device (250,125) there; {@value #WITNESS2_APP_ID}: floating 800x500 at layout
 * (1776,262) on HEADLESS-2, i.e. output-local (240,262). Placed by {@code for_window}
 * rules, one command per rule: sway 1.7 ignores a quoted command list in a config file's
 * {@code for_window}.</li>
 * </ul>
 * sway 1.7 refuses to run as root, so as root (CI) the compositor and every client run as
 * uid/gid {@value #SWAY_UID} through {@code setpriv}, with a runtime directory of their
 * own (mode 700). Clients run as that uid too: GTK run as root would leave root-owned
 * files (dconf) in the runtime directory that later clients cannot open. Every process
 * gets an {@code env -i} environment, so a developer's session (WAYLAND_DISPLAY, DBUS,
 * input methods) never leaks in.
 * <p>
 * {@link #shared()} is started once per test JVM and stopped by a shutdown hook. Without
 * sway installed, tests are skipped on a developer machine and fail on CI ({@code CI}
 * set), like {@link TestDesktop}.
 */
public final class SwaySession {

	/** The app_id the first witness window uses; placed on HEADLESS-1. */
	public static final String WITNESS_APP_ID = "deskhand.witness";

	/** The app_id the second witness window uses; placed on HEADLESS-2. */
	public static final String WITNESS2_APP_ID = "deskhand.witness2";

	/** Where the for_window rules put {@value #WITNESS_APP_ID}, in layout units. */
	public static final ScreenRect WITNESS_LAYOUT_RECT = new ScreenRect(200, 100, 800, 500);

	/** Where the for_window rules put {@value #WITNESS2_APP_ID}, in layout units. */
	public static final ScreenRect WITNESS2_LAYOUT_RECT = new ScreenRect(1776, 262, 800, 500);

	/** The binding the driver's failsafe listens for; the rig declares it. */
	public static final String FAILSAFE_BINDING = "Mod4+Ctrl+Escape";

	static final int SWAY_UID = SessionUser.UID;

	private static final List<String> REQUIRED_TOOLS = List.of("sway", "grim", "wtype", "wl-copy", "wl-paste");

	private static final Duration READY_TIMEOUT = Duration.ofSeconds(30);

	private static final Duration IPC_TIMEOUT = Duration.ofSeconds(10);

	private static final Duration RUN_TIMEOUT = Duration.ofSeconds(20);

	private static final Duration STOP_GRACE = Duration.ofSeconds(5);

	private static final String CONFIG = """
			# written by dev.deskhand.testing.SwaySession
			output HEADLESS-1 mode 1920x1080 position 0 0 scale 1.25
			output HEADLESS-2 mode 1280x1024 position 1536 0 scale 1
			default_border none
			default_floating_border none
			focus_follows_mouse no
			xwayland disable
			bindsym --no-repeat %s nop deskhand-failsafe
			%s
			%s
			""";

	private static final Pattern SEAT_CAPABILITIES = Pattern.compile("\"capabilities\":\\s*(\\d+)");

	private static SwaySession shared;

	private static RuntimeException sharedFailure;

	private final Process sway;

	private final Path workDir;

	private final Path runtimeDir;

	private final Path home;

	private final Path swaySocket;

	private final String waylandDisplay;

	private final boolean dropPrivileges;

	private final Thread shutdownHook;

	private SwaySession(Process sway, Path workDir, Path runtimeDir, Path home, Path swaySocket, String waylandDisplay,
			boolean dropPrivileges) {
		this.sway = sway;
		this.workDir = workDir;
		this.runtimeDir = runtimeDir;
		this.home = home;
		this.swaySocket = swaySocket;
		this.waylandDisplay = waylandDisplay;
		this.dropPrivileges = dropPrivileges;
		this.shutdownHook = new Thread(this::stop, "deskhand-sway-" + sway.pid());
		Runtime.getRuntime().addShutdownHook(this.shutdownHook);
	}

	/**
	 * The sway shared by every Wayland live test in this JVM, started on first use.
	 * @return the shared session
	 * @throws TestAbortedException when sway is not installed and {@code CI} is not set
	 * @throws IllegalStateException when sway cannot be started
	 */
	public static synchronized SwaySession shared() {
		// a rig that failed once fails the same way again: do not pay the timeout per
		// test
		if (sharedFailure != null) {
			throw (sharedFailure instanceof TestAbortedException) ? new TestAbortedException(sharedFailure.getMessage())
					: new IllegalStateException(
							"the shared sway failed to start earlier: " + sharedFailure.getMessage(), sharedFailure);
		}
		if (shared == null) {
			try {
				requireTools();
				shared = start();
			}
			catch (RuntimeException ex) {
				sharedFailure = ex;
				throw ex;
			}
		}
		return shared;
	}

	/**
	 * A sway of the caller's own, for tests that change the compositor for good (own-seat
	 * adds a seat that sway 1.7 cannot remove, and a second seat would change which seat
	 * {@code wtype} types on in the shared one).
	 * @return the session; {@link #close()} it when done
	 * @throws TestAbortedException when sway is not installed and {@code CI} is not set
	 */
	public static SwaySession startPrivate() {
		requireTools();
		return start();
	}

	/** Stops a session from {@link #startPrivate()}. */
	public void close() {
		try {
			Runtime.getRuntime().removeShutdownHook(this.shutdownHook);
		}
		catch (IllegalStateException ex) {
			// the JVM is shutting down: the hook stops it
			return;
		}
		stop();
	}

	private static void requireTools() {
		List<String> missing = SessionUser.missingTools(REQUIRED_TOOLS);
		if (missing.isEmpty()) {
			return;
		}
		String message = "Wayland live tests need " + missing + " on PATH; on Debian: apt-get install sway grim wtype"
				+ " wl-clipboard util-linux python3-gi python3-gi-cairo gir1.2-gtk-3.0 (see .ci/run)";
		if (missing.contains("sway") && System.getenv("CI") == null) {
			throw new TestAbortedException("skipping Wayland live test: " + message);
		}
		throw new IllegalStateException(message);
	}

	private static SwaySession start() {
		boolean root = SessionUser.isRoot();
		Path workDir = SessionUser.createWorkDir("deskhand-sway-");
		Process sway = null;
		try {
			Path runtimeDir = Files.createDirectory(workDir.resolve("runtime"));
			Path home = Files.createDirectory(workDir.resolve("home"));
			Path config = Files.writeString(workDir.resolve("sway.conf"), config(), StandardCharsets.UTF_8);
			if (root) {
				SessionUser.handTo(workDir);
				SessionUser.handTo(runtimeDir);
				SessionUser.handTo(home);
			}
			// only the compositor's uid may enter its runtime directory (sway warns
			// otherwise, and clients of other users must not reach its sockets)
			Files.setPosixFilePermissions(runtimeDir, PosixFilePermissions.fromString("rwx------"));
			Map<String, String> baseEnvironment = SessionUser.baseEnvironment(runtimeDir, home);
			Map<String, String> swayEnvironment = new LinkedHashMap<>(baseEnvironment);
			swayEnvironment.put("WLR_BACKENDS", "headless");
			swayEnvironment.put("WLR_RENDERER", "pixman");
			swayEnvironment.put("WLR_LIBINPUT_NO_DEVICES", "1");
			swayEnvironment.put("WLR_HEADLESS_OUTPUTS", "1");
			List<String> command = SessionUser.command(root, swayEnvironment, List.of("sway", "-c", config.toString()));
			Path log = workDir.resolve("sway.log");
			ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
				.redirectOutput(log.toFile())
				.redirectInput(new File("/dev/null"));
			sway = CommandRunner.start(builder, command);
			Ready ready = awaitSockets(sway, runtimeDir, log);
			SwaySession session = new SwaySession(sway, workDir, runtimeDir, home, ready.swaySocket(),
					ready.waylandDisplay(), root);
			try {
				session.addSecondOutput();
			}
			catch (RuntimeException | AssertionError ex) {
				session.stop();
				throw ex;
			}
			return session;
		}
		catch (IOException ex) {
			CommandRunner.stop(sway, STOP_GRACE);
			CommandRunner.deleteRecursively(workDir);
			throw new UncheckedIOException(ex);
		}
		catch (RuntimeException ex) {
			CommandRunner.stop(sway, STOP_GRACE);
			CommandRunner.deleteRecursively(workDir);
			throw ex;
		}
	}

	private static String config() {
		return String.format(Locale.ROOT, CONFIG, FAILSAFE_BINDING, placement(WITNESS_APP_ID, WITNESS_LAYOUT_RECT),
				placement(WITNESS2_APP_ID, WITNESS2_LAYOUT_RECT));
	}

	/**
	 * One rule per command: sway 1.7 silently ignores a quoted command list in a config
	 * file's for_window. The criterion is anchored because it is a regex: unanchored,
	 * {@code deskhand.witness} would match {@code deskhand.witness2} too.
	 */
	private static String placement(String appId, ScreenRect rect) {
		String criterion = "[app_id=\"^" + appId.replace(".", "\\.") + "$\"]";
		return String.join("\n", "for_window " + criterion + " floating enable",
				"for_window " + criterion + " resize set " + rect.width() + " " + rect.height(),
				"for_window " + criterion + " move absolute position " + rect.x() + " " + rect.y());
	}

	private static Ready awaitSockets(Process sway, Path runtimeDir, Path log) {
		long deadline = System.nanoTime() + READY_TIMEOUT.toNanos();
		while (true) {
			Optional<Path> socket = find(runtimeDir, "sway-ipc.", ".sock");
			Optional<Path> wayland = find(runtimeDir, "wayland-", "");
			if (socket.isPresent() && wayland.isPresent()) {
				try {
					String version = SwayIpcSocket.request(socket.get(), SwayIpcSocket.GET_VERSION, "", IPC_TIMEOUT);
					if (version.contains("\"human_readable\"")) {
						return new Ready(socket.get(), wayland.get().getFileName().toString());
					}
				}
				catch (RuntimeException ex) {
					// the socket exists before sway accepts on it: try again until the
					// deadline
				}
			}
			if (!sway.isAlive()) {
				throw new IllegalStateException(
						"sway exited with code " + sway.exitValue() + " before it was ready:\n" + tail(read(log)));
			}
			if (System.nanoTime() > deadline) {
				throw new IllegalStateException("sway did not answer GET_VERSION on " + runtimeDir + " within "
						+ READY_TIMEOUT + ":\n" + tail(read(log)));
			}
			Pause.millis(20);
		}
	}

	private void addSecondOutput() {
		requireSuccess("create_output", ipc("create_output"));
		requireSuccess("output HEADLESS-2", ipc("output HEADLESS-2 mode 1280x1024 position 1536 0 scale 1"));
		long deadline = System.nanoTime() + READY_TIMEOUT.toNanos();
		while (true) {
			String outputs = outputsJson().replaceAll("\\s", "");
			if (outputs.contains("\"name\":\"HEADLESS-2\"")
					&& outputs.contains("\"rect\":{\"x\":1536,\"y\":0,\"width\":1280,\"height\":1024}")
					&& outputs.contains("\"rect\":{\"x\":0,\"y\":0,\"width\":1536,\"height\":864}")) {
				return;
			}
			if (System.nanoTime() > deadline) {
				throw new IllegalStateException("sway did not lay out HEADLESS-1 and HEADLESS-2 within " + READY_TIMEOUT
						+ "; GET_OUTPUTS: " + outputs);
			}
			Pause.millis(20);
		}
	}

	private static void requireSuccess(String what, String reply) {
		if (!reply.replaceAll("\\s", "").matches("\\[(\\{\"success\":true}(,)?)+]")) {
			throw new IllegalStateException("sway refused '" + what + "': " + reply);
		}
	}

	/**
	 * @return the Wayland socket's name, e.g. {@code wayland-1}, relative to
	 * {@link #runtimeDir()}
	 */
	public String waylandDisplay() {
		return this.waylandDisplay;
	}

	/**
	 * @return the compositor's XDG_RUNTIME_DIR
	 */
	public Path runtimeDir() {
		return this.runtimeDir;
	}

	/**
	 * @return sway's IPC socket (SWAYSOCK)
	 */
	public Path swaySocket() {
		return this.swaySocket;
	}

	/**
	 * @return whether clients must run as uid {@value #SWAY_UID} (the test JVM is root)
	 */
	public boolean dropsPrivileges() {
		return this.dropPrivileges;
	}

	/**
	 * The whole environment a client of this compositor needs: PATH, HOME,
	 * XDG_RUNTIME_DIR, WAYLAND_DISPLAY, SWAYSOCK, a UTF-8 locale, GTK on Wayland without
	 * D-Bus (GLib's D-Bus autolaunch costs seconds) and without the accessibility bus.
	 * @return the variables; a client gets these and nothing else
	 */
	public Map<String, String> environment() {
		Map<String, String> environment = SessionUser.baseEnvironment(this.runtimeDir, this.home);
		environment.put("WAYLAND_DISPLAY", this.waylandDisplay);
		environment.put("SWAYSOCK", this.swaySocket.toString());
		environment.put("XDG_SESSION_TYPE", "wayland");
		environment.put("GDK_BACKEND", "wayland");
		environment.put("NO_AT_BRIDGE", "1");
		environment.put("DBUS_SESSION_BUS_ADDRESS", "disabled:");
		return environment;
	}

	/**
	 * The command line that runs {@code command} as the compositor's user with exactly
	 * {@link #environment()}; for long-lived clients a test starts with its own
	 * {@link ProcessBuilder}. {@code setpriv} and {@code env} exec, so the process's PID
	 * is the client's own.
	 * @param command the client and its arguments
	 * @return the full command line
	 */
	public List<String> clientCommand(List<String> command) {
		return SessionUser.command(this.dropPrivileges, environment(), command);
	}

	/**
	 * Runs sway commands ({@code RUN_COMMAND}) over the rig's own IPC connection.
	 * @param command one or more commands, separated by {@code ;} or {@code ,}
	 * @return the reply JSON, one {@code {"success":...}} per command
	 */
	public String ipc(String command) {
		return SwayIpcSocket.request(this.swaySocket, SwayIpcSocket.RUN_COMMAND, command, IPC_TIMEOUT);
	}

	/**
	 * Like {@link #ipc(String)}, failing unless every command succeeded.
	 * @param command one or more commands
	 * @return the reply JSON
	 */
	public String ipcOrFail(String command) {
		String reply = ipc(command);
		if (reply.replaceAll("\\s", "").contains("\"success\":false")) {
			throw new AssertionError("sway refused '" + command + "': " + reply);
		}
		return reply;
	}

	/**
	 * @return {@code GET_OUTPUTS}'s reply JSON
	 */
	public String outputsJson() {
		return SwayIpcSocket.request(this.swaySocket, SwayIpcSocket.GET_OUTPUTS, "", IPC_TIMEOUT);
	}

	/**
	 * @return {@code GET_TREE}'s reply JSON
	 */
	public String treeJson() {
		return SwayIpcSocket.request(this.swaySocket, SwayIpcSocket.GET_TREE, "", IPC_TIMEOUT);
	}

	/**
	 * @return {@code GET_SEATS}'s reply JSON
	 */
	public String seatsJson() {
		return SwayIpcSocket.request(this.swaySocket, SwayIpcSocket.GET_SEATS, "", IPC_TIMEOUT);
	}

	/**
	 * @return whether any seat has the keyboard capability, i.e. some client holds a
	 * virtual keyboard (the headless backend has no devices of its own)
	 */
	public boolean seatHasKeyboard() {
		return seatCapabilities().anyMatch((capabilities) -> (capabilities & 2) != 0);
	}

	/**
	 * @return whether any seat has the pointer capability
	 */
	public boolean seatHasPointer() {
		return seatCapabilities().anyMatch((capabilities) -> (capabilities & 1) != 0);
	}

	private IntStream seatCapabilities() {
		Matcher matcher = SEAT_CAPABILITIES.matcher(seatsJson());
		IntStream.Builder capabilities = IntStream.builder();
		while (matcher.find()) {
			capabilities.add(Integer.parseInt(matcher.group(1)));
		}
		return capabilities.build();
	}

	/**
	 * Runs a client as the compositor's user with {@link #environment()} and waits for it
	 * (at most 20 s; then it is killed with what it started).
	 * @param command the client and its arguments, e.g. {@code wl-paste -n}
	 * @return exit code and output
	 */
	public ProcessResult run(List<String> command) {
		return run(RUN_TIMEOUT, null, command);
	}

	/**
	 * Like {@link #run(List)}, with a timeout and optional standard input.
	 * @param timeout how long the client may run
	 * @param stdin bytes for standard input, or {@code null} for none
	 * @param command the client and its arguments
	 * @return exit code and output; {@link ProcessResult#TIMED_OUT} if killed
	 */
	public ProcessResult run(Duration timeout, byte[] stdin, List<String> command) {
		return new CommandRunner(Map.of()).run(timeout, stdin, clientCommand(command));
	}

	/**
	 * Starts a long-lived client as the compositor's user (e.g. {@code wl-copy
	 * --foreground}); its output is discarded, its standard input is a pipe.
	 * @param command the client and its arguments
	 * @return the process; the caller stops it by PID ({@link Process#destroy()})
	 */
	public Process startClient(List<String> command) {
		List<String> full = clientCommand(command);
		return CommandRunner.start(
				new ProcessBuilder(full).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD),
				full);
	}

	/**
	 * A screenshot by grim, independent of any driver.
	 * @param arguments grim's arguments before the output file, e.g.
	 * {@code -o HEADLESS-1} or {@code -g "200,100 800x500"}
	 * @return the image grim wrote
	 */
	public BufferedImage grim(String... arguments) {
		List<String> command = new ArrayList<>(List.of("grim"));
		command.addAll(List.of(arguments));
		command.add("-");
		CommandRunner.Output output = new CommandRunner(Map.of()).runForOutput(RUN_TIMEOUT, null,
				clientCommand(command));
		if (output.exitCode() != 0) {
			throw new IllegalStateException("grim " + List.of(arguments) + " failed: " + output.stderr());
		}
		try {
			BufferedImage image = ImageIO.read(new ByteArrayInputStream(output.stdout()));
			if (image == null) {
				throw new IllegalStateException("grim printed no image (" + output.stdout().length + " bytes)");
			}
			return image;
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * @return a directory the compositor's user can read, for files its clients need
	 * (e.g. the witness script)
	 */
	Path workDir() {
		return this.workDir;
	}

	/**
	 * @return sway's PID
	 */
	public long pid() {
		return this.sway.pid();
	}

	/**
	 * @return whether sway still runs
	 */
	public boolean isAlive() {
		return this.sway.isAlive();
	}

	/**
	 * @return the end of sway's log, for failure messages
	 */
	public String logTail() {
		return tail(read(this.workDir.resolve("sway.log")));
	}

	private void stop() {
		CommandRunner.stop(this.sway, STOP_GRACE);
		CommandRunner.deleteRecursively(this.workDir);
	}

	private static Optional<Path> find(Path dir, String prefix, String suffix) {
		try (Stream<Path> entries = Files.list(dir)) {
			return entries.filter((p) -> {
				String name = p.getFileName().toString();
				return name.startsWith(prefix) && name.endsWith(suffix) && !name.endsWith(".lock");
			}).sorted().findFirst();
		}
		catch (IOException ex) {
			return Optional.empty();
		}
	}

	private static String read(Path file) {
		try {
			return Files.exists(file) ? Files.readString(file, StandardCharsets.UTF_8) : "";
		}
		catch (IOException ex) {
			return "(unreadable: " + ex.getMessage() + ")";
		}
	}

	private static String tail(String log) {
		String[] lines = log.strip().split("\n");
		return String.join("\n", List.of(lines).subList(Math.max(0, lines.length - 20), lines.length));
	}

	@Override
	public String toString() {
		return String.format(Locale.ROOT, "SwaySession[%s, sway pid %d, %s]", this.waylandDisplay, this.sway.pid(),
				this.runtimeDir);
	}

	private record Ready(Path swaySocket, String waylandDisplay) {
	}

}
