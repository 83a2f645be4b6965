package dev.deskhand.platform.linux.dbus;

import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;

import org.freedesktop.dbus.connections.impl.DBusConnection;
import org.freedesktop.dbus.connections.impl.DBusConnectionBuilder;
import org.freedesktop.dbus.exceptions.DBusException;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;

/**
 * Connections to the session bus that pass Unix file descriptors, for the calls that hand
 * over a pipe: mutter's RemoteDesktop clipboard ({@code SelectionRead} and
 * {@code SelectionWrite} answer with one) and KWin's {@code ScreenShot2} (which takes
 * one). dbus-java's native-unixsocket transport, which the other connections use, cannot
 * carry descriptors (JEP 380 channels drop {@code SCM_RIGHTS}; its
 * {@code hasFileDescriptorSupport()} is false), and the junixsocket transport that can is
 * not to be had from the Maven registry Deskhand builds from; so this package carries
 * them over libc's {@code sendmsg}/{@code recvmsg}, as the Wayland wire client already
 * does.
 */
public final class UnixFdBus {

	/** The address type the transport is registered for. */
	static final String ADDRESS_TYPE = "DESKHAND-UNIXFD";

	private UnixFdBus() {
	}

	/**
	 * A new private connection to the bus at a {@code unix:} address ({@code path=} or
	 * {@code abstract=}), with descriptor passing; the caller closes it.
	 * @param unixAddress e.g. {@code unix:path=/run/user/1000/bus}, as in
	 * {@code DBUS_SESSION_BUS_ADDRESS}; of a list ({@code ;}) the first unix one
	 * @throws DBusException when the bus cannot be reached or refuses the connection
	 */
	public static DBusConnection connect(String unixAddress) throws DBusException {
		return DBusConnectionBuilder.forAddress(address(unixAddress)).withShared(false).build();
	}

	/**
	 * The session bus of {@code environment}: {@code DBUS_SESSION_BUS_ADDRESS}, else
	 * {@code $XDG_RUNTIME_DIR/bus}.
	 * @throws DeskhandException E_NO_DESKTOP when neither is set
	 */
	public static String sessionBusAddress(Map<String, String> environment) {
		String address = environment.getOrDefault("DBUS_SESSION_BUS_ADDRESS", "");
		if (!address.isEmpty()) {
			return address;
		}
		String runtimeDir = environment.getOrDefault("XDG_RUNTIME_DIR", "");
		if (runtimeDir.isEmpty()) {
			throw new DeskhandException(ErrorCode.E_NO_DESKTOP,
					"neither DBUS_SESSION_BUS_ADDRESS nor XDG_RUNTIME_DIR is set, so the session bus cannot be found");
		}
		return "unix:path=" + Path.of(runtimeDir, "bus");
	}

	/** The same socket, named for this transport. */
	static String address(String unixAddress) {
		for (String candidate : unixAddress.split(";")) {
			String trimmed = candidate.strip();
			if (trimmed.regionMatches(true, 0, "unix:", 0, 5)) {
				return ADDRESS_TYPE.toLowerCase(Locale.ROOT) + ":" + trimmed.substring(5);
			}
		}
		throw new IllegalArgumentException("no unix: socket in the D-Bus address " + unixAddress);
	}

}
