package dev.deskhand.mcp;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;

import io.modelcontextprotocol.spec.McpSchema;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpHeaders;
import org.springframework.http.InvalidMediaTypeException;
import org.springframework.http.MediaType;
import org.springframework.web.filter.OncePerRequestFilter;
import org.springframework.web.util.WebUtils;

/**
 * Stands in front of both MCP transports' message endpoints: refuses what is not one
 * well-formed JSON-RPC message ({@link McpMessageScreen}) with a small JSON-RPC error,
 * and replaces the body of every error answer the transports or Spring MVC give anyway
 * with a fixed one. The transports otherwise put a serialized Java exception with its
 * stack trace (about 25 KB) into their 4xx bodies, answer 500 to harmless mistakes, and
 * echo what they got. Each refusal is one log line.
 */
class McpRequestScreenFilter extends OncePerRequestFilter {

	private static final Logger logger = LoggerFactory.getLogger(McpRequestScreenFilter.class);

	private final String mcpEndpoint;

	private final String messageEndpoint;

	private final Supplier<Set<String>> streamableMethods;

	private final int maxBody;

	private final Duration bodyReadTimeout;

	private final BodyBudget budget;

	/**
	 * @param streamableMethods the request methods the Streamable HTTP server answers
	 * (its transport leaves the stream of an unknown method open for ever, so this screen
	 * answers those itself)
	 * @param bodyReadTimeout how long a client may take to send its whole body
	 */
	McpRequestScreenFilter(String mcpEndpoint, String messageEndpoint, Supplier<Set<String>> streamableMethods,
			int maxBody, Duration bodyReadTimeout, BodyBudget budget) {
		this.budget = budget;
		this.maxBody = maxBody;
		this.bodyReadTimeout = bodyReadTimeout;
		this.mcpEndpoint = mcpEndpoint;
		this.messageEndpoint = messageEndpoint;
		this.streamableMethods = streamableMethods;
	}

	@Override
	protected boolean shouldNotFilterAsyncDispatch() {
		// The dispatch that carries the body McpBodyReader read is this filter's too.
		return false;
	}

	@Override
	protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
			throws ServletException, IOException {
		String path = request.getServletPath() + ((request.getPathInfo() != null) ? request.getPathInfo() : "");
		boolean streamable = path.equals(this.mcpEndpoint);
		if (!streamable && !path.equals(this.messageEndpoint)) {
			chain.doFilter(request, response);
			return;
		}
		if (isAsyncDispatch(request)) {
			Object body = request.getAttribute(McpBodyReader.BODY_ATTRIBUTE);
			if (body == null) {
				// A later dispatch of an answer already under way (an SSE stream).
				chain.doFilter(request, response);
				return;
			}
			request.removeAttribute(McpBodyReader.BODY_ATTRIBUTE);
			screen(request, response, chain, (byte[]) body, streamable);
			return;
		}
		if (!"POST".equals(request.getMethod())) {
			chain.doFilter(request, new FixedErrorResponse(response, request, null));
			return;
		}
		String problem = streamable ? acceptProblem(request) : null;
		if (problem != null) {
			refuse(request, response,
					McpMessageScreen.Verdict.refused(406, McpSchema.ErrorCodes.INVALID_REQUEST, problem, null));
			return;
		}
		if (!isJson(request.getContentType())) {
			refuse(request, response, McpMessageScreen.Verdict.refused(415, McpSchema.ErrorCodes.INVALID_REQUEST,
					"Content-Type must be application/json", null));
			return;
		}
		// Eight concurrent 10 MB bodies were enough to exhaust a 256 MiB heap: a body
		// over the limit is refused before it is read, or as soon as it grows past it.
		if (request.getContentLengthLong() > this.maxBody) {
			refuse(request, response, tooLarge());
			return;
		}
		McpBodyReader.start(request, response, this.maxBody, this.bodyReadTimeout, this.budget,
				(refused, answer, status) -> refuse(refused, answer, switch (status) {
					case HttpServletResponse.SC_REQUEST_TIMEOUT -> bodyTimeout();
					case HttpServletResponse.SC_SERVICE_UNAVAILABLE -> tooManyBodies();
					default -> tooLarge();
				}));
	}

