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
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;

import javax.imageio.ImageIO;

import org.freedesktop.dbus.connections.impl.DBusConnection;
import org.freedesktop.dbus.connections.impl.DBusConnectionBuilder;
import org.freedesktop.dbus.exceptions.DBusException;
import org.freedesktop.dbus.interfaces.DBus;
import org.opentest4j.TestAbortedException;

/**
 * A headless GNOME compositor for GNOME live tests, the counterpart of
 * {@link SwaySession}: mutter 43 ({@code --headless --wayland --no-x11}) with two virtual
 * monitors, PipeWire and WirePlumber (Mutter's ScreenCast streams into PipeWire), all on
 * a private D-Bus session bus of their own.
 * <p>
 * Layout ({@link #MONITORS}): GNOME's fractional scaling, as a user turns it on: mutter's
 * experimental feature {@code scale-monitor-framebuffer} is set (through GLib's keyfile
 * settings backend, {@code GSETTINGS_BACKEND=keyfile}: no dconf service), which puts
 * mutter in logical layout mode and offers 1.25 on a 1280x800 monitor (without it,
 * virtual monitors offer scale 1 only). Once mutter is up the rig applies the layout with
 * {@code DisplayConfig.ApplyMonitorsConfig}, {@code Meta-0} at 1.25 and {@code Meta-1} at
 * 1 beside it, and checks that mutter reports it.
 * <p>
 * As root (CI) every process of the session runs as uid/gid {@value #SESSION_UID} through
 * {@code setpriv}, with its own HOME and XDG_RUNTIME_DIR (mode 700): a desktop session is
 * a user's, and PipeWire and mutter write state there. The test JVM stays root and talks
 * to the session from outside, so the bus is started with a configuration of its own
 * ({@link #BUS_CONFIG}) that admits every uid: a stock session bus admits only its own
 * uid and drops root during authentication. The JVM reaches PipeWire through its socket,
 * {@link #pipewireSocket()}, which root may open. Nothing is D-Bus-activated (no service
 * directories), so the processes started here are all there is to stop, by PID.
 * <p>
 * The accessibility bus runs as part of the session, as gnome-session starts it on a
 * desktop: {@code at-spi-bus-launcher --launch-immediately} (it owns {@code org.a11y.Bus}
 * on the session bus and starts the accessibility bus,
 * {@code $XDG_RUNTIME_DIR/at-spi/bus}, whose stock configuration admits root besides the
 * session's user) and {@code at-spi2-registryd}, started by the rig rather than
 * D-Bus-activated so that it is stopped by PID with the rest. Clients get
 * {@code NO_AT_BRIDGE=1} unless started with {@link #accessibleClientEnvironment()}.
 * <p>
 * {@link #shared()} is started once per test JVM and stopped by a shutdown hook. Without
 * mutter installed, tests are skipped on a developer machine and fail on CI ({@code CI}
 * set), like {@link SwaySession}.
 */
public final class GnomeSession {

	/**
	 * A monitor the rig asks mutter for: its connector, size in pixels and scale.
	 *
	 * @param connector mutter's name for it
	 * @param width pixels
	 * @param height pixels
	 * @param scale the scale the rig applies (logical layout mode)
	 */
	public record Monitor(String connector, int width, int height, double scale) {

		/**
		 * @return layout units it covers across: pixels / scale
		 */
		public int layoutWidth() {
			return (int) Math.round(this.width / this.scale);
		}

		/**
		 * @return layout units it covers down
		 */
		public int layoutHeight() {
			return (int) Math.round(this.height / this.scale);
		}

	}

	/**
	 * The virtual monitors, in layout order: left to right, top-aligned, the first
	 * primary. {@code Meta-0} 1280x800 pixels at scale 1.25 covers 1024x640 layout units
	 * at (0,0); {@code Meta-1} 1024x768 at scale 1 sits at (1024,0).
	 */
	public static final List<Monitor> MONITORS = List.of(new Monitor("Meta-0", 1280, 800, 1.25),
			new Monitor("Meta-1", 1024, 768, 1.0));

	static final int SESSION_UID = SessionUser.UID;

	private static final String AT_SPI_BUS_LAUNCHER = "/usr/libexec/at-spi-bus-launcher";

	private static final String AT_SPI_REGISTRY = "/usr/libexec/at-spi2-registryd";

	private static final String PERMISSION_STORE = "/usr/libexec/xdg-permission-store";

	private static final String PORTAL_GNOME = "/usr/libexec/xdg-desktop-portal-gnome";

	private static final String PORTAL = "/usr/libexec/xdg-desktop-portal";

	private static final List<String> REQUIRED_TOOLS = List.of("mutter", "dbus-daemon", "pipewire", "wireplumber",
			"gst-launch-1.0");

