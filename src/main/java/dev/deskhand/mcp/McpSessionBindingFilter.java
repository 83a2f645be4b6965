package dev.deskhand.mcp;

import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.function.Consumer;

import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.MediaType;
import org.springframework.web.filter.OncePerRequestFilter;

import dev.deskhand.security.AgentPrincipals;

/**
 * Binds every MCP protocol session to the principal that opened it, and refuses every
 * message into a session from anyone else before the transport sees it: requests,
 * notifications and responses alike (a response is how a client answers the server's
 * elicitation, so a stray one could approve another agent's click).
 * <ul>
 * <li>Streamable HTTP: the session id is learnt from the {@code Mcp-Session-Id} header
 * the transport sets on its answer to {@code initialize}; POST, GET and DELETE on the
 * endpoint must then carry it with the same principal. A DELETE that succeeds ends the
 * binding.</li>
 * <li>Legacy HTTP+SSE: the session id is learnt from the {@code endpoint} event the
 * transport writes first on {@code GET /sse}; POSTs to the message endpoint must carry it
 * with the same principal. The binding ends with the SSE stream.</li>
 * </ul>
 * A session id unknown here, or another principal's, is answered alike with 404, so a
 * guess cannot tell whether a session exists.
 */
class McpSessionBindingFilter extends OncePerRequestFilter {

	private static final Logger logger = LoggerFactory.getLogger(McpSessionBindingFilter.class);

	static final String SESSION_HEADER = "Mcp-Session-Id";

	static final String SESSION_PARAMETER = "sessionId";

	/** Where in the SSE stream's first bytes the endpoint event names the session. */
	private static final String SESSION_MARKER = SESSION_PARAMETER + "=";

	/** The endpoint event comes first and is short; no need to look further. */
	private static final int SNIFF_LIMIT = 4096;

	static final String NOT_FOUND_BODY = "{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32001,"
			+ "\"message\":\"Session not found\"}}";

	private final McpSessionOwners owners;

	private final String mcpEndpoint;

	private final String sseEndpoint;

	private final String messageEndpoint;

	McpSessionBindingFilter(McpSessionOwners owners, String mcpEndpoint, String sseEndpoint, String messageEndpoint) {
		this.owners = owners;
		this.mcpEndpoint = mcpEndpoint;
		this.sseEndpoint = sseEndpoint;
		this.messageEndpoint = messageEndpoint;
	}

	@Override
	protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
			throws ServletException, IOException {
		// The container's decoded, normalized path (no ;parameters), as the filter
		// mapping and the router see it.
		String path = request.getServletPath() + ((request.getPathInfo() != null) ? request.getPathInfo() : "");
		String principal = principal(request);
		if (path.equals(this.mcpEndpoint)) {
			streamable(request, response, chain, principal);
		}
		else if (path.equals(this.messageEndpoint)) {
			String session = firstQueryValue(request.getQueryString(), SESSION_PARAMETER);
			if (session != null && !this.owners.isOwner(session, principal)) {
				refuse(response, principal);
				return;
			}
			chain.doFilter(request, response);
		}
		else if (path.equals(this.sseEndpoint) && "GET".equals(request.getMethod())) {
			legacyStream(request, response, chain, principal);
		}
		else {
			chain.doFilter(request, response);
		}
	}

	private void streamable(HttpServletRequest request, HttpServletResponse response, FilterChain chain,
			String principal) throws IOException, ServletException {
		String session = request.getHeader(SESSION_HEADER);
		if (session == null) {
			// Only initialize opens a session; the transport refuses the rest without
			// one.
			chain.doFilter(request, new SessionIdCapture(response, (id) -> this.owners.bind(id, principal)));
			return;
		}
		if (!this.owners.isOwner(session, principal)) {
			refuse(response, principal);
			return;
		}
		chain.doFilter(request, response);
		if ("DELETE".equals(request.getMethod()) && response.getStatus() < 300) {
			this.owners.forget(session);
		}
	}

	private void legacyStream(HttpServletRequest request, HttpServletResponse response, FilterChain chain,
			String principal) throws IOException, ServletException {
		SessionIdSniffer sniffer = new SessionIdSniffer(response, (id) -> this.owners.bind(id, principal));
		chain.doFilter(request, sniffer);
		String session = sniffer.sessionId();
		if (session == null) {
			return;
		}
		if (request.isAsyncStarted()) {
			request.getAsyncContext().addListener(new ForgetOnEnd(session));
		}
		else {
			this.owners.forget(session);
		}
	}

	private void refuse(HttpServletResponse response, String principal) throws IOException {
		// The session id stays out of the log: it is the handle a client speaks with.
		logger.info("MCP message from '{}' refused: no such session of that principal", principal);
		response.setStatus(HttpServletResponse.SC_NOT_FOUND);
		response.setContentType(MediaType.APPLICATION_JSON_VALUE);
		response.getOutputStream().write(NOT_FOUND_BODY.getBytes(StandardCharsets.UTF_8));
	}

