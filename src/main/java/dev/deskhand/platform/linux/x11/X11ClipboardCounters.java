package dev.deskhand.platform.linux.x11;

import java.util.concurrent.atomic.AtomicLong;

/**
 * What the clipboard thread has done, for logs and tests: written by that thread, read by
 * any.
 */
final class X11ClipboardCounters {

	/** Requests from other clients answered with the text, TARGETS or TIMESTAMP. */
	final AtomicLong answered = new AtomicLong();

	/**
	 * Requests refused: a target that is not text, a stale time, or the clipboard lost.
	 */
	final AtomicLong refused = new AtomicLong();

	/** Texts sent to another client by INCR, in chunks. */
	final AtomicLong incrSent = new AtomicLong();

	/** INCR transfers dropped because the requestor stopped reading. */
	final AtomicLong incrDropped = new AtomicLong();

	/** Texts received from another owner by INCR. */
	final AtomicLong incrReceived = new AtomicLong();

	/** Reads given up because the owner did not answer in time. */
	final AtomicLong timeouts = new AtomicLong();

	@Override
	public String toString() {
		return "answered=" + this.answered + " refused=" + this.refused + " incrSent=" + this.incrSent + " incrDropped="
				+ this.incrDropped + " incrReceived=" + this.incrReceived + " timeouts=" + this.timeouts;
	}

}
