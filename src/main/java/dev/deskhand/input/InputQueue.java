package dev.deskhand.input;

import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.composite.CompositeMeterRegistry;
import io.micrometer.observation.ObservationRegistry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.DesktopDriver;
import dev.deskhand.platform.elements.AccessibilityDriver;
import dev.deskhand.tracing.CallPhase;

/**
 * The one thread that runs every desktop action, in arrival order. Bounded (E_BUSY beyond
 * {@code deskhand.input.queue-capacity}); each job has a timeout named after its tool
 * (E_TIMEOUT, and every held key and button released). An interrupt does not stop a
 * blocked native call, so after a timeout the queue reports itself degraded and refuses
 * work until the stuck call returns; then it resets the driver's input connection.
 */
public final class InputQueue implements AutoCloseable {

	private static final Logger logger = LoggerFactory.getLogger(InputQueue.class);

	static final String THREAD_NAME = "deskhand-input";

	// How long a timed-out job gets to notice its interrupt before the queue calls itself
	// stuck.
	private static final Duration INTERRUPT_GRACE = Duration.ofMillis(500);

	// Upper bound on waiting for the jobs ahead: each has its own timeout, this only
	// stops a caller
	// from waiting forever if something is badly wrong.
	private static final Duration MAX_QUEUE_WAIT = Duration.ofMinutes(10);

	private final DesktopDriver driver;

	private final InputExecutor executor;

	// Resolved at the first job: the failsafe, a guard, needs the queue to exist first.
	private final Supplier<List<InputGuard>> guards;

	private volatile List<InputGuard> resolvedGuards;

	private final InputProperties properties;

	private final ThreadPoolExecutor thread;

	private final AtomicReference<String> running = new AtomicReference<>();

	private final AtomicReference<String> stuck = new AtomicReference<>();

	private final AtomicReference<Job> current = new AtomicReference<>();

	// Jobs submitted and not yet returned: what a session's end must stop.
	private final Set<Job> jobs = ConcurrentHashMap.newKeySet();

	// The session of the last job that reached the desktop: it may still hold presses.
	private final AtomicReference<String> lastSession = new AtomicReference<>();

	private final Timer waitTimer;

	private final ObservationRegistry observations;

	public InputQueue(DesktopDriver driver, List<InputGuard> guards, InputProperties properties) {
		this(driver, () -> guards, properties);
	}

	public InputQueue(DesktopDriver driver, Supplier<List<InputGuard>> guards, InputProperties properties) {
		// A composite registry without children records nothing: for callers that want no
		// metrics.
		this(driver, guards, properties, new CompositeMeterRegistry());
	}

	/**
	 * @param registry gets {@code deskhand.queue.depth} (jobs waiting) and
	 * {@code deskhand.queue.wait} (how long a job waited for the ones ahead of it)
	 */
	public InputQueue(DesktopDriver driver, Supplier<List<InputGuard>> guards, InputProperties properties,
			MeterRegistry registry) {
		this(driver, AccessibilityDriver.unavailable("no accessibility driver was given to the input queue"), guards,
				properties, registry);
	}

	/**
	 * @param accessibility acts on elements ({@code click_element}, {@code set_value}):
	 * they are input like any other and run on this queue
	 */
	public InputQueue(DesktopDriver driver, AccessibilityDriver accessibility, Supplier<List<InputGuard>> guards,
			InputProperties properties, MeterRegistry registry) {
		this(driver, accessibility, guards, properties, registry, ObservationRegistry.NOOP);
	}

