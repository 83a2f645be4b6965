package dev.deskhand.mcp;

import java.util.concurrent.atomic.AtomicLong;

/**
 * How many bytes of MCP message bodies may be buffered at once, across every connection.
 * Reading without a thread per body means a client that sends most of a body and stalls
 * costs only memory, so that memory needs a bound of its own: without one, many
 * connections each stalling just under the request-size cap could fill the heap. A read
 * that would pass the budget is refused (503) and its connection closed; what others have
 * buffered is untouched.
 */
final class BodyBudget {

	private final long limit;

	private final AtomicLong used = new AtomicLong();

	BodyBudget(long limit) {
		this.limit = limit;
	}

	/**
	 * @return whether {@code bytes} more fit; when they do, they are taken until released
	 */
	boolean reserve(int bytes) {
		if (this.used.addAndGet(bytes) > this.limit) {
			this.used.addAndGet(-bytes);
			return false;
		}
		return true;
	}

	void release(long bytes) {
		this.used.addAndGet(-bytes);
	}

}
