package dev.deskhand.platform.linux.x11;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.Function;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.HeldInputs;

/**
 * One X connection that any thread may use, owned by a worker thread of its own: callers
 * hand it a task and wait for the answer with a bound
 * ({@code deskhand.display.call-timeout}). Xlib blocks in {@code poll}/{@code read} while
 * the server is stopped, and an interrupt cannot end a native call, so no caller may ever
 * wait on a lock held across one.
 *
 * <p>
 * A task that overruns its bound abandons its worker: the connection is given up
 * ({@link X11Connection#abandon()}), the tasks queued behind it fail at once, and the
 * next call starts a new worker with a new connection. The stuck worker is left alone;
 * should its call ever return, it closes its connection on its own thread and ends. At
 * most {@link #MAX_STUCK} stuck workers exist per connection; beyond that, and while the
 * {@link X11DisplayWatch} knows the display does not answer, calls fail at once with
 * E_NO_DESKTOP instead of leaving more threads behind. A connection the server dropped is
 * replaced on the next call.
 */
final class X11SharedConnection implements AutoCloseable {

	private static final Logger logger = LoggerFactory.getLogger(X11SharedConnection.class);

	/** Stuck workers one connection may leave behind before calls fail at once. */
	static final int MAX_STUCK = 2;

	/**
	 * How long a caller past its bound still waits for a task that is copying its result
	 * into the caller's memory: pure Java, a few milliseconds.
	 */
	private static final Duration DELIVERY_GRACE = Duration.ofSeconds(2);

	/** The task a worker thread runs now, for {@link #claimDelivery()}. */
	private static final ThreadLocal<Task<?>> RUNNING = new ThreadLocal<>();

	private final String displayName;

	private final String role;

	private final Duration callTimeout;

	private final X11DisplayWatch watch;

	// guards the fields below; held only to read or swap them, never across a native
	// call or a wait
	private final Object lock = new Object();

	private final List<Worker> stuck = new ArrayList<>();

	private Worker worker;

	private X11Connection initial;

	private int started;

	private boolean closed;

	// Set once, before the first call, by a driver whose calls on this connection inject.
	private volatile HeldInputs fence;

	// Set once at start-up in the own-seat mode: every connection opened here is bound to
	// it.
	private volatile X11AgentSeat seat;

	/**
	 * @param displayName the display to (re)connect to
	 * @param role what the connection is for, for logs and messages
	 * @param initial an open connection the first worker adopts, or {@code null} to open
	 * on first use
	 * @param callTimeout how long a caller waits for one task
	 * @param watch told about answers, losses and overruns
	 */
	X11SharedConnection(String displayName, String role, X11Connection initial, Duration callTimeout,
			X11DisplayWatch watch) {
		this.displayName = displayName;
		this.role = role;
		this.initial = initial;
		this.callTimeout = callTimeout;
		this.watch = watch;
		watch.register(this);
	}

	/**
	 * A connection on a watch of its own without a heartbeat, with the default call
	 * timeout: for a component tested apart from a driver.
	 */
	X11SharedConnection(String displayName, String role, X11Connection initial) {
		this(displayName, role, initial, X11DesktopDriver.DEFAULT_CALL_TIMEOUT, new X11DisplayWatch(displayName,
				X11DesktopDriver.DEFAULT_CALL_TIMEOUT, X11DesktopDriver.DEFAULT_WEDGED_AFTER));
	}

	/**
	 * Brackets every {@link #call} with {@link HeldInputs#injecting()} and
	 * {@link HeldInputs#injected()}: for the connections that send input, so the desk
	 * never mistakes Deskhand's own input for the human's.
	 */
	void fenceInjections(HeldInputs held) {
		this.fence = held;
	}

	/**
	 * Binds every connection opened here to the agent's seat (see
	 * {@link X11Connection#useSeat}); call it before the first call.
	 */
	void bindToSeat(X11AgentSeat agentSeat) {
		this.seat = agentSeat;
	}

	String role() {
		return this.role;
	}

	/**
	 * Runs {@code action} on the worker with the connection, opening it first if needed,
	 * and waits at most the call timeout.
	 * @throws DeskhandException E_NO_DESKTOP when the display is unreachable, lost, or
	 * known not to answer; E_TIMEOUT when it did not answer in time
	 */
	<T> T call(Function<X11Connection, T> action) {
		this.watch.requireAnswering();
		HeldInputs held = this.fence;
		if (held == null) {
			return run(action, true, this.callTimeout);
		}
		held.injecting();
		try {
			return run(action, true, this.callTimeout);
		}
		finally {
			held.injected();
		}
	}