	/**
	 * @param observations where a tool call's queue wait and execution are observed, as
	 * phases of the call observed on the caller's thread
	 */
	public InputQueue(DesktopDriver driver, AccessibilityDriver accessibility, Supplier<List<InputGuard>> guards,
			InputProperties properties, MeterRegistry registry, ObservationRegistry observations) {
		this.observations = observations;
		this.driver = driver;
		this.executor = new InputExecutor(driver, accessibility);
		this.guards = guards;
		this.properties = properties;
		this.thread = new ThreadPoolExecutor(1, 1, 0, TimeUnit.MILLISECONDS,
				new ArrayBlockingQueue<>(properties.queueCapacity()), (runnable) -> {
					Thread t = new Thread(runnable, THREAD_NAME);
					t.setDaemon(true);
					return t;
				});
		Gauge.builder("deskhand.queue.depth", this, (queue) -> queue.thread.getQueue().size())
			.description("Input jobs waiting behind the running one")
			.register(registry);
		this.waitTimer = Timer.builder("deskhand.queue.wait")
			.description("Time an input job waited for the jobs ahead of it")
			.register(registry);
	}

	/** Runs one action and waits for it. */
	public void execute(String session, InputAction action) {
		execute(session, List.of(action));
	}

	/**
	 * Runs actions as one job, back to back with nothing from other callers in between,
	 * and waits.
	 * @throws DeskhandException E_BUSY, E_TIMEOUT, or whatever the driver or a guard
	 * raised; for a job of several actions the message says which one failed and that the
	 * ones before it ran. A failure once an action ran (the driver's, or the failsafe, a
	 * cancellation or the timeout stopping it) is a {@link BatchActionFailure} naming the
	 * action; a refusal before any ran (a guard, E_BUSY) is not.
	 */
	public void execute(String session, List<InputAction> actions) {
		execute(session, actions, Cancellation.none());
	}

	/**
	 * As {@link #execute(String, List)}, stopped when {@code cancellation} fires: at once
	 * if it already has, else at the job's next step, with every held key and button
	 * released.
	 */
	public void execute(String session, List<InputAction> actions, Cancellation cancellation) {
		if (actions.isEmpty()) {
			return;
		}
		cancellation.throwIfCancelled();
		String stuckTool = this.stuck.get();
		if (stuckTool != null) {
			throw new DeskhandException(ErrorCode.E_BUSY, "input is degraded: a previous '" + stuckTool
					+ "' is stuck in a native call; retry in a few seconds");
		}
		Job job = new Job(session, actions);
		this.jobs.add(job);
		try (Cancellation.Registration registration = cancellation.onCancel((reason) -> abort(job, reason))) {
			Future<?> future;
			try {
				future = this.thread.submit(() -> run(job));
			}
			catch (RejectedExecutionException ex) {
				throw new DeskhandException(ErrorCode.E_BUSY, "the input queue is full ("
						+ this.properties.queueCapacity() + " actions waiting); retry shortly");
			}
			// Both phases are observed here on the caller's thread, where the call's
			// observation is current; the input thread knows nothing of tracing.
			CallPhase.QUEUE_WAIT.observe(this.observations, () -> awaitStart(job, future));
			CallPhase.EXECUTION.observe(this.observations, () -> awaitEnd(job, future));
		}
		finally {
			this.jobs.remove(job);
		}
	}

	private List<InputGuard> guards() {
		List<InputGuard> resolved = this.resolvedGuards;
		if (resolved == null) {
			resolved = List.copyOf(this.guards.get());
			this.resolvedGuards = resolved;
		}
		return resolved;
	}

	public QueueState state() {
		return new QueueState(this.thread.getQueue().size(), this.properties.queueCapacity(), this.running.get(),
				this.stuck.get());
	}

	/**
	 * Stops the running job at once (its sleeps and chunked typing notice the interrupt)
	 * and makes its caller see {@code reason}; used by the failsafe. Jobs still waiting
	 * meet the guards when they start.
	 * @return the tool that was stopped, or {@code null} when nothing was running
	 */
	public String abortRunning(DeskhandException reason) {
		Job job = this.current.get();
		return (job != null) ? abort(job, reason) : null;
	}

	/**
	 * Stops every job of a session that ended: the running one at its next step, the
	 * waiting ones when their turn comes; and releases every key and button when that
	 * session was the last to act, so nothing it pressed (a left_mouse_down) outlives it.
	 */
	public void abortSession(String session, DeskhandException reason) {
		for (Job job : this.jobs) {
			if (job.session.equals(session)) {
				abort(job, reason);
			}
		}
		if (session.equals(this.lastSession.get())) {
			releaseAllQuietly();
		}
	}

