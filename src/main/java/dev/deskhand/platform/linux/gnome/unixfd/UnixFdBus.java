package dev.deskhand.platform.linux.gnome.unixfd;

import org.freedesktop.dbus.connections.impl.DBusConnection;
import org.freedesktop.dbus.connections.impl.DBusConnectionBuilder;
import org.freedesktop.dbus.exceptions.DBusException;

/**
 * Connections to the session bus that pass Unix file descriptors, for the mutter calls
 * that answer with one (the RemoteDesktop clipboard's {@code SelectionRead} and
 * {@code SelectionWrite} hand over a pipe). dbus-java's native-unixsocket transport,
 * which the other connections use, cannot carry descriptors (JEP 380 channels drop
 * {@code SCM_RIGHTS}; its {@code hasFileDescriptorSupport()} is false), and the
 * junixsocket transport that can is not to be had from the Maven registry Deskhand builds
 * from; so this package carries them over libc's {@code sendmsg}/{@code recvmsg}, as the
 * Wayland wire client already does.
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

	/** The same socket, named for this transport. */
	static String address(String unixAddress) {
		for (String candidate : unixAddress.split(";")) {
			String trimmed = candidate.strip();
			if (trimmed.regionMatches(true, 0, "unix:", 0, 5)) {
				return ADDRESS_TYPE.toLowerCase(java.util.Locale.ROOT) + ":" + trimmed.substring(5);
			}
		}
		throw new IllegalArgumentException("no unix: socket in the D-Bus address " + unixAddress);
	}

}