	private void screen(HttpServletRequest request, HttpServletResponse response, FilterChain chain, byte[] body,
			boolean streamable) throws IOException, ServletException {
		McpMessageScreen.Verdict verdict = McpMessageScreen.check(body,
				streamable ? this.streamableMethods.get() : null);
		if (verdict.isRefused()) {
			refuse(request, response, streamable ? verdict : onLegacyTransport(verdict));
			return;
		}
		chain.doFilter(new ReadBodyRequest(request, body), new FixedErrorResponse(response, request, verdict));
	}

	/**
	 * Whether this request is an MCP message this filter has screened: the filters after
	 * it run on the dispatch that carries the message's body, not on the ones that only
	 * continue its answer.
	 */
	static boolean isScreenedMessage(HttpServletRequest request) {
		return WebUtils.getNativeRequest(request, ReadBodyRequest.class) != null;
	}

	/**
	 * The legacy transport answers requests on the client's event stream, never in the
	 * POST's body: a request's error there stays a 400, which its clients' send fails on,
	 * rather than a 200 whose body they would not read.
	 */
	private static McpMessageScreen.Verdict onLegacyTransport(McpMessageScreen.Verdict verdict) {
		return (verdict.status() == HttpServletResponse.SC_OK) ? McpMessageScreen.Verdict
			.refused(HttpServletResponse.SC_BAD_REQUEST, verdict.code(), verdict.message(), verdict.id()) : verdict;
	}

	private McpMessageScreen.Verdict tooLarge() {
		return McpMessageScreen.Verdict.refused(413, McpSchema.ErrorCodes.INVALID_REQUEST,
				"Request too large: at most " + this.maxBody + " bytes", null);
	}

	private static McpMessageScreen.Verdict tooManyBodies() {
		return McpMessageScreen.Verdict.refused(503, McpSchema.ErrorCodes.INTERNAL_ERROR,
				"Too many request bodies are being received at once; retry shortly", null);
	}

	private McpMessageScreen.Verdict bodyTimeout() {
		return McpMessageScreen.Verdict.refused(408, McpSchema.ErrorCodes.INVALID_REQUEST,
				"Request body not complete within " + this.bodyReadTimeout.toSeconds() + " s", null);
	}

	/** As the transport checks it, so that what passes here passes there. */
	private static String acceptProblem(HttpServletRequest request) {
		List<MediaType> accepted;
		try {
			accepted = MediaType.parseMediaTypes(Collections.list(request.getHeaders(HttpHeaders.ACCEPT)));
		}
		catch (InvalidMediaTypeException ex) {
			return "Accept is not a list of media types";
		}
		boolean json = accepted.stream().anyMatch(MediaType.APPLICATION_JSON::equalsTypeAndSubtype);
		boolean stream = accepted.stream().anyMatch(MediaType.TEXT_EVENT_STREAM::equalsTypeAndSubtype);
		return (json && stream) ? null : "Accept must list application/json and text/event-stream";
	}

	/*
	 * application/json only: a browser sends text/plain and form bodies cross-origin
	 * without asking first, application/json only after a CORS preflight, which Deskhand
	 * never grants.
	 */
	private static boolean isJson(String contentType) {
		if (contentType == null) {
			return false;
		}
		try {
			return MediaType.APPLICATION_JSON.equalsTypeAndSubtype(MediaType.parseMediaType(contentType));
		}
		catch (InvalidMediaTypeException ex) {
			return false;
		}
	}

	private static void refuse(HttpServletRequest request, HttpServletResponse response,
			McpMessageScreen.Verdict verdict) throws IOException {
		logger.warn("MCP message refused: {} {} -> {} {}", request.getMethod(), request.getRequestURI(),
				verdict.status(), verdict.message());
		write(response, verdict.status(), McpMessageScreen.errorBody(verdict.id(), verdict.code(), verdict.message()));
	}

	private static void write(HttpServletResponse response, int status, String body) throws IOException {
		byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
		response.setStatus(status);
		response.setContentType(MediaType.APPLICATION_JSON_VALUE);
		response.setContentLength(bytes.length);
		response.getOutputStream().write(bytes);
	}

	/**
	 * Passes a success through untouched (SSE streams included) and turns any error
	 * answer, before it is committed, into a fixed JSON-RPC error for its status: what
	 * the transport or Spring MVC would have written (exceptions, echoed input) is
	 * dropped.
	 */
	private static final class FixedErrorResponse extends HttpServletResponseWrapper {

