package dev.deskhand.mcp;

import java.io.IOException;
import java.time.Duration;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/**
 * The limits every body an agent posts is read under, on {@code /mcp},
 * {@code /mcp/message} and the vendor endpoints ({@code /agents/*}/computer) alike: at
 * most {@code deskhand.mcp.max-request-size}, complete within
 * {@code deskhand.mcp.body-read-timeout}, and read without a worker thread into one
 * {@link BodyBudget} that all of them share ({@code deskhand.mcp.max-buffered-bodies}).
 * Each endpoint renders a refusal in its own error shape.
 */
public final class RequestBodyScreen {

	/** What an unfinished read answers. */
	public enum Refusal {

		/** 413: over the size limit, from Content-Length or as it grew. */
		TOO_LARGE(HttpServletResponse.SC_REQUEST_ENTITY_TOO_LARGE),
		/** 408: not complete within the read timeout. */
		TIMEOUT(HttpServletResponse.SC_REQUEST_TIMEOUT),
		/** 503: the shared budget of buffered bodies is spent. */
		TOO_MANY_BODIES(HttpServletResponse.SC_SERVICE_UNAVAILABLE);

		private final int status;

		Refusal(int status) {
			this.status = status;
		}

		public int status() {
			return this.status;
		}

		static Refusal of(int status) {
			return switch (status) {
				case HttpServletResponse.SC_REQUEST_TIMEOUT -> TIMEOUT;
				case HttpServletResponse.SC_SERVICE_UNAVAILABLE -> TOO_MANY_BODIES;
				default -> TOO_LARGE;
			};
		}

	}

	/** Writes a refusal in the endpoint's own error shape. */
	public interface Refuser {

		void refuse(HttpServletRequest request, HttpServletResponse response, Refusal refusal) throws IOException;

	}

	private final int maxBody;

	private final Duration readTimeout;

	private final BodyBudget budget;

	RequestBodyScreen(McpProperties properties) {
		this((int) properties.maxRequestSize().toBytes(), properties.bodyReadTimeout(),
				new BodyBudget(properties.maxBufferedBodies().toBytes()));
	}

	RequestBodyScreen(int maxBody, Duration readTimeout, BodyBudget budget) {
		this.maxBody = maxBody;
		this.readTimeout = readTimeout;
		this.budget = budget;
	}

	public int maxBody() {
		return this.maxBody;
	}

	public Duration readTimeout() {
		return this.readTimeout;
	}

	BodyBudget budget() {
		return this.budget;
	}

	/**
	 * Starts reading the body of {@code request}: refused at once when its Content-Length
	 * is over the limit; otherwise the request goes async and comes back through the
	 * filter chain on an ASYNC dispatch once the body is complete ({@link #readBody}), or
	 * ends with {@code refuser}'s answer.
	 */
	public void read(HttpServletRequest request, HttpServletResponse response, Refuser refuser) throws IOException {
		if (request.getContentLengthLong() > this.maxBody) {
			refuser.refuse(request, response, Refusal.TOO_LARGE);
			return;
		}
		McpBodyReader.start(request, response, this.maxBody, this.readTimeout, this.budget,
				(refused, answer, status) -> refuser.refuse(refused, answer, Refusal.of(status)));
	}

	/**
	 * On the dispatch after {@link #read}: the request with its complete body to be read
	 * again by what follows, or {@code null} on any other dispatch (the body was not read
	 * here).
	 */
	public static HttpServletRequest readBody(HttpServletRequest request) {
		Object body = request.getAttribute(McpBodyReader.BODY_ATTRIBUTE);
		if (body == null) {
			return null;
		}
		request.removeAttribute(McpBodyReader.BODY_ATTRIBUTE);
		return new ReadBodyRequest(request, (byte[]) body);
	}

}
