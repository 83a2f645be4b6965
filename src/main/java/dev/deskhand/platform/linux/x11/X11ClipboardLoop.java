package dev.deskhand.platform.linux.x11;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Queue;
import java.util.function.Predicate;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;

/**
 * The clipboard thread's body, and the only code that touches its connection: takes
 * callers' requests from the queue, answers other clients' requests, advances reads and
 * INCR transfers, and sleeps in {@link X11ClipboardWakeup#await} in between. Nothing in
 * it waits for another client: every wait is an event or a deadline, so that a hung
 * requestor or owner delays only itself. The connection is opened on the first request
 * and again after the server dropped it.
 */
final class X11ClipboardLoop implements Runnable {

	private static final Logger logger = LoggerFactory.getLogger(X11ClipboardLoop.class);

	private final String displayName;

	private final Queue<X11ClipboardRequest> requests;

	private final X11ClipboardWakeup wakeup;

	private final X11ClipboardCounters counters;

	private final X11ClipboardOwner owner;

	/**
	 * Reads wait here while another is under way: one conversion at a time keeps them
	 * apart.
	 */
	private final Deque<X11ClipboardRequest> reads = new ArrayDeque<>();

	private volatile boolean stopping;

	private X11ClipboardSession session;

	private X11ClipboardRead active;

	X11ClipboardLoop(String displayName, Queue<X11ClipboardRequest> requests, X11ClipboardWakeup wakeup,
			X11ClipboardCounters counters, Duration incrStepTimeout) {
		this.displayName = displayName;
		this.requests = requests;
		this.wakeup = wakeup;
		this.counters = counters;
		this.owner = new X11ClipboardOwner(counters, incrStepTimeout);
	}

	/**
	 * Asks the thread to give the clipboard up, close its connection and end; any thread.
	 */
	void stop() {
		this.stopping = true;
		this.wakeup.wake();
	}

	void wake() {
		this.wakeup.wake();
	}

	@Override
	public void run() {
		try {
			while (!this.stopping) {
				step();
			}
		}
		catch (RuntimeException | Error ex) {
			logger.error("the clipboard thread of X display {} failed", this.displayName, ex);
			throw ex;
		}
		finally {
			shutDown();
		}
	}

	private void step() {
		try {
			if (this.session != null && !this.session.isUsable()) {
				// Xlib noticed the loss while looking for events; the next request
				// connects again
				disconnected(null);
			}
			if (this.session == null) {
				// no connection until there is work: an unused clipboard costs no
				// connection
				admitRequests();
				if (this.session == null) {
					this.wakeup.await(-1, -1);
					return;
				}
			}
			X11ClipboardSession current = this.session;
			// errors here come from requestors' windows that vanished mid-answer:
			// expected, logged at debug
			current.connection().expectingErrors(() -> {
				admitRequests();
				handleEvents(current);
				return null;
			});
			X11Error error = current.connection().takeError();
			if (error != null) {
				logger.debug("X error on the clipboard connection to {}: {}", this.displayName, error.describe());
			}
			if (!current.hasEvents() && current.isUsable()) {
				this.wakeup.await(current.fd(), millisToNextDeadline());
			}
		}
		catch (DeskhandException ex) {
			if (this.session != null && !this.session.isUsable()) {
				disconnected(ex);
			}
			else {
				logger.warn("the clipboard thread of X display {} could not handle an event: {}", this.displayName,
						ex.getMessage());
			}
		}
	}

	private void admitRequests() {
		X11ClipboardRequest request;
		while ((request = this.requests.poll()) != null) {
			if (request.isDone()) {
				continue;
			}
			X11ClipboardSession current = session(request);
			if (current == null) {
				continue;
			}
			if (request.kind() == X11ClipboardRequest.Kind.WRITE) {
				try {
					write(current, request);
				}
				catch (DeskhandException ex) {
					request.fail(ex);
					rethrowIfDisconnected(current, ex);
				}
			}
			else {
				this.reads.add(request);
			}
		}
	}

	/**
	 * @return the session, opened if need be; {@code null} after failing the request
	 */
	private X11ClipboardSession session(X11ClipboardRequest request) {
		if (this.session == null) {
			try {
				this.session = X11ClipboardSession.open(this.displayName);
			}
			catch (DeskhandException ex) {
				request.fail(ex);
				return null;
			}
		}
		return this.session;
	}

	private void write(X11ClipboardSession current, X11ClipboardRequest request) {
		long time = current.serverTime();
		if (!current.takeOwnership(time)) {
			request.fail(new DeskhandException(ErrorCode.E_FAIL, "X display " + this.displayName
					+ " did not make Deskhand the clipboard's owner (another client took it at the same moment?)"));
			return;
		}
		this.owner.took(request.text(), time);
		request.complete(null);
	}