		private final HttpServletRequest request;

		private final McpMessageScreen.Verdict verdict;

		private boolean replaced;

		FixedErrorResponse(HttpServletResponse response, HttpServletRequest request, McpMessageScreen.Verdict verdict) {
			super(response);
			this.request = request;
			this.verdict = verdict;
		}

		@Override
		public void setStatus(int status) {
			if (status >= 400) {
				replace(status);
			}
			else if (!this.replaced) {
				super.setStatus(status);
			}
		}

		@Override
		public void sendError(int status) throws IOException {
			replace(status);
		}

		@Override
		public void sendError(int status, String message) throws IOException {
			replace(status);
		}

		private void replace(int original) {
			if (this.replaced || isCommitted()) {
				return;
			}
			this.replaced = true;
			int status = original;
			String message = fixedMessage(original);
			int code = (original >= 500) ? McpSchema.ErrorCodes.INTERNAL_ERROR : McpSchema.ErrorCodes.INVALID_REQUEST;
			if (original >= 500 && this.verdict != null && this.verdict.kind() == McpMessageScreen.Kind.RESPONSE) {
				// The transport fails a response whose id no request of the session has:
				// the client's mistake, not the server's.
				status = 400;
				message = "No pending request of this session has that id";
				code = McpSchema.ErrorCodes.INVALID_REQUEST;
			}
			if (status == 404) {
				code = -32001;
			}
			logger.warn("MCP message refused: {} {} -> {} {}", this.request.getMethod(), this.request.getRequestURI(),
					status, message);
			try {
				write((HttpServletResponse) getResponse(), status,
						McpMessageScreen.errorBody((this.verdict != null) ? this.verdict.id() : null, code, message));
			}
			catch (IOException ex) {
				logger.debug("could not write the refusal: {}", ex.getMessage());
			}
		}

		private static String fixedMessage(int status) {
			return switch (status) {
				case 400 -> "Bad request";
				case 403 -> "Forbidden";
				case 404 -> "Session not found";
				case 405 -> "Method not allowed";
				case 406 -> "Not acceptable";
				case 413 -> "Request too large";
				case 415 -> "Unsupported media type";
				case 421 -> "Misdirected request";
				case 503 -> "Service unavailable";
				default -> (status >= 500) ? "Internal error" : "Request refused";
			};
		}

		@Override
		public ServletOutputStream getOutputStream() throws IOException {
			return this.replaced ? Discard.STREAM : super.getOutputStream();
		}

		@Override
		public PrintWriter getWriter() throws IOException {
			return this.replaced ? new PrintWriter(OutputStream.nullOutputStream()) : super.getWriter();
		}

		@Override
		public void setContentType(String type) {
			if (!this.replaced) {
				super.setContentType(type);
			}
		}

		@Override
		public void setContentLength(int length) {
			if (!this.replaced) {
				super.setContentLength(length);
			}
		}

		@Override
		public void setContentLengthLong(long length) {
			if (!this.replaced) {
				super.setContentLengthLong(length);
			}
		}

		@Override
		public void setCharacterEncoding(String encoding) {
			if (!this.replaced) {
				super.setCharacterEncoding(encoding);
			}
		}

		@Override
		public void setHeader(String name, String value) {
			if (!this.replaced || !isBodyHeader(name)) {
				super.setHeader(name, value);
			}
		}

		@Override
		public void addHeader(String name, String value) {
			if (!this.replaced || !isBodyHeader(name)) {
				super.addHeader(name, value);
			}
		}

		private static boolean isBodyHeader(String name) {
			return HttpHeaders.CONTENT_TYPE.equalsIgnoreCase(name) || HttpHeaders.CONTENT_LENGTH.equalsIgnoreCase(name)
					|| HttpHeaders.TRANSFER_ENCODING.equalsIgnoreCase(name);
		}

	}

	/** Where a replaced error body goes. */
	private static final class Discard extends ServletOutputStream {

		static final Discard STREAM = new Discard();

		@Override
		public void write(int b) {
		}

		@Override
		public void write(byte[] bytes, int offset, int length) {
		}

		@Override
		public boolean isReady() {
			return true;
		}

		@Override
		public void setWriteListener(WriteListener listener) {
			try {
				listener.onWritePossible();
			}
			catch (IOException ex) {
				listener.onError(ex);
			}
		}

	}

}
