package dev.deskhand.platform.linux.x11;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.DesktopHealth;
import dev.deskhand.platform.DesktopHealth.State;

/**
 * What the driver knows about its X display, from every call on its connections and from
 * a heartbeat: a round trip on the observation connection once a second, so that a
 * display that dies or stops while nobody calls is noticed within about a second plus the
 * call timeout. Health reads it without touching the display.
 *
 * <p>
 * While the display is known not to answer, calls fail at once (E_NO_DESKTOP) and only
 * the heartbeat tries it, so each stopped server costs at most a few stuck threads. When
 * it answers again, the watch releases every key and button (a stopped server may still
 * process presses it had read before it stopped) and calls work again. When it stops
 * answering or goes away, listeners are told, so that a running action can stop.
 */
final class X11DisplayWatch implements AutoCloseable {

	private static final Logger logger = LoggerFactory.getLogger(X11DisplayWatch.class);

	static final Duration HEARTBEAT = Duration.ofSeconds(1);

	/** How often the socket probe may run while every connection is stuck. */
	private static final long SOCKET_PROBE_INTERVAL_NANOS = TimeUnit.SECONDS.toNanos(10);

	private final String displayName;

	private final Duration callTimeout;

	private final Duration wedgedAfter;

	private final List<X11SharedConnection> connections = new CopyOnWriteArrayList<>();

	private final List<Consumer<DeskhandException>> listeners = new CopyOnWriteArrayList<>();

	// guards the state fields below; held only to read or change them
	private final Object lock = new Object();

	private State state = State.ANSWERING;

	private String reason;

	private long since = System.nanoTime();

	private boolean releasePending;

	/** The last socket probe's answer while the connections were stuck, and when. */
	private volatile X11SocketProbe.Result socketProbe = X11SocketProbe.Result.UNKNOWN;

	private volatile long socketProbeAt;

	private volatile Thread heartbeat;

	private volatile boolean closed;

	/**
	 * @param callTimeout how long one call may take
	 * @param wedgedAfter how long a native call may be stuck while the display answers
	 * before the driver counts as wedged beyond repair
	 */
	X11DisplayWatch(String displayName, Duration callTimeout, Duration wedgedAfter) {
		this.displayName = displayName;
		this.callTimeout = callTimeout;
		this.wedgedAfter = wedgedAfter;
	}

	void register(X11SharedConnection connection) {
		this.connections.add(connection);
	}

	void onLost(Consumer<DeskhandException> listener) {
		this.listeners.add(listener);
	}

	/**
	 * Starts the heartbeat.
	 * @param observe the connection it makes its round trips on
	 * @param onBack run on the heartbeat's thread after the display answers again
	 */
	void start(X11SharedConnection observe, Runnable onBack) {
		Thread thread = new Thread(() -> beat(observe, onBack), "deskhand-x11-watch-" + this.displayName);
		thread.setDaemon(true);
		this.heartbeat = thread;
		thread.start();
	}

