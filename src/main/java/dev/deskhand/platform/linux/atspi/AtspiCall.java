package dev.deskhand.platform.linux.atspi;

import org.freedesktop.dbus.DBusAsyncReply;
import org.freedesktop.dbus.connections.AbstractConnection;
import org.freedesktop.dbus.exceptions.DBusException;
import org.freedesktop.dbus.exceptions.DBusExecutionException;
import org.freedesktop.dbus.interfaces.DBusInterface;
import org.freedesktop.dbus.messages.Message;

/**
 * One D-Bus method call in flight. Calls are sent at once and awaited later, so a batch
 * of them (every element's role, states, name and extents) costs one round trip instead
 * of one each: dbus-java's per-call overhead, not the toolkit, is what a walk pays.
 *
 * @param <T> what the method returns
 */
final class AtspiCall<T> {

	private final DBusAsyncReply<?> reply;

	private final String owner;

	private AtspiCall(DBusAsyncReply<?> reply, String owner) {
		this.reply = reply;
		this.owner = owner;
	}

	/**
	 * Sends a call on {@code proxy}'s interface; the arguments' classes must be the
	 * method's parameter types (dbus-java finds the method by them).
	 */
	static <T> AtspiCall<T> send(AbstractConnection connection, DBusInterface proxy, String owner, String method,
			Object... args) {
		return new AtspiCall<>(connection.callMethodAsync(proxy, method, args), owner);
	}

	/**
	 * Waits for the answer until the deadline ({@link System#nanoTime()}), blocking on
	 * the call's own monitor (a spin on {@code hasReply} burns a core).
	 * @throws AtspiTimeoutException when the application did not answer in time
	 * @throws DBusExecutionException when it answered with an error
	 */
	@SuppressWarnings("unchecked")
	T await(long deadline) {
		if (!this.reply.hasReply()) {
			long millis = Math.max(1, (deadline - System.nanoTime()) / 1_000_000);
			Message answer = this.reply.getCall().getReply(millis);
			if (answer == null) {
				throw new AtspiTimeoutException(this.owner);
			}
		}
		try {
			return (T) this.reply.getReply();
		}
		catch (DBusException ex) {
			DBusExecutionException failure = new DBusExecutionException(ex.getMessage(), ex);
			failure.setType(ex.getClass().getName());
			throw failure;
		}
	}

}