	/**
	 * Makes the job's caller see {@code reason}: a running job is interrupted (its sleeps
	 * and chunked typing notice at once, and everything held is released), a waiting one
	 * is refused when it starts, before anything reaches the desktop.
	 * @return the job's tool, or {@code null} when it had already ended
	 */
	private String abort(Job job, DeskhandException reason) {
		// Under the job's lock so the interrupt cannot land on the next job's thread
		// state.
		synchronized (job) {
			if (job.done) {
				return null;
			}
			if (job.abortReason == null) {
				job.abortReason = reason;
			}
			if (job.runner != null) {
				job.runner.interrupt();
			}
		}
		return job.name();
	}

	private void run(Job job) {
		this.waitTimer.record(System.nanoTime() - job.submitted, TimeUnit.NANOSECONDS);
		synchronized (job) {
			job.runner = Thread.currentThread();
		}
		job.started.complete(null);
		this.current.set(job);
		this.running.set(job.name());
		// A refusal changes nothing, not even a button an earlier left_mouse_down holds:
		// only a job the guards let through can have pressed something to release (a
		// trip releases by itself).
		boolean admitted = false;
		try {
			if (job.abortReason != null) {
				throw job.abortReason;
			}
			for (InputGuard guard : guards()) {
				guard.beforeActions(job.session, job.actions);
			}
			admitted = true;
			this.lastSession.set(job.session);
			for (int i = 0; i < job.actions.size(); i++) {
				job.at = i;
				if (Thread.currentThread().isInterrupted()) {
					throw new BatchActionFailure(ErrorCode.E_TIMEOUT, "'" + job.name() + "' was interrupted", i, null);
				}
				runOne(job, i);
			}
		}
		catch (RuntimeException | Error ex) {
			if (admitted) {
				releaseAllQuietly();
			}
			DeskhandException reason = job.abortReason;
			if (reason != null) {
				throw atAction(job, reason);
			}
			throw ex;
		}
		finally {
			synchronized (job) {
				job.done = true;
				// An abort that raced with the job's end must not interrupt whatever runs
				// next.
				Thread.interrupted();
			}
			this.running.set(null);
			this.current.compareAndSet(job, null);
			if (job.timedOut) {
				recoverAfterTimeout(job);
			}
			job.finished.complete(null);
		}
	}

	private void runOne(Job job, int index) {
		InputAction action = job.actions.get(index);
		try {
			this.executor.execute(action);
		}
		catch (DeskhandException ex) {
			if (job.actions.size() == 1) {
				throw atAction(job, ex);
			}
			throw new BatchActionFailure(ex.code(), describe(job, index) + " failed: " + ex.getMessage(), index, ex);
		}
		catch (RuntimeException ex) {
			logger.warn("{} failed", action.tool(), ex);
			throw new BatchActionFailure(ErrorCode.E_FAIL,
					((job.actions.size() == 1) ? "'" + action.tool() + "'" : describe(job, index)) + " failed: " + ex,
					index, ex);
		}
	}

	private void awaitStart(Job job, Future<?> future) {
		try {
			job.started.get(MAX_QUEUE_WAIT.toMillis(), TimeUnit.MILLISECONDS);
		}
		catch (TimeoutException ex) {
			future.cancel(false);
			throw new DeskhandException(ErrorCode.E_BUSY,
					"'" + job.name() + "' waited " + MAX_QUEUE_WAIT + " for the actions ahead of it and was dropped");
		}
		catch (InterruptedException ex) {
			future.cancel(false);
			Thread.currentThread().interrupt();
			throw new DeskhandException(ErrorCode.E_FAIL, "interrupted while waiting for the input queue");
		}
		catch (ExecutionException ex) {
			throw new IllegalStateException(ex);
		}
	}