	/**
	 * Like {@link #call}, also while the display is known not to answer: how the
	 * heartbeat finds out that it answers again.
	 */
	<T> T probe(Function<X11Connection, T> action, Duration timeout) {
		return run(action, true, timeout);
	}

	/**
	 * Runs {@code action} if a worker holds a usable connection, without opening one; for
	 * freeing what lives on the connection at close.
	 */
	void runIfConnected(Consumer<X11Connection> action) {
		try {
			run((connection) -> {
				action.accept(connection);
				return null;
			}, false, this.callTimeout);
		}
		catch (DeskhandException ex) {
			logger.debug("skipped cleanup on the {} connection to {}: {}", this.role, this.displayName,
					ex.getMessage());
		}
	}

	/**
	 * Call it from a task after its last native call and before it writes into memory its
	 * caller owns (a pixel buffer) or state other tasks share: fails once the caller gave
	 * up on the task, and otherwise makes the caller wait until the task ends. Does
	 * nothing outside a worker.
	 */
	static void claimDelivery() {
		Task<?> task = RUNNING.get();
		if (task != null && !task.state.compareAndSet(Task.RUNNING, Task.DELIVERING)) {
			throw new DeskhandException(ErrorCode.E_NO_DESKTOP, "the caller gave up waiting for the X server");
		}
	}

	/**
	 * When the oldest call still running on this connection's workers started, or 0 when
	 * none runs: for the watch's view of stuck native calls.
	 */
	long oldestCallStart() {
		long oldest = 0;
		synchronized (this.lock) {
			List<Worker> all = new ArrayList<>(this.stuck);
			if (this.worker != null) {
				all.add(this.worker);
			}
			for (Worker candidate : all) {
				long since = candidate.busySince;
				if (since != 0 && (oldest == 0 || since - oldest < 0)) {
					oldest = since;
				}
			}
		}
		return oldest;
	}

	/** Workers stuck in a call that were given up; for health. */
	int stuckWorkers() {
		synchronized (this.lock) {
			return this.stuck.size();
		}
	}

	private <T> T run(Function<X11Connection, T> action, boolean mayOpen, Duration timeout) {
		Worker current = workerOrFail(mayOpen);
		if (Thread.currentThread() == current.thread) {
			// a task calling back into its own connection: it owns it already
			return action.apply(current.connection);
		}
		Task<T> task = new Task<>(action, mayOpen);
		current.tasks.add(task);
		return await(current, task, timeout);
	}

	private Worker workerOrFail(boolean mayOpen) {
		synchronized (this.lock) {
			if (this.closed) {
				throw new DeskhandException(ErrorCode.E_NO_DESKTOP,
						"the X11 driver for " + this.displayName + " is closed");
			}
			if (this.worker != null) {
				return this.worker;
			}
			if (!mayOpen) {
				throw new DeskhandException(ErrorCode.E_NO_DESKTOP, "no " + this.role + " connection is open");
			}
			if (this.stuck.size() >= MAX_STUCK) {
				throw new DeskhandException(ErrorCode.E_NO_DESKTOP,
						"X display " + this.displayName + " is not answering: " + this.stuck.size() + " calls on its "
								+ this.role + " connection have waited for it for up to "
								+ secondsSince(oldestStuckStart()) + " s");
			}
			this.started++;
			this.worker = new Worker(this.initial, this.started);
			this.initial = null;
			this.worker.thread.start();
			return this.worker;
		}
	}

	private long oldestStuckStart() {
		long oldest = 0;
		for (Worker candidate : this.stuck) {
			long since = candidate.busySince;
			if (since != 0 && (oldest == 0 || since - oldest < 0)) {
				oldest = since;
			}
		}
		return oldest;
	}

	private <T> T await(Worker current, Task<T> task, Duration timeout) {
		try {
			return getUninterruptibly(task, timeout);
		}
		catch (TimeoutException ex) {
			if (task.state.compareAndSet(Task.PENDING, Task.GIVEN_UP)) {
				// it never started: the task ahead of it overran; give the worker up if
				// that one has run longer than a call may and is not delivering
				Task<?> running = current.running;
				long since = current.busySince;
				if (running != null && since != 0 && System.nanoTime() - since >= this.callTimeout.toNanos()
						&& running.state.compareAndSet(Task.RUNNING, Task.GIVEN_UP)) {
					abandon(current);
				}
				throw timedOut(timeout, ex);
			}
			if (task.state.compareAndSet(Task.RUNNING, Task.GIVEN_UP)) {
				abandon(current);
				throw timedOut(timeout, ex);
			}
			// delivering or done: its native calls are over, the answer is coming
			try {
				return getUninterruptibly(task, DELIVERY_GRACE);
			}
			catch (TimeoutException late) {
				throw timedOut(timeout.plus(DELIVERY_GRACE), late);
			}
		}
	}