	/**
	 * @throws DeskhandException E_NO_DESKTOP while the display is known not to answer
	 */
	void requireAnswering() {
		synchronized (this.lock) {
			if (this.state == State.NOT_ANSWERING) {
				throw new DeskhandException(ErrorCode.E_NO_DESKTOP, this.reason + " (for "
						+ TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - this.since) + " s now)");
			}
		}
	}

	/** A call returned in time on a usable connection. */
	void answered() {
		synchronized (this.lock) {
			if (this.state == State.ANSWERING) {
				return;
			}
			logger.info("X display {} answers again (after {} s: {})", this.displayName,
					TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - this.since), this.reason);
			this.state = State.ANSWERING;
			this.reason = null;
			this.since = System.nanoTime();
			// the heartbeat releases within a second: not on this thread, which may be a
			// caller's
			this.releasePending = true;
		}
	}

	/** A connection was dropped by the server, or the display cannot be reached. */
	void lost(String why) {
		change(State.GONE, why);
	}

	/** A call did not return within its timeout. */
	void notAnswering(String why) {
		change(State.NOT_ANSWERING, why);
	}

	private void change(State worse, String why) {
		synchronized (this.lock) {
			if (this.state == worse) {
				return;
			}
			if (this.state == State.ANSWERING) {
				logger.warn("{}", why);
			}
			this.state = worse;
			this.reason = why;
			this.since = System.nanoTime();
		}
		DeskhandException failure = new DeskhandException(ErrorCode.E_NO_DESKTOP, why);
		for (Consumer<DeskhandException> listener : this.listeners) {
			try {
				listener.accept(failure);
			}
			catch (RuntimeException ex) {
				logger.warn("a listener for the loss of X display {} failed", this.displayName, ex);
			}
		}
	}

	DesktopHealth health() {
		State current;
		String why;
		long stateSince;
		synchronized (this.lock) {
			current = this.state;
			why = this.reason;
			stateSince = this.since;
		}
		long now = System.nanoTime();
		long oldestCall = 0;
		for (X11SharedConnection connection : this.connections) {
			long start = connection.oldestCallStart();
			if (start != 0 && (oldestCall == 0 || start - oldestCall < 0)) {
				oldestCall = start;
			}
		}
		long stuckFor = (oldestCall == 0) ? 0 : now - oldestCall;
		boolean answers = current == State.ANSWERING || (this.socketProbe == X11SocketProbe.Result.ANSWERS
				&& now - this.socketProbeAt < 2 * SOCKET_PROBE_INTERVAL_NANOS);
		if (answers && stuckFor > this.wedgedAfter.toNanos()) {
			return new DesktopHealth(current, "a native call on X display " + this.displayName + " has been stuck for "
					+ TimeUnit.NANOSECONDS.toSeconds(stuckFor) + " s while the X server answers; restart" + " Deskhand",
					true);
		}
		if (current == State.ANSWERING) {
			return DesktopHealth.answering();
		}
		return new DesktopHealth(current, why + " (for " + TimeUnit.NANOSECONDS.toSeconds(now - stateSince) + " s now)",
				false);
	}

	private void beat(X11SharedConnection observe, Runnable onBack) {
		while (!this.closed) {
			try {
				if (takeReleasePending()) {
					runQuietly(onBack);
				}
				beatOnce(observe);
				Thread.sleep(HEARTBEAT.toMillis());
			}
			catch (InterruptedException ex) {
				if (this.closed) {
					return;
				}
			}
			catch (RuntimeException ex) {
				logger.warn("the heartbeat of X display {} failed", this.displayName, ex);
			}
		}
	}

	private void beatOnce(X11SharedConnection observe) {
		try {
			observe.probe((connection) -> {
				connection.sync();
				return null;
			}, this.callTimeout);
		}
		catch (DeskhandException ex) {
			if (this.closed) {
				return;
			}
			if (observe.stuckWorkers() >= X11SharedConnection.MAX_STUCK) {
				// every try would leave another thread behind: ask the socket instead
				probeSocket();
			}
			// the connection reported what it saw (lost, not answering)
		}
	}

	private void probeSocket() {
		long now = System.nanoTime();
		if (this.socketProbeAt != 0 && now - this.socketProbeAt < SOCKET_PROBE_INTERVAL_NANOS) {
			return;
		}
		X11SocketProbe.Result result = X11SocketProbe.probe(this.displayName, this.callTimeout);
		this.socketProbe = result;
		this.socketProbeAt = System.nanoTime();
		if (result == X11SocketProbe.Result.UNREACHABLE) {
			lost("X display " + this.displayName + " is not reachable (nothing listens on its socket)");
		}
		logger.debug("socket probe of X display {}: {}", this.displayName, result);
	}

	private boolean takeReleasePending() {
		synchronized (this.lock) {
			boolean pending = this.releasePending;
			this.releasePending = false;
			return pending;
		}
	}

	private void runQuietly(Runnable action) {
		try {
			action.run();
		}
		catch (RuntimeException ex) {
			logger.warn("after X display {} answered again: {}", this.displayName, ex.getMessage());
		}
	}

	@Override
	public void close() {
		this.closed = true;
		Thread thread = this.heartbeat;
		if (thread != null) {
			thread.interrupt();
			try {
				thread.join(this.callTimeout.toMillis() + 1000);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		}
	}

}