	static String principal(HttpServletRequest request) {
		return AgentPrincipals.nameOf(request.getUserPrincipal());
	}

	/**
	 * The first value of a query parameter, decoded as the servlet container decodes it
	 * for the transport ({@code request.getParameter} would also read a form body).
	 */
	static String firstQueryValue(String query, String name) {
		if (query == null) {
			return null;
		}
		for (String pair : query.split("&")) {
			int equals = pair.indexOf('=');
			String key = (equals < 0) ? pair : pair.substring(0, equals);
			if (URLDecoder.decode(key, StandardCharsets.UTF_8).equals(name)) {
				return (equals < 0) ? "" : URLDecoder.decode(pair.substring(equals + 1), StandardCharsets.UTF_8);
			}
		}
		return null;
	}

	private final class ForgetOnEnd implements AsyncListener {

		private final String session;

		ForgetOnEnd(String session) {
			this.session = session;
		}

		@Override
		public void onComplete(AsyncEvent event) {
			McpSessionBindingFilter.this.owners.forget(this.session);
		}

		@Override
		public void onTimeout(AsyncEvent event) {
			McpSessionBindingFilter.this.owners.forget(this.session);
		}

		@Override
		public void onError(AsyncEvent event) {
			McpSessionBindingFilter.this.owners.forget(this.session);
		}

		@Override
		public void onStartAsync(AsyncEvent event) {
		}

	}

	/** Sees the {@code Mcp-Session-Id} header as the transport sets it. */
	private static final class SessionIdCapture extends HttpServletResponseWrapper {

		private final Consumer<String> onSession;

		SessionIdCapture(HttpServletResponse response, Consumer<String> onSession) {
			super(response);
			this.onSession = onSession;
		}

		@Override
		public void setHeader(String name, String value) {
			capture(name, value);
			super.setHeader(name, value);
		}

		@Override
		public void addHeader(String name, String value) {
			capture(name, value);
			super.addHeader(name, value);
		}

		private void capture(String name, String value) {
			// Before the header is set: the client cannot use an id before it has it.
			if (SESSION_HEADER.equalsIgnoreCase(name) && value != null && !value.isBlank()) {
				this.onSession.accept(value);
			}
		}

	}

	/**
	 * Reads the session id out of the legacy transport's first SSE event
	 * ({@code data:/mcp/message?sessionId=...}) as it is written, and binds it before the
	 * bytes that complete it reach the client.
	 */
	private static final class SessionIdSniffer extends HttpServletResponseWrapper {

		private final Consumer<String> onSession;

		private final StringBuilder seen = new StringBuilder();

		private volatile String sessionId;

		private ServletOutputStream stream;

		SessionIdSniffer(HttpServletResponse response, Consumer<String> onSession) {
			super(response);
			this.onSession = onSession;
		}

		String sessionId() {
			return this.sessionId;
		}

		@Override
		public synchronized ServletOutputStream getOutputStream() throws IOException {
			if (this.stream == null) {
				this.stream = new SniffingStream(super.getOutputStream());
			}
			return this.stream;
		}

		private synchronized void look(byte[] bytes, int offset, int length) {
			if (this.sessionId != null || this.seen.length() > SNIFF_LIMIT) {
				return;
			}
			this.seen.append(new String(bytes, offset, length, StandardCharsets.ISO_8859_1));
			int marker = this.seen.indexOf(SESSION_MARKER);
			if (marker < 0) {
				return;
			}
			int start = marker + SESSION_MARKER.length();
			int end = start;
			while (end < this.seen.length() && "\r\n&".indexOf(this.seen.charAt(end)) < 0) {
				end++;
			}
			if (end == this.seen.length()) {
				// The id is not complete yet; the client cannot use it yet either.
				return;
			}
			String id = URLDecoder.decode(this.seen.substring(start, end), StandardCharsets.UTF_8);
			this.sessionId = id;
			this.onSession.accept(id);
		}

		private final class SniffingStream extends ServletOutputStream {

			private final ServletOutputStream delegate;

			SniffingStream(ServletOutputStream delegate) {
				this.delegate = delegate;
			}

			@Override
			public void write(int b) throws IOException {
				look(new byte[] { (byte) b }, 0, 1);
				this.delegate.write(b);
			}

			@Override
			public void write(byte[] bytes, int offset, int length) throws IOException {
				look(bytes, offset, length);
				this.delegate.write(bytes, offset, length);
			}

			@Override
			public void flush() throws IOException {
				this.delegate.flush();
			}

			@Override
			public void close() throws IOException {
				this.delegate.close();
			}

			@Override
			public boolean isReady() {
				return this.delegate.isReady();
			}

			@Override
			public void setWriteListener(WriteListener listener) {
				this.delegate.setWriteListener(listener);
			}

		}

	}

}
