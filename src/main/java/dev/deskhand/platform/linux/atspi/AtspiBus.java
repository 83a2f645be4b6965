package dev.deskhand.platform.linux.atspi;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.freedesktop.dbus.connections.impl.DBusConnection;
import org.freedesktop.dbus.connections.impl.DBusConnectionBuilder;
import org.freedesktop.dbus.connections.impl.DirectConnection;
import org.freedesktop.dbus.connections.impl.DirectConnectionBuilder;
import org.freedesktop.dbus.exceptions.DBusException;
import org.freedesktop.dbus.exceptions.DBusExecutionException;
import org.freedesktop.dbus.types.UInt32;
import org.freedesktop.dbus.types.Variant;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.deskhand.platform.linux.atspi.AtspiDbus.A11yBus;
import dev.deskhand.platform.linux.atspi.AtspiDbus.Application;
import dev.deskhand.platform.linux.atspi.AtspiDbus.BusDaemon;

/**
 * The accessibility bus, found the way libatspi finds it: {@code AT_SPI_BUS_ADDRESS},
 * else the session bus's {@code org.a11y.Bus.GetAddress} (which starts the bus on first
 * use). Connected lazily on first use, never during start-up, and again after the bus
 * went away; each application reached over its own peer-to-peer socket where it offers
 * one.
 */
final class AtspiBus implements AutoCloseable {

	static final String HOW_TO_ENABLE = "Deskhand reads the accessibility tree over AT-SPI: run it inside the"
			+ " desktop session (with that session's DBUS_SESSION_BUS_ADDRESS, or AT_SPI_BUS_ADDRESS) and install"
			+ " at-spi2-core; GTK applications then join by themselves, Qt ones once Deskhand connected (it sets"
			+ " org.a11y.Status.IsEnabled) or with QT_LINUX_ACCESSIBILITY_ALWAYS_ON=1, Chromium and Electron apps"
			+ " only when started with ACCESSIBILITY_ENABLED=1 and --force-renderer-accessibility";

	private static final Logger logger = LoggerFactory.getLogger(AtspiBus.class);

	private final Map<String, String> environment;

	private final Duration timeout;

	private final boolean enableToolkits;

	// one connection to the a11y bus, replaced after it dropped; the lock keeps two
	// callers from connecting twice
	private final Object connecting = new Object();

	private volatile DBusConnection bus;

	private volatile String failure;

	private final Map<String, AtspiChannel> channels = new ConcurrentHashMap<>();

	private final Map<String, Long> pids = new ConcurrentHashMap<>();

	/**
	 * @param environment the session's variables {@code AT_SPI_BUS_ADDRESS} and
	 * {@code DBUS_SESSION_BUS_ADDRESS} (absent ones left out)
	 * @param timeout how long one call (and connecting) may take
	 * @param enableToolkits whether to set {@code org.a11y.Status.IsEnabled} on the
	 * session bus, as a screen reader does
	 */
	AtspiBus(Map<String, String> environment, Duration timeout, boolean enableToolkits) {
		this.environment = Map.copyOf(environment);
		this.timeout = timeout;
		this.enableToolkits = enableToolkits;
	}

	Duration timeout() {
		return this.timeout;
	}

	/** A deadline for a call started now, as {@link System#nanoTime()}. */
	long deadline() {
		return System.nanoTime() + this.timeout.toNanos();
	}

	/**
	 * The bus connection, connecting first when there is none or it dropped.
	 * @throws AtspiUnavailableException with the reason and how to enable it
	 */
	DBusConnection connection() {
		DBusConnection current = this.bus;
		if (current != null && current.isConnected()) {
			return current;
		}
		synchronized (this.connecting) {
			current = this.bus;
			if (current != null && current.isConnected()) {
				return current;
			}
			if (current != null) {
				logger.info("The AT-SPI bus connection dropped; connecting again");
				dropChannels();
			}
			try {
				this.bus = connectBounded();
				this.failure = null;
				return this.bus;
			}
			catch (AtspiUnavailableException ex) {
				this.bus = null;
				this.failure = ex.getMessage();
				throw ex;
			}
		}
	}

	/** The last reason the bus could not be reached, or {@code null}. */
	String failure() {
		return this.failure;
	}

