package dev.deskhand.platform.x11;

import java.util.function.Function;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;

/**
 * A connection that any thread may use, one at a time, and that is reopened after the
 * server dropped it. Used for observation (displays, pointer, capture) and for control
 * (release-all, keymap restore), never for the input thread's own work.
 */
final class X11SharedConnection implements AutoCloseable {

	private final String displayName;

	private final String role;

	// Xlib connections must not be used by two threads at once; this lock serialises the
	// callers
	private final Object lock = new Object();

	private X11Connection connection;

	private boolean closed;

	/**
	 * @param displayName the display to (re)connect to
	 * @param role for logs
	 * @param initial an open connection to start with, or {@code null} to open on first
	 * use
	 */
	X11SharedConnection(String displayName, String role, X11Connection initial) {
		this.displayName = displayName;
		this.role = role;
		this.connection = initial;
	}

	/**
	 * Runs {@code action} with the connection, opening it first if needed; blocks while
	 * another thread uses it.
	 * @throws dev.deskhand.errors.DeskhandException E_NO_DESKTOP when the display is
	 * unreachable
	 */
	<T> T call(Function<X11Connection, T> action) {
		synchronized (this.lock) {
			if (this.closed) {
				throw new DeskhandException(ErrorCode.E_NO_DESKTOP,
						"the X11 driver for " + this.displayName + " is closed");
			}
			if (this.connection == null || !this.connection.isUsable()) {
				if (this.connection != null) {
					this.connection.close();
					this.connection = null;
				}
				this.connection = X11Connection.open(this.displayName, this.role);
			}
			return action.apply(this.connection);
		}
	}

	/**
	 * Runs {@code action} under the lock without opening a connection, e.g. to free state
	 * at close.
	 */
	void runLocked(Runnable action) {
		synchronized (this.lock) {
			action.run();
		}
	}

	@Override
	public void close() {
		synchronized (this.lock) {
			this.closed = true;
			if (this.connection != null) {
				this.connection.close();
				this.connection = null;
			}
		}
	}

}
