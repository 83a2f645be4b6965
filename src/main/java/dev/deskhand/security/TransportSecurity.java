package dev.deskhand.security;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;

import io.modelcontextprotocol.server.transport.DefaultServerTransportSecurityValidator;
import io.modelcontextprotocol.server.transport.ServerTransportSecurityValidator;

/**
 * The header checks both MCP transports apply to every request: Origin against the
 * allow-list, Host against loopback names when the server only listens on loopback.
 * Together they stop a web page from reaching the agents' port through DNS rebinding.
 */
public final class TransportSecurity {

	static final List<String> LOOPBACK_HOSTS = List.of("localhost", "localhost:*", "127.0.0.1", "127.0.0.1:*", "[::1]",
			"[::1]:*");

	private TransportSecurity() {
	}

	/**
	 * @param properties the configured allow-lists
	 * @param serverAddress {@code server.address}, or {@code null} when unset (all
	 * interfaces)
	 */
	public static ServerTransportSecurityValidator validator(SecurityProperties properties, String serverAddress) {
		List<String> hosts = properties.allowedHosts();
		if (hosts.isEmpty() && isLoopback(serverAddress)) {
			hosts = LOOPBACK_HOSTS;
		}
		return DefaultServerTransportSecurityValidator.builder()
			.allowedOrigins(properties.allowedOrigins())
			.allowedHosts(hosts)
			.build();
	}

	static boolean isLoopback(String address) {
		if (address == null || address.isBlank()) {
			return false;
		}
		try {
			// Literal addresses only: resolving a name here could block start-up on DNS.
			InetAddress parsed = InetAddress.getByName(address.strip());
			return parsed.isLoopbackAddress();
		}
		catch (UnknownHostException ex) {
			return false;
		}
	}

}
