package dev.deskhand.security;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
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

	/**
	 * Browser Origins on this machine. The DNS-rebinding attack these checks stop is a
	 * page from elsewhere whose name now resolves to 127.0.0.1: its Origin stays foreign.
	 * A page whose Origin is loopback was served by a process on this machine, which can
	 * reach the port directly anyway (the MCP conformance suite expects them accepted).
	 */
	static final List<String> LOOPBACK_ORIGINS = List.of("http://localhost", "http://localhost:*", "http://127.0.0.1",
			"http://127.0.0.1:*", "http://[::1]", "http://[::1]:*", "https://localhost", "https://localhost:*",
			"https://127.0.0.1", "https://127.0.0.1:*", "https://[::1]", "https://[::1]:*");

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
		List<String> origins = new ArrayList<>(properties.allowedOrigins());
		if (properties.allowLoopbackOrigins()) {
			origins.addAll(LOOPBACK_ORIGINS);
		}
		return DefaultServerTransportSecurityValidator.builder().allowedOrigins(origins).allowedHosts(hosts).build();
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