	private void awaitEnd(Job job, Future<?> future) {
		Duration timeout = job.timeout(this.properties.actionTimeout());
		try {
			future.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
		}
		catch (ExecutionException ex) {
			Throwable cause = ex.getCause();
			if (cause instanceof DeskhandException deskhand) {
				throw deskhand;
			}
			throw new DeskhandException(ErrorCode.E_FAIL, "'" + job.name() + "' failed: " + cause, cause);
		}
		catch (TimeoutException ex) {
			throw atAction(job, abort(job, future, timeout));
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw atAction(job, abort(job, future, timeout));
		}
	}

	private DeskhandException abort(Job job, Future<?> future, Duration timeout) {
		job.timedOut = true;
		this.stuck.set(job.name());
		future.cancel(true);
		// From this thread, on the driver's own connection: the input thread may be stuck
		// in a call.
		releaseAllQuietly();
		try {
			job.finished.get(INTERRUPT_GRACE.toMillis(), TimeUnit.MILLISECONDS);
		}
		catch (TimeoutException ex) {
			logger.error("'{}' is stuck in a native call after its {} timeout; input is degraded until it returns",
					job.name(), timeout);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		catch (ExecutionException ex) {
			// finished never completes exceptionally
		}
		if (job.finished.isDone()) {
			// It ended on its own between the timeout and the flag: nothing is stuck.
			this.stuck.compareAndSet(job.name(), null);
		}
		return new DeskhandException(ErrorCode.E_TIMEOUT, "'" + job.name() + "' did not finish within "
				+ timeout.toMillis() + " ms; it was aborted and every held key and button released");
	}

	private void recoverAfterTimeout(Job job) {
		try {
			this.driver.resetInput();
		}
		catch (RuntimeException ex) {
			logger.warn("resetting the input connection after '{}' timed out failed", job.name(), ex);
		}
		finally {
			this.stuck.compareAndSet(job.name(), null);
		}
	}

	private void releaseAllQuietly() {
		try {
			this.driver.releaseAll();
		}
		catch (RuntimeException ex) {
			logger.warn("releasing held keys and buttons failed", ex);
		}
	}

	/**
	 * {@code reason} in its own words, naming the action the job had reached: a stop (the
	 * failsafe, a timeout) lands in whichever action ran.
	 */
	private static DeskhandException atAction(Job job, DeskhandException reason) {
		int at = job.at;
		if (at < 0 || reason instanceof BatchActionFailure) {
			return reason;
		}
		return new BatchActionFailure(reason.code(), reason.getMessage(), at, reason);
	}

	private static String describe(Job job, int index) {
		return "action " + (index + 1) + " of " + job.actions.size() + " ('" + job.actions.get(index).tool() + "'"
				+ ((index > 0) ? "; actions 1-" + index + " ran" : "; nothing ran") + ")";
	}

	@Override
	public void close() {
		this.thread.shutdownNow();
		try {
			this.thread.awaitTermination(2, TimeUnit.SECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		releaseAllQuietly();
	}

	private static final class Job {

		final String session;

		final List<InputAction> actions;

		final long submitted = System.nanoTime();

		final CompletableFuture<Void> started = new CompletableFuture<>();

		final CompletableFuture<Void> finished = new CompletableFuture<>();

		// Written by the caller's thread on timeout, read by the input thread when the
		// job ends.
		volatile boolean timedOut;

		// What the caller reports: set by the failsafe, a cancellation or the session's
		// end before the job is interrupted, or before it starts.
		volatile DeskhandException abortReason;

		volatile Thread runner;

		// The action the input thread has reached, -1 before the guards let the job
		// through: where a stop lands.
		volatile int at = -1;

		// Guarded by the job's monitor, with the interrupt in abort.
		boolean done;

		Job(String session, List<InputAction> actions) {
			this.session = session;
			this.actions = List.copyOf(actions);
		}

		String name() {
			return (this.actions.size() == 1) ? this.actions.get(0).tool() : "computer_batch";
		}

		Duration timeout(Duration actionTimeout) {
			Duration total = actionTimeout;
			for (InputAction action : this.actions) {
				total = total.plus(action.ownDuration());
			}
			return total;
		}

	}

}
