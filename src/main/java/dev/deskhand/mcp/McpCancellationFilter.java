package dev.deskhand.mcp;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.web.filter.OncePerRequestFilter;
import org.springframework.web.util.WebUtils;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import dev.deskhand.input.Cancellation;
import dev.deskhand.platform.ClientConnections.Connection;
import dev.deskhand.security.AgentPrincipals;

/**
 * Gives every {@code tools/call} posted to either MCP transport a {@link Cancellation}
 * (handed to the tool through the transport context under
 * {@link AgentPrincipals#CALL_KEY}) and fires it when the same principal posts
 * {@code notifications/cancelled} with that request's id into the same session. Tools run
 * on the request thread (immediate execution), so the call is in flight exactly while
 * this filter's chain runs. A Streamable HTTP call is cancelled too when its client
 * closes the connection it waits on ({@link McpCallConnections}).
 */
class McpCancellationFilter extends OncePerRequestFilter {

	static final String CANCELLED = "notifications/cancelled";

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private final McpCalls calls;

	private final McpCallConnections connections;

	private final String mcpEndpoint;

	private final String messageEndpoint;

	McpCancellationFilter(McpCalls calls, McpCallConnections connections, String mcpEndpoint, String messageEndpoint) {
		this.calls = calls;
		this.connections = connections;
		this.mcpEndpoint = mcpEndpoint;
		this.messageEndpoint = messageEndpoint;
	}

	@Override
	protected boolean shouldNotFilterAsyncDispatch() {
		// A message arrives on the dispatch that follows the reading of its body.
		return false;
	}

	@Override
	protected boolean shouldNotFilter(HttpServletRequest request) {
		String uri = request.getRequestURI();
		return !"POST".equals(request.getMethod()) || !McpRequestScreenFilter.isScreenedMessage(request)
				|| !(this.mcpEndpoint.equals(uri) || this.messageEndpoint.equals(uri));
	}

	@Override
	protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
			throws ServletException, IOException {
		// The message screen has read and checked the body; its bytes are all we need.
		ReadBodyRequest screened = WebUtils.getNativeRequest(request, ReadBodyRequest.class);
		String session = sessionOf(request);
		if (screened == null || session == null) {
			chain.doFilter(request, response);
			return;
		}
		HttpServletRequest replay = request;
		JsonNode message = parse(screened.body());
		String method = (message != null) ? message.path("method").asString(null) : null;
		String principal = AgentPrincipals.nameOf(request.getUserPrincipal());
		if (CANCELLED.equals(method)) {
			JsonNode params = message.path("params");
			this.calls.cancel(principal, session, idOf(params.path("requestId")), params.path("reason").asString(null));
			chain.doFilter(replay, response);
			return;
		}
		String id = "tools/call".equals(method) ? idOf(message.path("id")) : null;
		if (id == null) {
			chain.doFilter(replay, response);
			return;
		}
		Cancellation cancellation = this.calls.begin(principal, session, id);
		replay.setAttribute(AgentPrincipals.CALL_KEY, cancellation);
		// On Streamable HTTP the answer goes back on this request's own connection: a
		// client that closes it is gone. (On legacy SSE the answer goes on the stream.)
		Runnable unwatch = this.mcpEndpoint.equals(request.getRequestURI())
				? this.connections.watch(connectionOf(request), cancellation) : () -> {
				};
		try {
			chain.doFilter(replay, response);
		}
		finally {
			unwatch.run();
			this.calls.end(principal, session, id, cancellation);
		}
	}

	static Connection connectionOf(HttpServletRequest request) throws UnknownHostException {
		// literal addresses from the container: no name is looked up
		return new Connection(
				new InetSocketAddress(InetAddress.getByName(request.getLocalAddr()), request.getLocalPort()),
				new InetSocketAddress(InetAddress.getByName(request.getRemoteAddr()), request.getRemotePort()));
	}

	private static JsonNode parse(byte[] body) {
		try {
			JsonNode node = JSON.readTree(body);
			return (node != null && node.isObject()) ? node : null;
		}
		catch (JacksonException ex) {
			return null;
		}
	}

	/**
	 * A JSON-RPC id (string or number) as text; {@code null} when absent or of another
	 * type.
	 */
	private static String idOf(JsonNode id) {
		return (id.isString() || id.isNumber()) ? id.asString() : null;
	}

	private String sessionOf(HttpServletRequest request) {
		return this.mcpEndpoint.equals(request.getRequestURI()) ? request.getHeader(McpSessionEndFilter.SESSION_HEADER)
				: request.getParameter("sessionId");
	}

}