	private DBusConnection connectBounded() {
		// connecting includes a SASL exchange and a call to the session bus: a daemon
		// that is stopped would block it forever, so it runs beside the caller
		FutureTask<DBusConnection> task = new FutureTask<>(this::connect);
		Thread thread = new Thread(task, "deskhand-atspi-connect");
		thread.setDaemon(true);
		thread.start();
		try {
			return task.get(this.timeout.toMillis() * 2, TimeUnit.MILLISECONDS);
		}
		catch (TimeoutException ex) {
			task.cancel(true);
			throw new AtspiUnavailableException("the accessibility bus did not answer within "
					+ this.timeout.multipliedBy(2) + ". " + HOW_TO_ENABLE);
		}
		catch (ExecutionException ex) {
			if (ex.getCause() instanceof AtspiUnavailableException unavailable) {
				throw unavailable;
			}
			throw new AtspiUnavailableException(
					"the accessibility bus cannot be reached (" + ex.getCause().getMessage() + "). " + HOW_TO_ENABLE);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new AtspiUnavailableException("interrupted while connecting to the accessibility bus");
		}
	}

	private DBusConnection connect() throws DBusException {
		String address = this.environment.get("AT_SPI_BUS_ADDRESS");
		if (address == null || address.isBlank()) {
			address = addressFromSessionBus();
		}
		try {
			requireSocket(address, "the accessibility bus");
		}
		catch (AtspiUnavailableException ex) {
			throw new AtspiUnavailableException(ex.getMessage() + ". " + HOW_TO_ENABLE);
		}
		DBusConnection connection = open(address);
		logger.info("Connected to the AT-SPI bus {}", safeAddress(address));
		return connection;
	}

	private String addressFromSessionBus() throws DBusException {
		String session = this.environment.get("DBUS_SESSION_BUS_ADDRESS");
		if (session == null || session.isBlank()) {
			throw new AtspiUnavailableException(
					"there is no D-Bus session bus (DBUS_SESSION_BUS_ADDRESS is not set). " + HOW_TO_ENABLE);
		}
		List<String> failures = new ArrayList<>();
		// the variable may list several addresses; like libdbus, use the first that works
		for (String candidate : session.split(";")) {
			if (candidate.isBlank()) {
				continue;
			}
			try (DBusConnection sessionBus = open(requireSocket(candidate, "the session bus"))) {
				String address = AtspiCall
					.<String>send(sessionBus, "org.a11y.Bus", "/org/a11y/bus", A11yBus.class, "org.a11y.Bus",
							"GetAddress")
					.await(deadline());
				if (address == null || address.isBlank()) {
					failures.add(safeAddress(candidate) + ": org.a11y.Bus gave no address");
					continue;
				}
				if (this.enableToolkits) {
					enableToolkits(sessionBus);
				}
				return address;
			}
			catch (AtspiUnavailableException ex) {
				failures.add(ex.getMessage());
			}
			catch (DBusExecutionException ex) {
				failures.add(safeAddress(candidate) + ": org.a11y.Bus is not there (" + ex.getMessage()
						+ "; is at-spi2-core installed?)");
			}
			catch (AtspiTimeoutException ex) {
				failures.add(safeAddress(candidate) + ": org.a11y.Bus did not answer in time");
			}
			catch (DBusException | java.io.IOException | RuntimeException ex) {
				failures.add(safeAddress(candidate) + ": " + ex.getMessage());
			}
		}
		throw new AtspiUnavailableException(
				"the session bus gave no accessibility bus: " + String.join("; ", failures) + ". " + HOW_TO_ENABLE);
	}

	// what a screen reader does: Qt joins the tree only while org.a11y.Status.IsEnabled
	// is
	// true (it watches the property), Chromium only when it was true as it started
	private void enableToolkits(DBusConnection sessionBus) {
		try {
			AtspiCall
				.send(sessionBus, "org.a11y.Bus", "/org/a11y/bus", AtspiDbus.Properties.class, "org.a11y.Bus", "Set",
						"org.a11y.Status", "IsEnabled", new Variant<>(Boolean.TRUE))
				.await(deadline());
		}
		catch (DBusExecutionException | AtspiTimeoutException ex) {
			logger.debug("Could not set org.a11y.Status.IsEnabled: {}", ex.getMessage());
		}
	}

	private DBusConnection open(String address) throws DBusException {
		// dbus-java retries a connect for 10 s by default: bounded by the call timeout
		return DBusConnectionBuilder.forAddress(address)
			.withShared(false)
			.withWeakReferences(true)
			.transportConfig()
			.withTimeout((int) Math.min(Integer.MAX_VALUE, this.timeout.toMillis()))
			.back()
			.build();
	}

	// a socket file that is not there is the common case (no session, a stale variable):
	// said at once, without waiting for connect retries
	private static String requireSocket(String address, String what) {
		if (address.startsWith("unix:path=")) {
			String path = address.substring("unix:path=".length()).split(",", 2)[0];
			if (!Files.exists(Path.of(path))) {
				throw new AtspiUnavailableException(
						what + " " + safeAddress(address) + " is not there (no such socket)");
			}
		}
		return address;
	}