	/**
	 * Like a native call, a call on the connection ignores interrupts, within its bound:
	 * an interrupted action still releases its keys on the way out.
	 */
	private static <T> T getUninterruptibly(Task<T> task, Duration timeout) throws TimeoutException {
		long deadline = System.nanoTime() + timeout.toNanos();
		boolean interrupted = false;
		try {
			while (true) {
				try {
					return task.result.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
				}
				catch (InterruptedException ex) {
					interrupted = true;
				}
				catch (ExecutionException ex) {
					throw rethrown(ex.getCause());
				}
			}
		}
		finally {
			if (interrupted) {
				Thread.currentThread().interrupt();
			}
		}
	}

	private DeskhandException timedOut(Duration timeout, Throwable cause) {
		return new DeskhandException(ErrorCode.E_TIMEOUT, "X display " + this.displayName + " did not answer the "
				+ this.role + " connection within " + timeout.toMillis() + " ms", cause);
	}

	private static RuntimeException rethrown(Throwable cause) {
		if (cause instanceof DeskhandException failure) {
			// a new exception, so that the caller's stack is in it as well as the
			// worker's
			return new DeskhandException(failure.code(), failure.getMessage(), failure);
		}
		if (cause instanceof RuntimeException runtime) {
			return runtime;
		}
		return new DeskhandException(ErrorCode.E_FAIL, "an X call failed: " + cause, cause);
	}

	/** Gives a worker up that is stuck in a native call; any thread. */
	private void abandon(Worker stuckWorker) {
		boolean first;
		synchronized (this.lock) {
			first = this.worker == stuckWorker;
			if (first) {
				this.worker = null;
				stuckWorker.abandoned = true;
				this.stuck.add(stuckWorker);
			}
		}
		if (!first) {
			return;
		}
		X11Connection connection = stuckWorker.connection;
		if (connection != null) {
			connection.abandon();
		}
		DeskhandException noAnswer = new DeskhandException(ErrorCode.E_NO_DESKTOP, "X display " + this.displayName
				+ " did not answer the " + this.role + " connection within " + this.callTimeout.toMillis() + " ms");
		Task<?> queued;
		while ((queued = stuckWorker.tasks.poll()) != null) {
			queued.fail(noAnswer);
		}
		logger.warn(
				"X display {} did not answer the {} connection within {} ms; giving that connection up (its"
						+ " thread {} stays stuck until the server answers)",
				this.displayName, this.role, this.callTimeout.toMillis(), stuckWorker.thread.getName());
		this.watch.notAnswering(noAnswer.getMessage());
	}

	/** A stuck worker's call returned: it is no longer counted against the limit. */
	private void returned(Worker stuckWorker) {
		synchronized (this.lock) {
			this.stuck.remove(stuckWorker);
		}
		logger.info("the stuck {} call on X display {} returned after {} s", this.role, this.displayName,
				secondsSince(stuckWorker.lastStart));
	}

	private void retired(Worker worker) {
		synchronized (this.lock) {
			if (this.worker == worker) {
				this.worker = null;
			}
		}
	}

