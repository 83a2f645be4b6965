package dev.deskhand.platform.linux.kde;

import java.time.Duration;
import java.util.Map;

import org.freedesktop.dbus.connections.impl.DBusConnection;
import org.freedesktop.dbus.errors.NoReply;
import org.freedesktop.dbus.exceptions.DBusException;
import org.freedesktop.dbus.exceptions.DBusExecutionException;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.linux.dbus.DbusCall;
import dev.deskhand.platform.linux.dbus.UnixFdBus;

/**
 * A private connection to the session bus for the driver's calls to KWin, on the shared
 * fd-passing transport (ScreenShot2 takes a pipe), with KWin's answers turned into
 * Deskhand's errors: an error reply is E_FAIL naming the error, no reply in time
 * E_TIMEOUT.
 */
final class KwinBus implements AutoCloseable {

	private final String address;

	private final Duration timeout;

	private final DBusConnection connection;

	private KwinBus(String address, Duration timeout, DBusConnection connection) {
		this.address = address;
		this.timeout = timeout;
		this.connection = connection;
	}

	/**
	 * Connects to the session bus of {@code environment}
	 * ({@code DBUS_SESSION_BUS_ADDRESS}, else {@code $XDG_RUNTIME_DIR/bus}).
	 * @throws DeskhandException E_NO_DESKTOP when the bus cannot be reached or refuses
	 */
	static KwinBus open(Map<String, String> environment, Duration timeout) {
		String address = UnixFdBus.sessionBusAddress(environment);
		try {
			return new KwinBus(address, timeout, UnixFdBus.connect(address));
		}
		catch (DBusException | RuntimeException ex) {
			throw new DeskhandException(ErrorCode.E_NO_DESKTOP,
					"cannot connect to the session bus at " + address + ": " + ex.getMessage(), ex);
		}
	}

	/**
	 * Calls a method and waits for its answer.
	 * @param signature the arguments' D-Bus signature, empty for none; a descriptor
	 * ({@code h}) is a {@link org.freedesktop.dbus.FileDescriptor}, which the caller
	 * keeps and closes
	 * @return the answer's parameters
	 * @throws DeskhandException E_FAIL with the error's name and message for an error
	 * answer, E_TIMEOUT when none comes in time
	 */
	Object[] call(String destination, String path, String iface, String member, String signature, Object... arguments) {
		try {
			return DbusCall.call(this.connection, destination, path, iface, member, this.timeout, signature, arguments);
		}
		catch (DBusExecutionException ex) {
			if (ex instanceof NoReply) {
				throw new DeskhandException(ErrorCode.E_TIMEOUT, "the session bus at " + this.address
						+ " did not answer " + iface + "." + member + " within " + this.timeout.toMillis() + " ms");
			}
			throw new DeskhandException(ErrorCode.E_FAIL, iface + "." + member + " failed: " + DbusCall.describe(ex),
					ex);
		}
	}

	/** The connection itself, e.g. to export an object others call. */
	DBusConnection connection() {
		return this.connection;
	}

	/**
	 * This connection's unique name on the bus, e.g. {@code :1.42}: others call it there.
	 */
	String uniqueName() {
		return this.connection.getUniqueName();
	}

	boolean isClosed() {
		return !this.connection.isConnected();
	}

	@Override
	public void close() {
		this.connection.disconnect();
	}

}
