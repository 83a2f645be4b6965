package dev.deskhand.testing;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.opentest4j.TestAbortedException;
import org.springframework.test.context.DynamicPropertyRegistry;

/**
 * A desktop with an accessibility bus for the AT-SPI driver's live tests: an Xvfb with
 * openbox (its own display number, like {@link TestDesktop}'s) and a private D-Bus
 * session bus started by the rig ({@code dbus-daemon --session}) with this display in its
 * environment, so the at-spi-bus-launcher it activates on the first
 * {@code org.a11y.Bus.GetAddress} belongs to this display and to no one else's session.
 * {@code XDG_RUNTIME_DIR} is a private directory, so the accessibility bus's and the
 * applications' sockets land there.
 * <p>
 * {@link #shared()} is started once per test JVM; a shutdown hook stops the session bus,
 * everything it activated (launcher, accessibility bus, registry) and the X server, by
 * PID.
 */
public final class AtspiDesktop {

	private static final Duration BUS_READY_TIMEOUT = Duration.ofSeconds(20);

	private static AtspiDesktop shared;

	private static RuntimeException sharedFailure;

	private final XvfbSession session;

	private final Process bus;

	private final String busAddress;

	private final Path runtimeDir;

	private final CommandRunner commands;

	private AtspiDesktop(XvfbSession session, Process bus, String busAddress, Path runtimeDir) {
		this.session = session;
		this.bus = bus;
		this.busAddress = busAddress;
		this.runtimeDir = runtimeDir;
		this.commands = new CommandRunner(environment());
	}

