package dev.deskhand.platform.linux.x11;

import java.time.Duration;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.ClipboardDriver;

/**
 * The CLIPBOARD selection through Xlib alone, without AWT: AWT's clipboard needs
 * {@code java.awt.headless=false}, and its own X connection calls {@code exit()} when the
 * X server goes away, which {@link X11Libraries}' handlers cannot prevent.
 *
 * <p>
 * One daemon thread ({@link X11ClipboardLoop}) owns a connection of its own and an
 * unmapped window. Callers never touch the connection: they queue a request, wake the
 * thread through an eventfd, and wait for the answer with a bound. The thread has to be
 * there anyway, since Deskhand stays the owner after a write and must answer other
 * clients at any moment, also while one of its own reads waits for another owner; a lock
 * shared with callers would make every caller an event loop. It sleeps in {@code poll}
 * between events and starts on the first call.
 */
final class X11Clipboard implements ClipboardDriver, AutoCloseable {

	private static final Logger logger = LoggerFactory.getLogger(X11Clipboard.class);

	/**
	 * How long a write may take: a timestamp and two round trips, unless the server is
	 * stuck.
	 */
	static final Duration WRITE_TIMEOUT = Duration.ofSeconds(5);

	/**
	 * Beyond a read's own timeout, for the thread to report it; more means the thread is
	 * stuck.
	 */
	private static final Duration GRACE = Duration.ofSeconds(2);

	private static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(3);

	private final String displayName;

	private final Duration incrStepTimeout;

	private final Queue<X11ClipboardRequest> requests = new ConcurrentLinkedQueue<>();

	private final X11ClipboardCounters counters = new X11ClipboardCounters();

	// start, restart and close of the thread happen one at a time, and never after close
	private final Object lifecycle = new Object();

	private X11ClipboardLoop loop;

	private Thread thread;

	private boolean closed;

	X11Clipboard(String displayName) {
		this(displayName, X11ClipboardOwner.STEP_TIMEOUT);
	}

	/**
	 * @param incrStepTimeout how long a requestor may take to read one INCR chunk
	 */
	X11Clipboard(String displayName, Duration incrStepTimeout) {
		this.displayName = displayName;
		this.incrStepTimeout = incrStepTimeout;
	}

	@Override
	public String read(Duration timeout) {
		return read(timeout, List.of());
	}

	@Override
	public String read(Duration timeout, List<String> refusedApps) {
		if (timeout == null || timeout.isNegative() || timeout.isZero()) {
			throw DeskhandException.args("the clipboard read timeout must be positive, not " + timeout);
		}
		X11ClipboardRequest request = X11ClipboardRequest.read(timeout, refusedApps);
		submit(request);
		return request.await(timeout.plus(GRACE), "reading the clipboard of X display " + this.displayName);
	}

	@Override
	public void write(String text) {
		if (text == null) {
			throw DeskhandException.args("the text to put on the clipboard is missing");
		}
		X11ClipboardRequest request = X11ClipboardRequest.write(text, WRITE_TIMEOUT);
		submit(request);
		request.await(WRITE_TIMEOUT, "writing the clipboard of X display " + this.displayName);
	}

	private void submit(X11ClipboardRequest request) {
		synchronized (this.lifecycle) {
			if (this.closed) {
				throw new DeskhandException(ErrorCode.E_NO_DESKTOP,
						"the clipboard of X display " + this.displayName + " is closed");
			}
			if (this.thread == null || !this.thread.isAlive()) {
				start();
			}
			this.requests.add(request);
			this.loop.wake();
		}
	}

	/** Call it holding the lifecycle lock. */
	private void start() {
		this.loop = new X11ClipboardLoop(this.displayName, this.requests, X11ClipboardWakeup.open(), this.counters,
				this.incrStepTimeout);
		this.thread = new Thread(this.loop, "deskhand-clipboard-" + this.displayName);
		this.thread.setDaemon(true);
		this.thread.start();
	}

	/** For tests: the thread, {@code null} before the first call. */
	Thread thread() {
		synchronized (this.lifecycle) {
			return this.thread;
		}
	}

	X11ClipboardCounters counters() {
		return this.counters;
	}

	/**
	 * Gives the clipboard up if Deskhand owns it (its text is then gone: X has no
	 * clipboard without an owner, unless a clipboard manager runs), destroys the window,
	 * closes the connection and stops the thread.
	 */
	@Override
	public void close() {
		Thread running;
		synchronized (this.lifecycle) {
			if (this.closed) {
				return;
			}
			this.closed = true;
			running = this.thread;
			if (this.loop != null) {
				this.loop.stop();
			}
		}
		if (running == null) {
			return;
		}
		try {
			running.join(CLOSE_TIMEOUT.toMillis());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		if (running.isAlive()) {
			logger.warn("the clipboard thread of X display {} did not stop within {} ms; leaving it (daemon)",
					this.displayName, CLOSE_TIMEOUT.toMillis());
		}
		else {
			logger.debug("clipboard of X display {} closed ({})", this.displayName, this.counters);
		}
	}

}
