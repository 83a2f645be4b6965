package dev.deskhand.platform.linux.x11;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;

/**
 * A caller's read or write, handed to the clipboard thread. The caller waits for the
 * result with a bound of its own, so that a thread stuck in a native call cannot hold it
 * forever.
 */
final class X11ClipboardRequest {

	enum Kind {

		READ, WRITE

	}

	private final Kind kind;

	private final String text;

	private final Duration timeout;

	private final long deadline;

	private final List<String> refusedApps;

	private final CompletableFuture<String> result = new CompletableFuture<>();

	private X11ClipboardRequest(Kind kind, String text, Duration timeout, List<String> refusedApps) {
		this.kind = kind;
		this.refusedApps = List.copyOf(refusedApps);
		this.text = text;
		this.timeout = timeout;
		this.deadline = System.nanoTime() + timeout.toNanos();
	}

	/**
	 * @param timeout how long the owner has to answer, from now
	 */
	static X11ClipboardRequest read(Duration timeout) {
		return read(timeout, List.of());
	}

	/**
	 * @param refusedApps applications whose data is not read when they own the clipboard
	 */
	static X11ClipboardRequest read(Duration timeout, List<String> refusedApps) {
		return new X11ClipboardRequest(Kind.READ, null, timeout, refusedApps);
	}

	/**
	 * @param timeout how long the clipboard thread has to take ownership, from now
	 */
	static X11ClipboardRequest write(String text, Duration timeout) {
		return new X11ClipboardRequest(Kind.WRITE, text, timeout, List.of());
	}

	Kind kind() {
		return this.kind;
	}

	/** Applications whose data a read refuses; empty for a write. */
	List<String> refusedApps() {
		return this.refusedApps;
	}

	/** The text to write; {@code null} for a read. */
	String text() {
		return this.text;
	}

	Duration timeout() {
		return this.timeout;
	}

	/** The {@code System.nanoTime()} by which it must be answered. */
	long deadline() {
		return this.deadline;
	}

	/** Whether it is answered, failed, or given up by its caller. */
	boolean isDone() {
		return this.result.isDone();
	}

	void complete(String value) {
		this.result.complete(value);
	}

	void fail(DeskhandException failure) {
		this.result.completeExceptionally(failure);
	}

	/**
	 * Waits for the clipboard thread's answer.
	 * @param bound how long to wait before giving up on the thread itself
	 * @param what for the message, e.g. {@code reading the clipboard of X display :0}
	 * @throws DeskhandException the thread's failure, or E_TIMEOUT after {@code bound}
	 */
	String await(Duration bound, String what) {
		try {
			return this.result.get(bound.toNanos(), TimeUnit.NANOSECONDS);
		}
		catch (TimeoutException ex) {
			// the thread skips a request its caller gave up on
			this.result.cancel(false);
			// the thread may be inside the write's round trip: cancelling cannot undo
			// what the server does next
			String late = (this.kind == Kind.WRITE) ? "; the text may still reach the clipboard once it answers" : "";
			throw new DeskhandException(ErrorCode.E_TIMEOUT, what + " took longer than " + bound.toMillis() + " ms"
					+ ": the X server is not answering Deskhand's clipboard connection" + late, ex);
		}
		catch (ExecutionException ex) {
			if (ex.getCause() instanceof DeskhandException failure) {
				// a new exception, so that the caller's stack is in it as well as the
				// thread's
				throw new DeskhandException(failure.code(), failure.getMessage(), failure);
			}
			throw new DeskhandException(ErrorCode.E_FAIL, what + " failed: " + ex.getCause(), ex.getCause());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			this.result.cancel(false);
			throw new DeskhandException(ErrorCode.E_FAIL, what + " was interrupted", ex);
		}
	}

}