	/**
	 * The desktop shared by every AT-SPI live test in this JVM, started on first use.
	 * @throws org.opentest4j.TestAbortedException when Xvfb is missing and {@code CI} is
	 * not set (as {@link TestDesktop#shared()})
	 */
	public static synchronized AtspiDesktop shared() {
		if (sharedFailure != null) {
			throw new IllegalStateException("the AT-SPI desktop failed to start earlier: " + sharedFailure.getMessage(),
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
		List<String> missing = List
			.of("Xvfb", "openbox", "dbus-daemon", "wmctrl", "xwininfo", "xprop", "/usr/bin/python3")
			.stream()
			.filter((tool) -> !onPath(tool))
			.toList();
		if (missing.isEmpty()) {
			return;
		}
		String message = "AT-SPI live tests need " + missing + "; on Debian: apt-get install xvfb openbox dbus"
				+ " at-spi2-core wmctrl x11-utils python3-gi gir1.2-gtk-3.0 (see .ci/run)";
		if (System.getenv("CI") == null) {
			throw new TestAbortedException("skipping AT-SPI live test: " + message);
		}
		throw new IllegalStateException(message);
	}

	private static boolean onPath(String tool) {
		if (tool.startsWith("/")) {
			return Files.isExecutable(Path.of(tool));
		}
		for (String dir : Optional.ofNullable(System.getenv("PATH")).orElse("").split(":")) {
			if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, tool))) {
				return true;
			}
		}
		return false;
	}

	private static AtspiDesktop start() {
		XvfbSession session = XvfbSession.start("1920x1080x24");
		Process bus = null;
		Path runtimeDir = CommandRunner.createTempDirectory();
		try {
			Files.setPosixFilePermissions(runtimeDir, PosixFilePermissions.fromString("rwx------"));
			List<String> command = List.of("dbus-daemon", "--session", "--nofork", "--print-address");
			ProcessBuilder builder = new ProcessBuilder(command).redirectError(runtimeDir.resolve("dbus.log").toFile());
			Map<String, String> environment = builder.environment();
			environment.remove("DBUS_SESSION_BUS_ADDRESS");
			environment.remove("AT_SPI_BUS_ADDRESS");
			environment.putAll(XvfbSession.environment(session.display()));
			environment.put("XDG_RUNTIME_DIR", runtimeDir.toString());
			bus = CommandRunner.start(builder, command);
			String address = readAddress(bus);
			AtspiDesktop desktop = new AtspiDesktop(session, bus, address, runtimeDir);
			Runtime.getRuntime().addShutdownHook(new Thread(desktop::stop, "deskhand-atspi-desktop"));
			return desktop;
		}
		catch (IOException | RuntimeException ex) {
			stopTree(bus);
			session.stop();
			CommandRunner.deleteRecursively(runtimeDir);
			throw (ex instanceof RuntimeException runtime) ? runtime
					: new IllegalStateException("cannot start a session bus: " + ex.getMessage(), ex);
		}
	}

	private static String readAddress(Process bus) {
		CompletableFuture<String> line = CompletableFuture.supplyAsync(() -> {
			try {
				return new BufferedReader(new InputStreamReader(bus.getInputStream(), StandardCharsets.UTF_8))
					.readLine();
			}
			catch (IOException ex) {
				throw new UncheckedIOException(ex);
			}
		});
		try {
			String address = line.get(BUS_READY_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
			if (address == null || address.isBlank()) {
				throw new IllegalStateException("dbus-daemon printed no address (exit " + bus.waitFor() + ")");
			}
			return address.strip();
		}
		catch (Exception ex) {
			throw new IllegalStateException("dbus-daemon --session did not print its address: " + ex.getMessage(), ex);
		}
	}

	/**
	 * @return the X display name, e.g. {@code :402}
	 */
	/**
	 * Points a whole Deskhand application under test at this desktop: its X display and
	 * its session bus (the properties stand in for the variables).
	 */
	public static void pointApplicationAt(DynamicPropertyRegistry registry) {
		AtspiDesktop desktop = shared();
		registry.add("deskhand.display.name", desktop::display);
		registry.add("DBUS_SESSION_BUS_ADDRESS", desktop::busAddress);
	}

	public String display() {
		return this.session.display();
	}

	/**
	 * @return the private session bus's address
	 */
	public String busAddress() {
		return this.busAddress;
	}

	/**
	 * The variables applications on this desktop and the driver need: {@code DISPLAY},
	 * {@code DBUS_SESSION_BUS_ADDRESS}, {@code XDG_RUNTIME_DIR} and a UTF-8 locale.
	 */
	public Map<String, String> environment() {
		Map<String, String> environment = new HashMap<>(XvfbSession.environment(display()));
		environment.put("DBUS_SESSION_BUS_ADDRESS", this.busAddress);
		environment.put("XDG_RUNTIME_DIR", this.runtimeDir.toString());
		return environment;
	}

	/**
	 * Runs a command (xwininfo, xdotool, wmctrl) against this desktop and waits for it.
	 */
	public ProcessResult run(Duration timeout, String... command) {
		return this.commands.run(timeout, null, List.of(command));
	}

	/** The managed window with exactly this title, waiting for it to appear. */
	public ManagedWindow awaitWindow(String title, Duration timeout) {
		long deadline = System.nanoTime() + timeout.toNanos();
		while (true) {
			ProcessResult list = run(Duration.ofSeconds(10), "wmctrl", "-l", "-p");
			Optional<ManagedWindow> match = list.succeeded() ? ManagedWindow.parseWmctrl(list.stdout())
				.stream()
				.filter((w) -> w.title().equals(title))
				.findFirst() : Optional.empty();
			if (match.isPresent()) {
				return match.get();
			}
			if (System.nanoTime() > deadline) {
				throw new AssertionError("no window titled '" + title + "' on " + display() + " after " + timeout + ": "
						+ list.stdout());
			}
			Pause.millis(25);
		}
	}

	/**
	 * Activates a window through the window manager and waits until the root's
	 * {@code _NET_ACTIVE_WINDOW} names it, asking again every second.
	 */
	public void activate(long windowId, Duration timeout) {
		long deadline = System.nanoTime() + timeout.toNanos();
		long nextRequest = 0;
		String hex = "0x" + Long.toHexString(windowId);
		while (true) {
			String active = run(Duration.ofSeconds(10), "xprop", "-root", "_NET_ACTIVE_WINDOW").stdout();
			if (active.strip().endsWith("window id # " + hex)) {
				return;
			}
			long now = System.nanoTime();
			if (now > deadline) {
				throw new AssertionError("window " + hex + " did not become active within " + timeout + ": " + active);
			}
			if (now >= nextRequest) {
				run(Duration.ofSeconds(10), "wmctrl", "-i", "-a", hex);
				nextRequest = now + Duration.ofSeconds(1).toNanos();
			}
			Pause.millis(20);
		}
	}

	/**
	 * The client window's upper-left corner on the root, as {@code xwininfo} says
	 * ("Absolute upper-left X/Y").
	 */
	public int[] clientOrigin(long windowId) {
		String out = run(Duration.ofSeconds(10), "xwininfo", "-id", "0x" + Long.toHexString(windowId))
			.requireSuccess("xwininfo")
			.stdout();
		return new int[] { field(out, "Absolute upper-left X:"), field(out, "Absolute upper-left Y:") };
	}

	private static int field(String out, String label) {
		for (String line : out.split("\n")) {
			if (line.strip().startsWith(label)) {
				return Integer.parseInt(line.strip().substring(label.length()).strip());
			}
		}
		throw new AssertionError("xwininfo printed no '" + label + "': " + out);
	}

	private void stop() {
		stopTree(this.bus);
		this.session.stop();
		CommandRunner.deleteRecursively(this.runtimeDir);
	}

	// what the session bus activated (at-spi-bus-launcher, its dbus-daemon, registryd)
	// are its descendants: stop them by PID first, then the bus
	private static void stopTree(Process bus) {
		if (bus == null) {
			return;
		}
		List<ProcessHandle> descendants = bus.descendants().toList();
		for (ProcessHandle child : descendants) {
			child.destroy();
		}
		for (ProcessHandle child : descendants) {
			try {
				child.onExit().get(3, TimeUnit.SECONDS);
			}
			catch (Exception ex) {
				child.destroyForcibly();
			}
		}
		CommandRunner.stop(bus, Duration.ofSeconds(3));
	}

}
