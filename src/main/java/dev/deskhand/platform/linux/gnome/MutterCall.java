package dev.deskhand.platform.linux.gnome;

import java.time.Duration;

import org.freedesktop.dbus.connections.AbstractConnection;
import org.freedesktop.dbus.exceptions.DBusException;
import org.freedesktop.dbus.exceptions.DBusExecutionException;
import org.freedesktop.dbus.messages.Error;
import org.freedesktop.dbus.messages.Message;
import org.freedesktop.dbus.messages.MethodCall;

/**
 * One D-Bus method call to mutter, built from its signature and answered as dbus-java's
 * raw parameters (structs as arrays, arrays as lists): mutter's answers are deeply nested
 * structs that a typed proxy would need a class per level for, and the readers in this
 * package take them apart by position, as the introspection XML documents them.
 */
final class MutterCall {

	private MutterCall() {
	}

	/**
	 * Calls {@code member} and waits for the answer.
	 * @param signature the arguments' D-Bus signature, empty for none
	 * @return the answer's parameters
	 * @throws DBusExecutionException when mutter answered with an error or not in time
	 */
	static Object[] call(AbstractConnection bus, String destination, String path, String iface, String member,
			Duration timeout, String signature, Object... args) {
		try {
			MethodCall call = bus.getMessageFactory()
				.createMethodCall(destination, path, iface, member, (byte) 0, signature.isEmpty() ? null : signature,
						args);
			bus.sendMessage(call);
			Message answer = awaitReply(call, timeout);
			if (answer == null) {
				throw new DBusExecutionException(iface + "." + member + " did not answer within " + timeout);
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
	 * Waits for the answer, an interrupt included: dbus-java's wait ends at an interrupt
	 * with no answer, which would read as mutter not answering, and the call is sent
	 * already. Mutter answers in milliseconds, so the wait goes on (bounded by
	 * {@code timeout}) and the interrupt is kept for the caller to see between calls
	 * (typing stops at its next chunk).
	 */
	private static Message awaitReply(MethodCall call, Duration timeout) {
		long deadline = System.nanoTime() + timeout.toNanos();
		boolean interrupted = Thread.interrupted();
		try {
			while (true) {
				long left = deadline - System.nanoTime();
				Message answer = call.getReply(Math.max(1, left / 1_000_000));
				if (answer != null || System.nanoTime() >= deadline) {
					return answer;
				}
				interrupted |= Thread.interrupted();
			}
		}
		finally {
			if (interrupted) {
				Thread.currentThread().interrupt();
			}
		}
	}

}
