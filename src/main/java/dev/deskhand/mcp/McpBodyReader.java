package dev.deskhand.mcp;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;

import jakarta.servlet.AsyncContext;
import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/**
 * Reads an MCP message body without holding a worker thread: the request goes async, the
 * container calls back as bytes arrive, and only the complete body is dispatched again
 * through the filter chain to the transport, as a request attribute.
 *
 * <p>
 * A blocking read held one of Tomcat's 200 worker threads per client for as long as the
 * client took to send its body: 220 clients trickling a byte every 500 ms left the
 * agents' port serving nobody, and no socket read timeout helps, since every read gets
 * its byte in time. Here a trickling client costs a connection and a small buffer, not a
 * thread; a body still incomplete after the read timeout is refused with 408 and its
 * connection closed.
 */
final class McpBodyReader implements ReadListener, AsyncListener {

	/** The complete body, on the dispatch that follows its reading. */
	static final String BODY_ATTRIBUTE = McpBodyReader.class.getName() + ".body";

	/** What an unfinished read answers. */
	interface Refusal {

		void refuse(HttpServletRequest request, HttpServletResponse response, int status) throws IOException;

	}

	private final HttpServletRequest request;

	private final HttpServletResponse response;

	private final AsyncContext async;

	private final ServletInputStream input;

	private final int maxBody;

	private final Refusal refusal;

	private final BodyBudget budget;

	// Bytes of this body taken from the budget; given back once, when the read ends.
	private long reserved;

	private final ByteArrayOutputStream body = new ByteArrayOutputStream();

	private final byte[] buffer = new byte[8192];

	/** Set once: the body was dispatched, or the request refused or broken. */
	private final AtomicBoolean ended = new AtomicBoolean();

	private McpBodyReader(HttpServletRequest request, HttpServletResponse response, int maxBody, Duration timeout,
			BodyBudget budget, Refusal refusal) throws IOException {
		this.budget = budget;
		this.request = request;
		this.response = response;
		this.maxBody = maxBody;
		this.refusal = refusal;
		this.async = request.startAsync(request, response);
		this.async.setTimeout(timeout.toMillis());
		this.async.addListener(this);
		this.input = request.getInputStream();
	}

	/**
	 * Starts reading the request's body; the request continues on another dispatch once
	 * the body is complete ({@link #BODY_ATTRIBUTE}), or ends with a refusal: 413 as soon
	 * as the body grows past {@code maxBody}, 408 when it is not complete within
	 * {@code timeout}.
	 */
	static void start(HttpServletRequest request, HttpServletResponse response, int maxBody, Duration timeout,
			BodyBudget budget, Refusal refusal) throws IOException {
		McpBodyReader reader = new McpBodyReader(request, response, maxBody, timeout, budget, refusal);
		reader.input.setReadListener(reader);
	}

	@Override
	public void onDataAvailable() throws IOException {
		while (!this.ended.get() && this.input.isReady()) {
			int read = this.input.read(this.buffer);
			if (read < 0) {
				return;
			}
			if (!this.budget.reserve(read)) {
				refuse(HttpServletResponse.SC_SERVICE_UNAVAILABLE);
				return;
			}
			this.reserved += read;
			this.body.write(this.buffer, 0, read);
			if (this.body.size() > this.maxBody) {
				refuse(HttpServletResponse.SC_REQUEST_ENTITY_TOO_LARGE);
			}
		}
	}

	@Override
	public void onAllDataRead() {
		if (this.ended.compareAndSet(false, true)) {
			giveBack();
			this.request.setAttribute(BODY_ATTRIBUTE, this.body.toByteArray());
			this.async.dispatch();
		}
	}

	@Override
	public void onError(Throwable failure) {
		// The client went away or broke its framing: nobody is left to answer.
		if (this.ended.compareAndSet(false, true)) {
			giveBack();
			this.async.complete();
		}
	}

	@Override
	public void onTimeout(AsyncEvent event) throws IOException {
		refuse(HttpServletResponse.SC_REQUEST_TIMEOUT);
	}

	@Override
	public void onError(AsyncEvent event) {
		onError(event.getThrowable());
	}

	@Override
	public void onComplete(AsyncEvent event) {
	}

	@Override
	public void onStartAsync(AsyncEvent event) {
	}

	private void refuse(int status) throws IOException {
		if (this.ended.compareAndSet(false, true)) {
			giveBack();
			try {
				// The rest of the body is never read: the connection cannot carry another
				// request.
				this.response.setHeader("Connection", "close");
				this.refusal.refuse(this.request, this.response, status);
			}
			finally {
				this.async.complete();
			}
		}
	}

	// A complete body leaves the budget as it is handed on: the transport parses it on a
	// worker thread, and those are few.
	private void giveBack() {
		this.budget.release(this.reserved);
		this.reserved = 0;
	}

}