	// an address names a socket path and a guid, never a secret; the guid is left out to
	// keep log lines short
	private static String safeAddress(String address) {
		int guid = address.indexOf(",guid=");
		return (guid >= 0) ? address.substring(0, guid) : address;
	}

	/**
	 * How to reach one application: its peer-to-peer socket when it offers one, else the
	 * bus. Found once per application.
	 */
	AtspiChannel channel(String busName) {
		AtspiChannel known = this.channels.get(busName);
		if (known != null && known.isConnected()) {
			return known;
		}
		DBusConnection connection = connection();
		// compute: one opening per application at a time, so no socket is opened twice
		return this.channels.compute(busName,
				(name, current) -> (current != null && current.isConnected()) ? current : open(name, connection));
	}

	/** Whether the application's channel is open already: using it costs no opening. */
	boolean isOpen(String busName) {
		AtspiChannel known = this.channels.get(busName);
		return known != null && known.isConnected();
	}

	private AtspiChannel open(String busName, DBusConnection connection) {
		AtspiChannel viaBus = AtspiChannel.viaBus(busName, connection);
		if (!sameUser(knownPid(busName))) {
			// the toolkit's socket admits its own user only (libdbus's default rule) and
			// drops anyone else after connecting: a root Deskhand beside a user's
			// session goes through the bus, which admits both
			return viaBus;
		}
		try {
			String address = viaBus.<String>call(AtspiDbus.ROOT_PATH, Application.class, "GetApplicationBusAddress")
				.await(deadline());
			// the JDK's Unix sockets take paths only, not Linux's abstract names
			if (address != null && address.startsWith("unix:path=")) {
				DirectConnection direct = DirectConnectionBuilder.forAddress(address).withWeakReferences(true).build();
				return AtspiChannel.direct(busName, direct);
			}
		}
		catch (DBusExecutionException | DBusException ex) {
			// Qt offers no socket (UnknownObject/UnknownMethod): the bus serves it
			logger.debug("No peer-to-peer socket from {}: {}", busName, ex.getMessage());
		}
		return viaBus;
	}

	// whether the process runs as this process's user; an unknown one is taken to do
	private static boolean sameUser(long pid) {
		if (pid <= 0) {
			return true;
		}
		try {
			return Files.getAttribute(Path.of("/proc", Long.toString(pid)), "unix:uid")
				.equals(Files.getAttribute(Path.of("/proc/self"), "unix:uid"));
		}
		catch (java.io.IOException | UnsupportedOperationException | IllegalArgumentException | SecurityException ex) {
			return true;
		}
	}

	/** The process id the bus daemon gave for an application, or 0 when not asked yet. */
	long knownPid(String busName) {
		return this.pids.getOrDefault(busName, 0L);
	}

	/** Forgets an application that is gone (and closes its socket). */
	void forget(String busName) {
		AtspiChannel channel = this.channels.remove(busName);
		if (channel != null) {
			channel.close();
		}
		this.pids.remove(busName);
	}

	/** Forgets every application not in {@code present}. */
	void retain(Set<String> present) {
		for (String busName : List.copyOf(this.channels.keySet())) {
			if (!present.contains(busName)) {
				forget(busName);
			}
		}
		this.pids.keySet().retainAll(present);
	}

	/**
	 * Starts asking the bus daemon for the process ids of applications not asked before.
	 * @return the known and the pending answers, by bus name
	 */
	Map<String, Long> pids(List<String> busNames) {
		DBusConnection connection = connection();
		Map<String, AtspiCall<UInt32>> pending = new HashMap<>();
		for (String busName : busNames) {
			if (!this.pids.containsKey(busName)) {
				try {
					pending.put(busName, AtspiCall.send(connection, "org.freedesktop.DBus", "/org/freedesktop/DBus",
							BusDaemon.class, "org.freedesktop.DBus", "GetConnectionUnixProcessID", busName));
				}
				catch (DBusExecutionException ex) {
					this.pids.put(busName, 0L);
				}
			}
		}
		long deadline = deadline();
		pending.forEach((busName, call) -> {
			try {
				this.pids.put(busName, call.await(deadline).longValue());
			}
			catch (DBusExecutionException | AtspiTimeoutException ex) {
				this.pids.put(busName, 0L);
			}
		});
		Map<String, Long> result = new HashMap<>();
		for (String busName : busNames) {
			result.put(busName, this.pids.getOrDefault(busName, 0L));
		}
		return result;
	}

	private void dropChannels() {
		for (String busName : List.copyOf(this.channels.keySet())) {
			forget(busName);
		}
	}

	@Override
	public void close() {
		dropChannels();
		DBusConnection current = this.bus;
		this.bus = null;
		if (current != null) {
			current.disconnect();
		}
	}

}
