package dev.deskhand.platform.linux.dbus;

import java.time.Duration;

import org.freedesktop.dbus.connections.AbstractConnection;
import org.freedesktop.dbus.errors.NoReply;
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

	private DbusCall() {
	}

	/**
	 * Calls {@code member} and waits for the answer.
	 * @param signature the arguments' D-Bus signature, empty for none
	 * @return the answer's parameters
	 * @throws DBusExecutionException when the callee answered with an error: dbus-java's
	 * class for a standard error ({@code org.freedesktop.dbus.errors.AccessDenied}, ...),
	 * else a plain one whose message starts with the error's name; {@link NoReply} when
	 * no answer came in time
	 */
	public static Object[] call(AbstractConnection bus, String destination, String path, String iface, String member,
			Duration timeout, String signature, Object... args) {
		return send(bus, destination, path, iface, member, signature, args).answer(timeout);
	}

	/**
	 * Sends a call without waiting for its answer, so that several calls to one callee
	 * can be in flight: a bus delivers one connection's messages to a callee in the order
	 * sent, and mutter and KWin answer them in that order.
	 * @param signature the arguments' D-Bus signature, empty for none
	 * @return the call, whose answer {@link Sent#answer} waits for
	 * @throws DBusExecutionException when the call cannot be built
	 */
	public static Sent send(AbstractConnection bus, String destination, String path, String iface, String member,
			String signature, Object... args) {
		try {
			MethodCall call = bus.getMessageFactory()
				.createMethodCall(destination, path, iface, member, (byte) 0, signature.isEmpty() ? null : signature,
						args);
			bus.sendMessage(call);
			return new Sent(call, iface + "." + member);
		}
		catch (DBusException ex) {
			throw new DBusExecutionException(iface + "." + member + ": " + ex.getMessage(), ex);
		}
	}

	/**
	 * A call on its way.
	 *
	 * @param call the message sent
	 * @param name {@code interface.member}, for failures
	 */
	public record Sent(MethodCall call, String name) {

		/**
		 * Waits for the answer.
		 * @return the answer's parameters
		 * @throws DBusExecutionException as {@link DbusCall#call} does
		 */
		public Object[] answer(Duration timeout) {
			Message answer = awaitReply(this.call, timeout);
			if (answer == null) {
				throw new NoReply(this.name + " did not answer within " + timeout);
			}
			if (answer instanceof Error error) {
				throw failure(error);
			}
			try {
				Object[] parameters = answer.getParameters();
				return (parameters != null) ? parameters : new Object[0];
			}
			catch (DBusException ex) {
				throw new DBusExecutionException(this.name + ": " + ex.getMessage(), ex);
			}
		}

	}

	/**
	 * Waits for the answer, an interrupt included: dbus-java's wait ends at an interrupt
	 * with no answer, which would read as the callee not answering, and the call is sent
	 * already. Mutter and KWin answer in milliseconds, so the wait goes on (bounded by
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

	// dbus-java drops the name of an error it has no class for (its setType does
	// nothing): keep it in the message, e.g.
	// org.kde.KWin.ScreenShot2.Error.NoAuthorized
	private static DBusExecutionException failure(Error error) {
		DBusExecutionException ex = error.getException();
		if (ex.getClass() != DBusExecutionException.class) {
			return ex;
		}
		return new DBusExecutionException(error.getName() + ": " + ex.getMessage());
	}

	/**
	 * An error answer as one sentence: the error's name (or dbus-java's class for it),
	 * then its message.
	 */
	public static String describe(DBusExecutionException ex) {
		String type = ex.getClass().getName();
		return (ex.getClass() == DBusExecutionException.class || ex.getMessage() == null
				|| ex.getMessage().contains(type)) ? String.valueOf(ex.getMessage()) : type + ": " + ex.getMessage();
	}

}