	private static final List<String> MUTTER_NAMES = List.of("org.gnome.Mutter.DisplayConfig",
			"org.gnome.Mutter.ScreenCast", "org.gnome.Mutter.RemoteDesktop");

	private static final Duration READY_TIMEOUT = Duration.ofSeconds(30);

	private static final Duration RUN_TIMEOUT = Duration.ofSeconds(20);

	private static final Duration STOP_GRACE = Duration.ofSeconds(5);

	// a session bus (no service directories: nothing is activated behind the rig's back)
	// that lets any uid connect: the test JVM is root, the session is not
	private static final String BUS_CONFIG = """
			<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
			 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
			<!-- written by dev.deskhand.testing.GnomeSession -->
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

	private static final String MUTTER_SETTINGS = """
			[org/gnome/mutter]
			experimental-features=['scale-monitor-framebuffer']
			""";

	// applies MONITORS with DisplayConfig.ApplyMonitorsConfig (method 1: temporary, no
	// confirmation) and checks that GetCurrentState then reports those scales
	private static final String LAYOUT_SCRIPT = """
			import sys
			import gi
			from gi.repository import Gio, GLib
			DC = "org.gnome.Mutter.DisplayConfig"
			bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
			def state():
			    return bus.call_sync(DC, "/org/gnome/Mutter/DisplayConfig", DC, "GetCurrentState", None, None,
			                         Gio.DBusCallFlags.NONE, 10000, None).unpack()
			serial, monitors, logical, properties = state()
			current = {}
			for spec, modes, props in monitors:
			    for mode in modes:
			        if mode[6].get("is-current"):
			            current[spec[0]] = mode[0]
			wanted = [@MONITORS@]
			config = [(x, 0, scale, 0, i == 0, [(connector, current[connector], {})])
			          for i, (connector, x, scale) in enumerate(wanted)]
			bus.call_sync(DC, "/org/gnome/Mutter/DisplayConfig", DC, "ApplyMonitorsConfig",
			              GLib.Variant("(uua(iiduba(ssa{sv}))a{sv})", (serial, 1, config, {})), None,
			              Gio.DBusCallFlags.NONE, 10000, None)
			now = sorted((m[5][0][0], m[0], round(m[2], 4)) for m in state()[2])
			expected = sorted((c, x, round(s, 4)) for c, x, s in wanted)
			if now != expected:
			    sys.exit("mutter reports %r, not %r" % (now, expected))
			""";

	// the witness screenshot: GLib's D-Bus client for the ScreenCast calls, gst-launch
	// for
	// the frame (a PNG on standard output)
	private static final String SCREENSHOT_SCRIPT = """
			import subprocess, sys
			import gi
			from gi.repository import Gio, GLib
			SC = "org.gnome.Mutter.ScreenCast"
			bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
			def call(path, iface, member, args, reply):
			    return bus.call_sync(SC, path, iface, member, args, GLib.VariantType(reply) if reply else None,
			                         Gio.DBusCallFlags.NONE, 10000, None)
			session = call("/org/gnome/Mutter/ScreenCast", SC, "CreateSession",
			               GLib.Variant("(a{sv})", ({},)), "(o)").unpack()[0]
			stream = call(session, SC + ".Session", "RecordMonitor",
			              GLib.Variant("(sa{sv})", (sys.argv[1], {"cursor-mode": GLib.Variant("u", 0)})), "(o)").unpack()[0]
			loop = GLib.MainLoop()
			nodes = []
			def added(connection, sender, path, iface, signal, parameters, *data):
			    nodes.append(parameters.unpack()[0])
			    loop.quit()
			bus.signal_subscribe(SC, SC + ".Stream", "PipeWireStreamAdded", stream, None,
			                     Gio.DBusSignalFlags.NONE, added)
			call(session, SC + ".Session", "Start", None, None)
			GLib.timeout_add_seconds(10, loop.quit)
			loop.run()
			if not nodes:
			    sys.exit("Mutter announced no PipeWire node for " + stream)
			code = subprocess.run(["gst-launch-1.0", "-q", "pipewiresrc", "path=%d" % nodes[0], "num-buffers=1",
			                       "!", "videoconvert", "!", "pngenc", "!", "fdsink", "fd=1"], timeout=15).returncode
			call(session, SC + ".Session", "Stop", None, None)
			sys.exit(code)
			""";

	// the start of the scripts below: a GLib D-Bus client of mutter's opens a remote
	// desktop session of its own (a virtual pointer of its own on the seat) and the
	// screencast session beside it that maps stream pixels to a monitor
	private static final String REMOTE_DESKTOP_SESSION = """
			import sys, time
			import gi
			from gi.repository import Gio, GLib
			RD = "org.gnome.Mutter.RemoteDesktop"
			SC = "org.gnome.Mutter.ScreenCast"
			bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
			def call(name, path, iface, member, args, reply=None):
			    return bus.call_sync(name, path, iface, member, args, GLib.VariantType(reply) if reply else None,
			                         Gio.DBusCallFlags.NONE, 10000, None)
			session = call(RD, "/org/gnome/Mutter/RemoteDesktop", RD, "CreateSession", None, "(o)").unpack()[0]
			sid = call(RD, session, "org.freedesktop.DBus.Properties", "Get",
			           GLib.Variant("(ss)", (RD + ".Session", "SessionId")), "(v)").unpack()[0]
			cast = call(SC, "/org/gnome/Mutter/ScreenCast", SC, "CreateSession",
			            GLib.Variant("(a{sv})", ({"remote-desktop-session-id": GLib.Variant("s", sid)},)), "(o)").unpack()[0]
			""";

	// a person's click, independent of Deskhand's code: a GLib D-Bus client opens a
	// remote desktop session of its own (a second virtual pointer on the seat), warms it
	// up (a new device's first events are lost), moves to the point in the monitor's
	// stream pixels and clicks; argv: connector, x, y (stream pixels)
	private static final String CLICK_SCRIPT = REMOTE_DESKTOP_SESSION + """
			stream = call(SC, cast, SC + ".Session", "RecordMonitor",
			              GLib.Variant("(sa{sv})", (sys.argv[1], {})), "(o)").unpack()[0]
			call(RD, session, RD + ".Session", "Start", None)
			def send(member, signature, *args):
			    call(RD, session, RD + ".Session", member, GLib.Variant(signature, args))
			send("NotifyPointerMotionRelative", "(dd)", 0.0, 0.0)
			time.sleep(0.5)
			send("NotifyPointerMotionAbsolute", "(sdd)", stream, float(sys.argv[2]), float(sys.argv[3]))
			send("NotifyPointerButton", "(ib)", 0x110, True)
			send("NotifyPointerButton", "(ib)", 0x110, False)
			time.sleep(0.2)
			call(RD, session, RD + ".Session", "Stop", None)
			""";

	private static GnomeSession shared;

	private static RuntimeException sharedFailure;

	private final List<Process> processes;

	private final Path workDir;

	private final Path runtimeDir;

	private final Path home;

	private final boolean dropPrivileges;

	// xdg-desktop-portal and its GNOME backend, once startPortal() started them
	private final List<Process> portalProcesses = new ArrayList<>();

	private GnomeSession(List<Process> processes, Path workDir, Path runtimeDir, Path home, boolean dropPrivileges) {
		this.processes = processes;
		this.workDir = workDir;
		this.runtimeDir = runtimeDir;
		this.home = home;
		this.dropPrivileges = dropPrivileges;
		Runtime.getRuntime().addShutdownHook(new Thread(this::stop, "deskhand-gnome-" + processes.get(0).pid()));
	}

	/**
	 * The session shared by every GNOME live test in this JVM, started on first use.
	 * @return the shared session
	 * @throws TestAbortedException when mutter is not installed and {@code CI} is not set
	 * @throws IllegalStateException when the session cannot be started
	 */
	public static synchronized GnomeSession shared() {
		// a rig that failed once fails the same way again: do not pay the timeout per
		// test
		if (sharedFailure != null) {
			throw (sharedFailure instanceof TestAbortedException) ? new TestAbortedException(sharedFailure.getMessage())
					: new IllegalStateException(
							"the shared GNOME session failed to start earlier: " + sharedFailure.getMessage(),
							sharedFailure);
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

	private static void requireTools() {
		List<String> missing = new ArrayList<>(SessionUser.missingTools(REQUIRED_TOOLS));
		// not on PATH: at-spi2-core keeps them in libexec
		for (String tool : List.of(AT_SPI_BUS_LAUNCHER, AT_SPI_REGISTRY)) {
			if (!new File(tool).canExecute()) {
				missing.add(tool);
			}
		}
		if (missing.isEmpty()) {
			return;
		}
		String message = "GNOME live tests need " + missing + " on PATH; on Debian: apt-get install mutter pipewire"
				+ " pipewire-bin wireplumber gstreamer1.0-pipewire gstreamer1.0-tools gstreamer1.0-plugins-base"
				+ " gstreamer1.0-plugins-good at-spi2-core util-linux (see .ci/run)";
		if (missing.contains("mutter") && System.getenv("CI") == null) {
			throw new TestAbortedException("skipping GNOME live test: " + message);
		}
		throw new IllegalStateException(message);
	}

	private static GnomeSession start() {
		boolean root = SessionUser.isRoot();
		Path workDir = SessionUser.createWorkDir("deskhand-gnome-");
		List<Process> started = new ArrayList<>();
		try {
			Path runtimeDir = Files.createDirectory(workDir.resolve("runtime"));
			Path home = Files.createDirectory(workDir.resolve("home"));
			Path busConfig = Files.writeString(workDir.resolve("bus.conf"),
					String.format(Locale.ROOT, BUS_CONFIG, runtimeDir.resolve("bus")), StandardCharsets.UTF_8);
			Path settings = Files.createDirectories(home.resolve(".config/glib-2.0/settings"));
			Files.writeString(settings.resolve("keyfile"), MUTTER_SETTINGS, StandardCharsets.UTF_8);
			if (root) {
				SessionUser.handTo(workDir);
				SessionUser.handTo(runtimeDir);
				try (var owned = Files.walk(home)) {
					for (Path path : owned.toList()) {
						SessionUser.handTo(path);
					}
				}
			}
			Files.setPosixFilePermissions(runtimeDir, PosixFilePermissions.fromString("rwx------"));
			Map<String, String> environment = environment(runtimeDir, home);
			started.add(startLogged(root, environment, workDir, "dbus",
					List.of("dbus-daemon", "--config-file=" + busConfig, "--nofork")));
			awaitSocket(started, runtimeDir.resolve("bus"), workDir);
			started.add(startLogged(root, environment, workDir, "pipewire", List.of("pipewire")));
			awaitSocket(started, runtimeDir.resolve("pipewire-0"), workDir);
			started.add(startLogged(root, environment, workDir, "wireplumber", List.of("wireplumber")));
			started.add(startLogged(root, environment, workDir, "at-spi-bus",
					List.of(AT_SPI_BUS_LAUNCHER, "--launch-immediately")));
			awaitSocket(started, runtimeDir.resolve("at-spi/bus"), workDir);
			started.add(startLogged(root, environment, workDir, "at-spi-registry", List.of(AT_SPI_REGISTRY)));
			awaitLog(started, workDir, "at-spi-registry", "well-known name");
			List<String> mutter = new ArrayList<>(List.of("mutter", "--headless", "--wayland", "--no-x11"));
			for (Monitor monitor : MONITORS) {
				mutter.add("--virtual-monitor");
				mutter.add(monitor.width() + "x" + monitor.height());
			}
			started.add(startLogged(root, environment, workDir, "mutter", mutter));
			GnomeSession session = new GnomeSession(List.copyOf(started), workDir, runtimeDir, home, root);
			try {
				session.awaitMutter();
				session.applyLayout();
			}
			catch (RuntimeException ex) {
				session.stop();
				throw ex;
			}
			return session;
		}
		catch (IOException ex) {
			stopAll(started);
			CommandRunner.deleteRecursively(workDir);
			throw new UncheckedIOException(ex);
		}
		catch (RuntimeException ex) {
			stopAll(started);
			CommandRunner.deleteRecursively(workDir);
			throw ex;
		}
	}

	private static Process startLogged(boolean root, Map<String, String> environment, Path workDir, String name,
			List<String> command) {
		List<String> full = SessionUser.command(root, environment, command);
		ProcessBuilder builder = new ProcessBuilder(full).redirectErrorStream(true)
			.redirectOutput(workDir.resolve(name + ".log").toFile())
			.redirectInput(new File("/dev/null"));
		return CommandRunner.start(builder, full);
	}

	private static void awaitSocket(List<Process> started, Path socket, Path workDir) {
		long deadline = System.nanoTime() + READY_TIMEOUT.toNanos();
		while (!Files.exists(socket)) {
			Process last = started.get(started.size() - 1);
			if (!last.isAlive() || System.nanoTime() > deadline) {
				throw new IllegalStateException(
						socket.getFileName() + " did not appear within " + READY_TIMEOUT + ":\n" + logs(workDir));
			}
			Pause.millis(20);
		}
	}

	// a client that asked the accessibility bus for the registry before this one owned
	// its name would have a second one activated from at-spi2-core's service file
	private static void awaitLog(List<Process> started, Path workDir, String name, String line) {
		Path log = workDir.resolve(name + ".log");
		long deadline = System.nanoTime() + READY_TIMEOUT.toNanos();
		while (true) {
			try {
				if (Files.exists(log) && Files.readString(log, StandardCharsets.UTF_8).contains(line)) {
					return;
				}
			}
			catch (IOException ex) {
				// written as it is read: look again
			}
			Process last = started.get(started.size() - 1);
			if (!last.isAlive() || System.nanoTime() > deadline) {
				throw new IllegalStateException(
						name + " did not say '" + line + "' within " + READY_TIMEOUT + ":\n" + logs(workDir));
			}
			Pause.millis(20);
		}
	}

	// mutter owns its names once its backend is up; DisplayConfig answers as soon as it
	// owns the name
	private void awaitMutter() {
		long deadline = System.nanoTime() + READY_TIMEOUT.toNanos();
		while (true) {
			List<String> missing = missingNames();
			if (missing.isEmpty()) {
				return;
			}
			if (this.processes.stream().anyMatch((process) -> !process.isAlive())) {
				throw new IllegalStateException("a process of the GNOME session exited:\n" + logs(this.workDir));
			}
			if (System.nanoTime() > deadline) {
				throw new IllegalStateException(
						"mutter did not own " + missing + " within " + READY_TIMEOUT + ":\n" + logs(this.workDir));
			}
			Pause.millis(50);
		}
	}

	private void applyLayout() {
		StringBuilder monitors = new StringBuilder();
		int x = 0;
		for (Monitor monitor : MONITORS) {
			monitors.append(String.format(Locale.ROOT, "(\"%s\", %d, %s), ", monitor.connector(), x,
					Double.toString(monitor.scale())));
			x += monitor.layoutWidth();
		}
		Path script = writeFile("gnome-layout.py", LAYOUT_SCRIPT.replace("@MONITORS@", monitors.toString()));
		ProcessResult result = new CommandRunner(Map.of()).run(RUN_TIMEOUT, null, SessionUser
			.command(this.dropPrivileges, clientEnvironment(), List.of("/usr/bin/python3", script.toString())));
		if (result.exitCode() != 0) {
			throw new IllegalStateException("mutter did not take the rig's monitor layout (exit " + result.exitCode()
					+ "): " + result.stdout() + result.stderr() + "\n" + logs(this.workDir));
		}
	}

	private List<String> missingNames() {
		try (DBusConnection bus = connect()) {
			DBus daemon = bus.getRemoteObject("org.freedesktop.DBus", "/org/freedesktop/DBus", DBus.class);
			return MUTTER_NAMES.stream().filter((name) -> !daemon.NameHasOwner(name)).toList();
		}
		catch (DBusException | IOException | RuntimeException ex) {
			return MUTTER_NAMES;
		}
	}

	/**
	 * A new connection to the session's bus, as the test JVM's uid; the caller closes it.
	 * @return the connection
	 * @throws DBusException when the bus refuses it
	 */
	public DBusConnection connect() throws DBusException {
		return DBusConnectionBuilder.forAddress(busAddress()).withShared(false).build();
	}

	/**
	 * @return the session bus's address ({@code unix:path=...})
	 */
	public String busAddress() {
		return "unix:path=" + this.runtimeDir.resolve("bus");
	}

	/**
	 * @return PipeWire's socket, where Mutter's ScreenCast streams are
	 */
	public Path pipewireSocket() {
		return this.runtimeDir.resolve("pipewire-0");
	}

	/**
	 * @return the session's XDG_RUNTIME_DIR
	 */
	public Path runtimeDir() {
		return this.runtimeDir;
	}

	/**
	 * The whole environment a client of the session gets: PATH, HOME, the XDG
	 * directories, the session bus, {@code wayland-0} (mutter's display), a UTF-8 locale,
	 * GTK on Wayland without the accessibility bus.
	 * @return the variables; a client gets these and nothing else
	 */
	public Map<String, String> clientEnvironment() {
		Map<String, String> environment = environment(this.runtimeDir, this.home);
		environment.put("WAYLAND_DISPLAY", "wayland-0");
		environment.put("XDG_SESSION_TYPE", "wayland");
		environment.put("GDK_BACKEND", "wayland");
		environment.put("NO_AT_BRIDGE", "1");
		return environment;
	}

	/**
	 * The environment of a client that joins the accessibility tree: the
	 * {@link #clientEnvironment()} without {@code NO_AT_BRIDGE}, so GTK registers with
	 * the session's accessibility bus.
	 * @return the variables
	 */
	public Map<String, String> accessibleClientEnvironment() {
		Map<String, String> environment = clientEnvironment();
		environment.remove("NO_AT_BRIDGE");
		return environment;
	}

	/**
	 * The command line that runs a client with exactly {@code environment}, as the
	 * session's user, for a test that keeps the client's standard streams (a witness it
	 * talks to).
	 * @param environment e.g. {@link #clientEnvironment()}
	 * @param command the client and its arguments
	 * @return the full command line
	 */
	public List<String> clientCommand(Map<String, String> environment, List<String> command) {
		return SessionUser.command(this.dropPrivileges, environment, command);
	}

	private static Map<String, String> environment(Path runtimeDir, Path home) {
		Map<String, String> environment = SessionUser.baseEnvironment(runtimeDir, home);
		environment.put("XDG_DATA_HOME", home.resolve(".local/share").toString());
		environment.put("XDG_STATE_HOME", home.resolve(".local/state").toString());
		environment.put("DBUS_SESSION_BUS_ADDRESS", "unix:path=" + runtimeDir.resolve("bus"));
		environment.put("GSETTINGS_BACKEND", "keyfile");
		return environment;
	}

	/**
	 * The command line that runs {@code command} as the session's user with
	 * {@link #clientEnvironment()} and nothing else, for a client whose standard streams
	 * the caller keeps (e.g. a witness it talks to).
	 * @param command the client and its arguments
	 * @return the full command line
	 */
	public List<String> clientCommand(List<String> command) {
		return SessionUser.command(this.dropPrivileges, clientEnvironment(), command);
	}

	/**
	 * Starts a long-lived client of the session as its user, e.g. a witness window; its
	 * output goes to a log in the rig's work directory.
	 * @param name the log's name
	 * @param command the client and its arguments
	 * @return the process; the caller stops it by PID ({@link Process#destroy()})
	 */
	public Process startClient(String name, List<String> command) {
		return startLogged(this.dropPrivileges, clientEnvironment(), this.workDir, name, command);
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
	 * Clicks the left button at a point as a person would, with a virtual pointer of an
	 * outside client (Python and GLib's D-Bus, not Deskhand's code): what moves the
	 * keyboard focus to a window when nothing else may (mutter refuses a window's own
	 * request for focus).
	 * @param connector the monitor, e.g. {@code Meta-0}
	 * @param layoutX the point's x in layout units, relative to the monitor
	 * @param layoutY its y
	 */
	public void clickAsAPerson(String connector, double layoutX, double layoutY) {
		Monitor monitor = MONITORS.stream()
			.filter((candidate) -> candidate.connector().equals(connector))
			.findFirst()
			.orElseThrow(() -> new IllegalArgumentException("the rig has no monitor " + connector));
		Path script = writeFile("gnome-click.py", CLICK_SCRIPT);
		List<String> command = SessionUser.command(this.dropPrivileges, clientEnvironment(),
				List.of("/usr/bin/python3", script.toString(), connector, Double.toString(layoutX * monitor.scale()),
						Double.toString(layoutY * monitor.scale())));
		CommandRunner.Output output = new CommandRunner(Map.of()).runForOutput(RUN_TIMEOUT, null, command);
		if (output.exitCode() != 0) {
			throw new IllegalStateException("the outside click on " + connector + " failed (exit " + output.exitCode()
					+ "): " + output.stderr());
		}
	}

	// a person's hand that stays: one remote desktop session (one virtual pointer) for
	// many clicks, read from standard input as "connector x y" (stream pixels), each
	// answered "clicked" once sent
	private static final String HAND_SCRIPT = REMOTE_DESKTOP_SESSION + """
			streams = {}
			for connector in sys.argv[1:]:
			    streams[connector] = call(SC, cast, SC + ".Session", "RecordMonitor",
			                              GLib.Variant("(sa{sv})", (connector, {})), "(o)").unpack()[0]
			call(RD, session, RD + ".Session", "Start", None)
			def send(member, signature, *args):
			    call(RD, session, RD + ".Session", member, GLib.Variant(signature, args))
			send("NotifyPointerMotionRelative", "(dd)", 0.0, 0.0)
			time.sleep(0.5)
			print("ready", flush=True)
			for line in sys.stdin:
			    connector, x, y = line.split()
			    x, y = float(x), float(y)
			    send("NotifyPointerMotionAbsolute", "(sdd)", streams[connector], x + 6, y + 6)
			    time.sleep(0.1)
			    send("NotifyPointerMotionAbsolute", "(sdd)", streams[connector], x, y)
			    time.sleep(0.1)
			    send("NotifyPointerButton", "(ib)", 0x110, True)
			    time.sleep(0.05)
			    send("NotifyPointerButton", "(ib)", 0x110, False)
			    print("clicked", flush=True)
			call(RD, session, RD + ".Session", "Stop", None)
			""";

	/**
	 * A person's hand on the pointer for a series of clicks: one virtual pointer of an
	 * outside client (Python and GLib's D-Bus) that stays on the seat between clicks, as
	 * a real mouse does, warmed up once (each {@link #clickAsAPerson} adds a pointer of
	 * its own, waits for clients to bind it, and removes it after). Each click moves near
	 * the point, then onto it, and holds the button a moment.
	 */
	public final class Hand implements AutoCloseable {

		private final Process process;

		private final java.io.BufferedReader answers;

		private final java.io.Writer commands;

		private Hand(Process process) {
			this.process = process;
			this.answers = new java.io.BufferedReader(
					new java.io.InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
			this.commands = new java.io.OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
			expect("ready");
		}

		/**
		 * Moves near the point, onto it, and clicks the left button.
		 * @param connector the monitor, e.g. {@code Meta-0}
		 * @param layoutX the point's x in layout units, relative to the monitor
		 * @param layoutY its y
		 */
		public void click(String connector, double layoutX, double layoutY) {
			Monitor monitor = MONITORS.stream()
				.filter((candidate) -> candidate.connector().equals(connector))
				.findFirst()
				.orElseThrow(() -> new IllegalArgumentException("the rig has no monitor " + connector));
			try {
				this.commands
					.write(connector + " " + (layoutX * monitor.scale()) + " " + (layoutY * monitor.scale()) + "\n");
				this.commands.flush();
			}
			catch (IOException ex) {
				throw new UncheckedIOException("the hand's process is gone", ex);
			}
			expect("clicked");
		}

		private void expect(String word) {
			CompletableFuture<String> line = CompletableFuture.supplyAsync(() -> {
				try {
					return this.answers.readLine();
				}
				catch (IOException ex) {
					throw new UncheckedIOException(ex);
				}
			});
			try {
				String answer = line.get(RUN_TIMEOUT.toSeconds(), java.util.concurrent.TimeUnit.SECONDS);
				if (!word.equals(answer)) {
					throw new IllegalStateException("the hand said " + answer + ", not " + word);
				}
			}
			catch (Exception ex) {
				close();
				throw new IllegalStateException("the hand did not say '" + word + "' within " + RUN_TIMEOUT, ex);
			}
		}

		/** Takes the hand off: the pointer leaves the seat. */
		@Override
		public void close() {
			try {
				this.commands.close();
			}
			catch (IOException ex) {
				// gone already
			}
			CommandRunner.stop(this.process, STOP_GRACE);
		}

	}

	/**
	 * Puts a person's hand on the pointer ({@link Hand}); the caller closes it.
	 * @return the hand, its pointer warmed up
	 */
	public Hand hand() {
		Path script = writeFile("gnome-hand.py", HAND_SCRIPT);
		List<String> command = SessionUser.command(this.dropPrivileges, clientEnvironment(),
				Stream
					.concat(Stream.of("/usr/bin/python3", script.toString()), MONITORS.stream().map(Monitor::connector))
					.toList());
		ProcessBuilder builder = new ProcessBuilder(command).redirectError(this.workDir.resolve("hand.log").toFile());
		return new Hand(CommandRunner.start(builder, command));
	}

	/**
	 * Starts xdg-desktop-portal with its GNOME backend in the session, once; they are
	 * stopped by PID with the session. The bus activates nothing, so the rig starts what
	 * a desktop session would activate: {@code xdg-permission-store} (where the
	 * ScreenCast portal keeps the grant a restore token names),
	 * {@code xdg-desktop-portal-gnome} with {@code XDG_CURRENT_DESKTOP=GNOME} (its
	 * {@code gnome.portal} is used in GNOME only; it joins the accessibility tree, so a
	 * test can find its consent dialog), then {@code xdg-desktop-portal}, each once the
	 * one before owns its name.
	 * <p>
	 * The frontend runs as the test JVM's user: it refuses a caller whose
	 * {@code /proc/<pid>/root} it cannot open (its check for a Flatpak sandbox), which a
	 * root test JVM's is to the session's user. The backend, which shows the dialog on
	 * mutter's display, and the permission store run as the session's user.
	 * @throws TestAbortedException when the portal is not installed and {@code CI} is not
	 * set
	 */
	public synchronized void startPortal() {
		if (!this.portalProcesses.isEmpty()) {
			return;
		}
		List<String> missing = Stream.of(PERMISSION_STORE, PORTAL_GNOME, PORTAL)
			.filter((tool) -> !new File(tool).canExecute())
			.toList();
		if (!missing.isEmpty()) {
			String message = "the portal tests need " + missing
					+ "; on Debian: apt-get install xdg-desktop-portal xdg-desktop-portal-gnome (see .ci/run)";
			if (System.getenv("CI") == null) {
				throw new TestAbortedException("skipping portal test: " + message);
			}
			throw new IllegalStateException(message);
		}
		Map<String, String> environment = accessibleClientEnvironment();
		environment.put("XDG_CURRENT_DESKTOP", "GNOME");
		try {
			this.portalProcesses.add(startLogged(this.dropPrivileges, environment, this.workDir, "permission-store",
					List.of(PERMISSION_STORE, "--replace")));
			awaitName("org.freedesktop.impl.portal.PermissionStore", this.portalProcesses);
			this.portalProcesses.add(startLogged(this.dropPrivileges, environment, this.workDir, "portal-gnome",
					List.of(PORTAL_GNOME, "--verbose")));
			awaitName("org.freedesktop.impl.portal.desktop.gnome", this.portalProcesses);
			this.portalProcesses
				.add(startLogged(false, environment, this.workDir, "portal", List.of(PORTAL, "--verbose")));
			awaitName("org.freedesktop.portal.Desktop", this.portalProcesses);
		}
		catch (RuntimeException ex) {
			stopAll(this.portalProcesses);
			this.portalProcesses.clear();
			throw ex;
		}
	}

	/**
	 * Stops what {@link #startPortal()} started, by PID, newest first; the session goes
	 * on. The permission store keeps its grants on disk, so a restore token the portal
	 * gave before still works after the next {@link #startPortal()}.
	 */
	public synchronized void stopPortal() {
		stopAll(this.portalProcesses);
		this.portalProcesses.clear();
	}

	/**
	 * @return the PIDs of the portal's processes ({@link #startPortal()}), in start order
	 */
	public synchronized List<Long> portalPids() {
		return this.portalProcesses.stream().map(Process::pid).toList();
	}

	private void awaitName(String name, List<Process> started) {
		long deadline = System.nanoTime() + READY_TIMEOUT.toNanos();
		while (true) {
			try (DBusConnection bus = connect()) {
				DBus daemon = bus.getRemoteObject("org.freedesktop.DBus", "/org/freedesktop/DBus", DBus.class);
				if (daemon.NameHasOwner(name)) {
					return;
				}
			}
			catch (DBusException | IOException | RuntimeException ex) {
				// the bus is the rig's own and up: look again
			}
			if (started.stream().anyMatch((process) -> !process.isAlive()) || System.nanoTime() > deadline) {
				throw new IllegalStateException(
						"nobody owned " + name + " within " + READY_TIMEOUT + ":\n" + logs(this.workDir));
			}
			Pause.millis(50);
		}
	}

	/**
	 * A screenshot of one monitor, independent of Deskhand's code: a Python GDBus client
	 * (GLib's D-Bus, not dbus-java) opens a screencast-only session of its own on Mutter,
	 * records the monitor, and {@code gst-launch-1.0 pipewiresrc ... num-buffers=1 !
	 * pngenc} takes the stream's first frame. A fresh stream is the only reliable way to
	 * a frame: Mutter sends frames on damage, so a second consumer of a stream that is
	 * already running waits for the screen to change.
	 * @param connector the monitor, e.g. {@code Meta-0}
	 * @return the frame, decoded from the PNG gst-launch wrote
	 */
	public BufferedImage screenshot(String connector) {
		byte[] png = screenshotPng(connector);
		try {
			BufferedImage image = ImageIO.read(new ByteArrayInputStream(png));
			if (image == null) {
				throw new IllegalStateException("gst-launch-1.0 printed no image (" + png.length + " bytes)");
			}
			return image;
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * The PNG {@link #screenshot(String)} decodes, as gst-launch wrote it: the one-shot
	 * capture GnomeBenchmark compares Deskhand's look with.
	 * @param connector the monitor, e.g. {@code Meta-0}
	 * @return the PNG's bytes
	 */
	public byte[] screenshotPng(String connector) {
		Path script = writeFile("gnome-screenshot.py", SCREENSHOT_SCRIPT);
		List<String> command = SessionUser.command(this.dropPrivileges, clientEnvironment(),
				List.of("/usr/bin/python3", script.toString(), connector));
		CommandRunner.Output output = new CommandRunner(Map.of()).runForOutput(RUN_TIMEOUT, null, command);
		if (output.exitCode() != 0) {
			throw new IllegalStateException("the screenshot of " + connector + " through Mutter's ScreenCast and"
					+ " gst-launch-1.0 failed (exit " + output.exitCode() + "): " + output.stderr());
		}
		return output.stdout();
	}

	/**
	 * @return whether every process of the session still runs
	 */
	public boolean isAlive() {
		return this.processes.stream().allMatch(Process::isAlive);
	}

	/**
	 * @return the PIDs of the processes the rig started, in start order
	 */
	public List<Long> pids() {
		return this.processes.stream().map(Process::pid).toList();
	}

	/**
	 * @return the end of each process's log, for failure messages
	 */
	public String logTail() {
		return logs(this.workDir);
	}

	private void stop() {
		synchronized (this) {
			stopAll(this.portalProcesses);
		}
		stopAll(this.processes);
		CommandRunner.deleteRecursively(this.workDir);
	}

	// the compositor first, the bus last: each may still talk to the ones started
	// before it while it shuts down
	private static void stopAll(List<Process> processes) {
		for (int i = processes.size() - 1; i >= 0; i--) {
			CommandRunner.stop(processes.get(i), STOP_GRACE);
		}
	}

	private static String logs(Path workDir) {
		StringBuilder text = new StringBuilder();
		for (String name : List.of("dbus", "pipewire", "wireplumber", "at-spi-bus", "at-spi-registry", "mutter",
				"permission-store", "portal-gnome", "portal")) {
			Path log = workDir.resolve(name + ".log");
			try {
				if (Files.exists(log)) {
					String[] lines = Files.readString(log, StandardCharsets.UTF_8).strip().split("\n");
					text.append("--- ").append(name).append(":\n");
					text.append(String.join("\n", List.of(lines).subList(Math.max(0, lines.length - 15), lines.length)))
						.append('\n');
				}
			}
			catch (IOException ex) {
				text.append("--- ").append(name).append(": unreadable\n");
			}
		}
		return text.toString();
	}

	@Override
	public String toString() {
		return String.format(Locale.ROOT, "GnomeSession[pids %s, %s]", pids(), this.runtimeDir);
	}

}