	private static long secondsSince(long nanoTime) {
		return (nanoTime == 0) ? 0 : TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - nanoTime);
	}

	/**
	 * Closes the connection on its worker and ends the worker; a stuck worker is left
	 * where it is.
	 */
	@Override
	public void close() {
		Worker current;
		synchronized (this.lock) {
			if (this.closed) {
				return;
			}
			this.closed = true;
			current = this.worker;
			this.worker = null;
		}
		if (this.initial != null) {
			this.initial.close();
			this.initial = null;
		}
		if (current == null) {
			return;
		}
		Task<Void> stop = new Task<>(null, false);
		current.tasks.add(stop);
		try {
			stop.result.get(this.callTimeout.toNanos(), TimeUnit.NANOSECONDS);
		}
		catch (TimeoutException ex) {
			logger.warn("the {} connection to X display {} did not close within {} ms; leaving its thread", this.role,
					this.displayName, this.callTimeout.toMillis());
			current.abandoned = true;
			X11Connection connection = current.connection;
			if (connection != null) {
				connection.abandon();
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		catch (ExecutionException ex) {
			logger.debug("closing the {} connection to {} failed", this.role, this.displayName, ex.getCause());
		}
	}

	/** A caller's task: one function of the connection and its result. */
	private static final class Task<T> {

		static final int PENDING = 0;

		static final int RUNNING = 1;

		static final int DELIVERING = 2;

		static final int GIVEN_UP = 3;

		static final int DONE = 4;

		/** {@code null}: close the connection and end the worker. */
		final Function<X11Connection, T> action;

		final boolean mayOpen;

		final AtomicInteger state = new AtomicInteger(PENDING);

		final CompletableFuture<T> result = new CompletableFuture<>();

		Task(Function<X11Connection, T> action, boolean mayOpen) {
			this.action = action;
			this.mayOpen = mayOpen;
		}

		void fail(Throwable failure) {
			this.result.completeExceptionally(failure);
		}

	}

	/** The thread that owns the connection, and the only one that touches it. */
	private final class Worker implements Runnable {

		final BlockingQueue<Task<?>> tasks = new LinkedBlockingQueue<>();

		final Thread thread;

		/** Written only by this worker's thread; read by callers to abandon it. */
		volatile X11Connection connection;

		/**
		 * {@code System.nanoTime()} when the running task started (never 0), 0 when idle.
		 */
		volatile long busySince;

		volatile long lastStart;

		/** The task running now, {@code null} when idle. */
		volatile Task<?> running;

		volatile boolean abandoned;

		Worker(X11Connection initial, int number) {
			this.connection = initial;
			this.thread = new Thread(this, "deskhand-x11-" + X11SharedConnection.this.role + "-"
					+ X11SharedConnection.this.displayName + "-" + number);
			this.thread.setDaemon(true);
		}

		@Override
		public void run() {
			try {
				while (true) {
					Task<?> task = this.tasks.take();
					if (task.action == null) {
						// closed before the answer, so that the server is left alone
						// after close() returns
						closeConnection();
						task.result.complete(null);
						return;
					}
					if (this.abandoned) {
						task.fail(new DeskhandException(ErrorCode.E_NO_DESKTOP, "X display "
								+ X11SharedConnection.this.displayName + " stopped answering this connection"));
						continue;
					}
					if (!task.state.compareAndSet(Task.PENDING, Task.RUNNING)) {
						continue;
					}
					runTask(task);
					if (this.abandoned) {
						// the call that made a caller give this worker up has returned
						returned(this);
						return;
					}
					afterTask(task);
				}
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
			finally {
				retired(this);
				closeConnection();
			}
		}

		private void closeConnection() {
			X11Connection last = this.connection;
			this.connection = null;
			if (last != null) {
				last.close();
			}
		}

		private <T> void runTask(Task<T> task) {
			long start = System.nanoTime() | 1;
			this.lastStart = start;
			this.busySince = start;
			this.running = task;
			RUNNING.set(task);
			try {
				X11Connection current = connection(task.mayOpen);
				if (this.abandoned) {
					// it was opening when its caller gave up: the connection is not
					// wanted
					current.abandon();
				}
				T value = task.action.apply(current);
				// done before the answer: a caller timing out at this moment takes the
				// answer rather than giving up a worker that is fine
				task.state.getAndUpdate((state) -> (state == Task.GIVEN_UP) ? state : Task.DONE);
				task.result.complete(value);
			}
			catch (RuntimeException | Error ex) {
				task.state.getAndUpdate((state) -> (state == Task.GIVEN_UP) ? state : Task.DONE);
				task.fail(ex);
			}
			finally {
				RUNNING.remove();
				this.running = null;
				this.busySince = 0;
			}
		}

		private X11Connection connection(boolean mayOpen) {
			X11Connection current = this.connection;
			if (current != null && current.isUsable()) {
				return current;
			}
			if (current != null) {
				this.connection = null;
				current.close();
			}
			if (!mayOpen) {
				throw new DeskhandException(ErrorCode.E_NO_DESKTOP,
						"no " + X11SharedConnection.this.role + " connection is open");
			}
			X11Connection opened = X11Connection.open(X11SharedConnection.this.displayName,
					X11SharedConnection.this.role);
			X11AgentSeat agentSeat = X11SharedConnection.this.seat;
			if (agentSeat != null) {
				try {
					opened.useSeat(agentSeat);
				}
				catch (RuntimeException ex) {
					opened.close();
					throw ex;
				}
			}
			this.connection = opened;
			return this.connection;
		}

		private void afterTask(Task<?> task) {
			X11Connection current = this.connection;
			if (current != null && current.isBroken()) {
				this.connection = null;
				current.close();
				X11SharedConnection.this.watch
					.lost("lost the " + X11SharedConnection.this.role + " connection to X display "
							+ X11SharedConnection.this.displayName + "; the X server went away");
			}
			else if (current != null) {
				X11SharedConnection.this.watch.answered();
			}
			else if (task.mayOpen && task.result.isCompletedExceptionally()) {
				X11SharedConnection.this.watch
					.lost("X display " + X11SharedConnection.this.displayName + " is not reachable");
			}
		}

	}

}
