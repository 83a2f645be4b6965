package dev.deskhand.security;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletConnection;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.web.filter.OncePerRequestFilter;

import dev.deskhand.platform.ConnectionOwners;
import dev.deskhand.platform.ConnectionOwners.Owner;

/**
 * Applies {@link OtherUsersPolicy} on the agents' port, after authorization: a request
 * that no agent token identifies goes on only when the desktop's own user opened its
 * connection. The owner is looked up once per TCP connection (the container's connection
 * id) and kept in a bounded cache: a connection evicted early is only looked up again. A
 * refusal is 403 with one sentence, in the JSON shape of the path's other refusals, and
 * logged once per connection.
 */
final class ConnectionOwnerFilter extends OncePerRequestFilter {

	private static final Logger logger = LoggerFactory.getLogger(ConnectionOwnerFilter.class);

	/** More than Tomcat's default of 200 worker threads keep busy at once. */
	static final int CACHED_CONNECTIONS = 1024;

	private static final String VENDOR_ENDPOINTS = "/agents/";

	private final ConnectionOwners owners;

	private final boolean allowOtherUsers;

	// Guards the LRU map; lookups run outside it (two racing requests of one connection
	// may both look up, which is harmless).
	private final Object lock = new Object();

	private final Map<String, Connection> connections = new LinkedHashMap<>(64, 0.75f, true) {

		@Override
		protected boolean removeEldestEntry(Map.Entry<String, Connection> eldest) {
			return size() > CACHED_CONNECTIONS;
		}

	};

	private final String howToAllow;

	ConnectionOwnerFilter(ConnectionOwners owners, boolean allowOtherUsers) {
		this(owners, allowOtherUsers, OtherUsersPolicy.HOW_TO_ALLOW);
	}

	/**
	 * @param howToAllow the end of every refusal: what the client or the operator can do
	 */
	ConnectionOwnerFilter(ConnectionOwners owners, boolean allowOtherUsers, String howToAllow) {
		this.owners = owners;
		this.allowOtherUsers = allowOtherUsers;
		this.howToAllow = howToAllow;
	}

	/**
	 * What is known about one connection.
	 *
	 * @param refusalLogged whether its refusal was logged already
	 */
	private record Connection(Owner owner, AtomicBoolean refusalLogged) {
	}

	@Override
	protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
			throws ServletException, IOException {
		Connection[] connection = new Connection[1];
		OtherUsersPolicy.Verdict verdict = OtherUsersPolicy.decide(presentedAgentToken(), this.allowOtherUsers,
				this.owners.self(), () -> {
					connection[0] = connection(request);
					return connection[0].owner();
				}, this.howToAllow);
		if (verdict.allowed()) {
			chain.doFilter(request, response);
			return;
		}
		if (connection[0].refusalLogged().compareAndSet(false, true)) {
			logger.warn("refused the agents' port to {}:{}: {}", request.getRemoteAddr(), request.getRemotePort(),
					verdict.refusal());
		}
		refuse(request, response, verdict.refusal());
	}

	private static boolean presentedAgentToken() {
		Authentication authentication = SecurityContextHolder.getContext().getAuthentication();
		return authentication instanceof TokenAuthentication && authentication.isAuthenticated();
	}

	private Connection connection(HttpServletRequest request) {
		String key = key(request);
		if (key != null) {
			synchronized (this.lock) {
				Connection known = this.connections.get(key);
				if (known != null) {
					return known;
				}
			}
		}
		Connection looked = new Connection(lookUp(request), new AtomicBoolean());
		if (key != null) {
			synchronized (this.lock) {
				Connection raced = this.connections.putIfAbsent(key, looked);
				return (raced != null) ? raced : looked;
			}
		}
		return looked;
	}

	private Owner lookUp(HttpServletRequest request) {
		try {
			// Literal addresses from the container: no name is resolved.
			InetSocketAddress client = new InetSocketAddress(InetAddress.getByName(request.getRemoteAddr()),
					request.getRemotePort());
			InetSocketAddress server = new InetSocketAddress(InetAddress.getByName(request.getLocalAddr()),
					request.getLocalPort());
			return this.owners.ownerOf(client, server);
		}
		catch (IOException | RuntimeException ex) {
			return new Owner.Unknown("the lookup failed: " + ex.getMessage());
		}
	}

	/**
	 * The container's id of the request's TCP connection, with the client's address and
	 * port so that no container's reuse of an id can hand one client's verdict to
	 * another; {@code null} when the container gives none (then every request is looked
	 * up).
	 */
	private static String key(HttpServletRequest request) {
		ServletConnection connection = request.getServletConnection();
		String id = (connection != null) ? connection.getConnectionId() : null;
		if (id == null || id.isEmpty()) {
			return null;
		}
		return id + " " + request.getRemoteAddr() + " " + request.getRemotePort();
	}

	private static void refuse(HttpServletRequest request, HttpServletResponse response, String sentence)
			throws IOException {
		String path = request.getServletPath() + ((request.getPathInfo() != null) ? request.getPathInfo() : "");
		// The vendor endpoints answer {"error": "E_CODE: ..."}; the MCP endpoints a
		// JSON-RPC error, as their other refusals do.
		String body = path.startsWith(VENDOR_ENDPOINTS) ? "{\"error\":" + quoted("E_DENIED: " + sentence) + "}"
				: "{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32600,\"message\":" + quoted(sentence) + "}}";
		byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
		response.setStatus(HttpStatus.FORBIDDEN.value());
		response.setContentType(MediaType.APPLICATION_JSON_VALUE);
		response.setContentLength(bytes.length);
		response.getOutputStream().write(bytes);
	}

	static String quoted(String text) {
		StringBuilder quoted = new StringBuilder("\"");
		for (char c : text.toCharArray()) {
			if (c == '"' || c == '\\') {
				quoted.append('\\').append(c);
			}
			else if (c < 0x20) {
				quoted.append(String.format("\\u%04x", (int) c));
			}
			else {
				quoted.append(c);
			}
		}
		return quoted.append('"').toString();
	}

}
