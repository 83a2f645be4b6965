package dev.deskhand.platform.linux.atspi;

import org.freedesktop.dbus.connections.AbstractConnection;
import org.freedesktop.dbus.connections.impl.DBusConnection;
import org.freedesktop.dbus.connections.impl.DirectConnection;
import org.freedesktop.dbus.interfaces.DBusInterface;

/**
 * How Deskhand reaches one application: through the accessibility bus, or over the
 * private peer-to-peer socket the application offers (GTK and Chromium do; Qt does not),
 * which skips the bus daemon's hop and is about twice as fast per call.
 */
final class AtspiChannel {

	private final String busName;

	private final AbstractConnection connection;

	private AtspiChannel(String busName, AbstractConnection connection) {
		this.busName = busName;
		this.connection = connection;
	}

	static AtspiChannel viaBus(String busName, DBusConnection bus) {
		return new AtspiChannel(busName, bus);
	}

	static AtspiChannel direct(String busName, DirectConnection direct) {
		return new AtspiChannel(busName, direct);
	}

	String busName() {
		return this.busName;
	}

	boolean isDirect() {
		return this.connection instanceof DirectConnection;
	}

	boolean isConnected() {
		return this.connection.isConnected();
	}

	/** Sends a call to the object at {@code path}; await it with a deadline. */
	<T> AtspiCall<T> call(String path, Class<? extends DBusInterface> type, String method, Object... args) {
		String destination = (this.connection instanceof DirectConnection) ? null : this.busName;
		return AtspiCall.send(this.connection, destination, path, type, this.busName, method, args);
	}

	/** Closes a peer-to-peer connection; the shared bus connection stays open. */
	void close() {
		if (this.connection instanceof DirectConnection direct) {
			try {
				direct.close();
			}
			catch (java.io.IOException ex) {
				// closing a socket the application may already have closed: nothing to do
			}
		}
	}

}