	private void handleEvents(X11ClipboardSession current) {
		for (X11ClipboardEvent event : current.takeEvents()) {
			if (event instanceof X11ClipboardEvent.Request request) {
				this.owner.onRequest(current, request);
			}
			else if (event instanceof X11ClipboardEvent.Clear clear) {
				this.owner.onClear(current, clear);
			}
			else if (event instanceof X11ClipboardEvent.Notify notify) {
				advance((read) -> read.onNotify(current, notify));
			}
			else if (event instanceof X11ClipboardEvent.PropertyChange change) {
				this.owner.onPropertyChange(current, change);
				advance((read) -> read.onPropertyChange(current, change));
			}
		}
		long now = System.nanoTime();
		this.owner.expire(current, now);
		if (this.active != null && now - this.active.deadline() >= 0) {
			this.active.timeOut(current);
			this.active = null;
		}
		startReads(current, now);
		current.flush();
	}

	/**
	 * After this round's events, so that a SelectionClear already sent is seen before a
	 * read.
	 */
	private void startReads(X11ClipboardSession current, long now) {
		while (this.active == null && !this.reads.isEmpty()) {
			X11ClipboardRequest request = this.reads.poll();
			if (request.isDone()) {
				continue;
			}
			if (this.owner.owns()) {
				// no round trip: the text is ours, and a newer owner would have sent
				// SelectionClear already
				request.complete(this.owner.text());
			}
			else if (now - request.deadline() >= 0) {
				this.counters.timeouts.incrementAndGet();
				request.fail(new DeskhandException(ErrorCode.E_TIMEOUT, "reading the clipboard waited "
						+ request.timeout().toMillis() + " ms behind an earlier read whose owner did not answer"));
			}
			else {
				try {
					this.active = X11ClipboardRead.start(current, request, this.counters);
				}
				catch (DeskhandException ex) {
					request.fail(ex);
					rethrowIfDisconnected(current, ex);
				}
			}
		}
	}

	/**
	 * Passes an event to the read under way; a read that fails ends, the loop goes on.
	 */
	private void advance(Predicate<X11ClipboardRead> handler) {
		if (this.active == null) {
			return;
		}
		try {
			if (handler.test(this.active)) {
				this.active = null;
			}
		}
		catch (DeskhandException ex) {
			this.active.fail(ex);
			this.active = null;
			rethrowIfDisconnected(this.session, ex);
		}
	}

	private static void rethrowIfDisconnected(X11ClipboardSession current, DeskhandException ex) {
		if (!current.isUsable()) {
			throw ex;
		}
	}

	private int millisToNextDeadline() {
		Long next = this.owner.nextDeadline();
		if (this.active != null) {
			next = earlier(next, this.active.deadline());
		}
		for (X11ClipboardRequest request : this.reads) {
			next = earlier(next, request.deadline());
		}
		if (next == null) {
			return -1;
		}
		long millis = Math.max(0, (next - System.nanoTime() + 999_999) / 1_000_000);
		return (int) Math.min(Integer.MAX_VALUE, millis);
	}

	private static Long earlier(Long current, long candidate) {
		return (current == null || candidate - current < 0) ? candidate : current;
	}

	/**
	 * The server went away: what was ours is lost; the next request opens a new
	 * connection.
	 * @param cause the failure that showed it, or {@code null}
	 */
	private void disconnected(DeskhandException cause) {
		logger.warn("the clipboard of X display {} lost its connection{}", this.displayName,
				this.owner.owns() ? "; the text Deskhand put on the clipboard is gone" : "");
		failAll(new DeskhandException(ErrorCode.E_NO_DESKTOP,
				"lost the connection to X display " + this.displayName + " while using the clipboard", cause));
		this.owner.reset();
		this.session.close();
		this.session = null;
	}

	private void failAll(DeskhandException failure) {
		if (this.active != null) {
			this.active.fail(failure);
			this.active = null;
		}
		this.reads.forEach((request) -> request.fail(failure));
		this.reads.clear();
	}

	private void shutDown() {
		this.stopping = true;
		DeskhandException closed = new DeskhandException(ErrorCode.E_NO_DESKTOP,
				"the clipboard of X display " + this.displayName + " is closed");
		failAll(closed);
		X11ClipboardRequest request;
		while ((request = this.requests.poll()) != null) {
			request.fail(closed);
		}
		if (this.session != null) {
			try {
				if (this.owner.owns() && this.session.isUsable()) {
					this.session.releaseOwnership(this.owner.since());
				}
				this.session.close();
			}
			catch (RuntimeException ex) {
				logger.debug("closing the clipboard connection to {} failed: {}", this.displayName, ex.getMessage());
			}
			this.session = null;
		}
		this.owner.reset();
		this.wakeup.close();
	}

}
