package dev.deskhand.platform.linux.dbus;

import java.time.Duration;

import org.freedesktop.dbus.connections.AbstractConnection;
import org.freedesktop.dbus.exceptions.DBusException;
import org.freedesktop.dbus.exceptions.DBusExecutionException;
import org.freedesktop.dbus.messages.Error;
import org.freedesktop.dbus.messages.Message;
import org.freedesktop.dbus.messages.MethodCall;

/**
 * One D-Bus method call, built from its signature and answered as dbus-java's raw
 * parameters (structs as arrays, arrays as lists): mutter's answers are deeply nested
 * structs that a typed proxy would need a class per level for, and KWin's calls take a
 * file descriptor ({@code h}, as a {@link org.freedesktop.dbus.FileDescriptor}) that only
 * a {@link UnixFdBus} connection passes. The callers take the answers apart by position,
 * as the introspection XML documents them.
 */
public final class DbusCall {

	/**
	 * The error type of a call that got no answer in time, D-Bus's own name for it.
	 */
	public static final String NO_REPLY = "org.freedesktop.DBus.Error.NoReply";

	private DbusCall() {
	}

	/**
	 * Calls {@code member} and waits for the answer.
	 * @param signature the arguments' D-Bus signature, empty for none
	 * @return the answer's parameters
	 * @throws DBusExecutionException when the callee answered with an error (its name is
	 * the exception's type), or not in time (type {@value #NO_REPLY})
	 */
	public static Object[] call(AbstractConnection bus, String destination, String path, String iface, String member,
			Duration timeout, String signature, Object... args) {
		try {
			MethodCall call = bus.getMessageFactory()
				.createMethodCall(destination, path, iface, member, (byte) 0, signature.isEmpty() ? null : signature,
						args);
			bus.sendMessage(call);
			Message answer = call.getReply(Math.max(1, timeout.toMillis()));
			if (answer == null) {
				DBusExecutionException late = new DBusExecutionException(
						iface + "." + member + " did not answer within " + timeout);
				late.setType(NO_REPLY);
				throw late;
			}
			if (answer instanceof Error error) {
				error.throwException();
			}
			Object[] parameters = answer.getParameters();
			return (parameters != null) ? parameters : new Object[0];
		}
		catch (DBusException ex) {
			DBusExecutionException failure = new DBusExecutionException(iface + "." + member + ": " + ex.getMessage(),
					ex);
			failure.setType(ex.getClass().getName());
			throw failure;
		}
	}

	/**
	 * An error answer as one sentence: the error's name, then its message, unless the
	 * message names it already.
	 */
	public static String describe(DBusExecutionException ex) {
		String type = ex.getType();
		return (type == null || ex.getMessage() == null || ex.getMessage().contains(type))
				? String.valueOf(ex.getMessage()) : type + ": " + ex.getMessage();
	}

}
