package dev.deskhand.security;

import java.util.List;
import java.util.Map;

import io.modelcontextprotocol.server.transport.ServerTransportSecurityException;
import io.modelcontextprotocol.server.transport.ServerTransportSecurityValidator;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The Origin rules, through the MCP SDK's own validator as both transports use it. */
class TransportSecurityTests {

	private static final List<String> LOOPBACK = List.of("http://localhost:3000", "http://localhost",
			"http://127.0.0.1:8080", "http://[::1]:6274", "https://localhost:8443", "http://127.0.0.1");

	private static final List<String> FOREIGN = List.of("http://evil.example", "http://localhost.evil.example",
			"http://127.0.0.1.evil.example:8080", "http://192.168.1.10:8080", "null", "file://",
			"http://localhost@evil.example", "http://evil.example:8080");

	@Test
	void loopbackOriginsAreAllowedByDefaultAndForeignOnesAreNot() {
		ServerTransportSecurityValidator validator = TransportSecurity.validator(properties(List.of(), true),
				"127.0.0.1");
		assertThat(LOOPBACK).allMatch((origin) -> allowed(validator, origin));
		assertThat(FOREIGN).noneMatch((origin) -> allowed(validator, origin));
		assertThat(allowed(validator, null)).isTrue();
	}

	@Test
	void loopbackOriginsCanBeRefusedUnlessListed() {
		ServerTransportSecurityValidator strict = TransportSecurity
			.validator(properties(List.of("http://localhost:6274"), false), "127.0.0.1");
		assertThat(LOOPBACK).noneMatch((origin) -> allowed(strict, origin));
		assertThat(allowed(strict, "http://localhost:6274")).isTrue();
		assertThat(FOREIGN).noneMatch((origin) -> allowed(strict, origin));
		assertThat(allowed(strict, null)).isTrue();
	}

	private static SecurityProperties properties(List<String> origins, boolean loopback) {
		return new SecurityProperties(origins, List.of(), List.of(), "operator", null, loopback, false, null);
	}

	private static boolean allowed(ServerTransportSecurityValidator validator, String origin) {
		Map<String, List<String>> headers = (origin != null)
				? Map.of("Origin", List.of(origin), "Host", List.of("127.0.0.1:8080"))
				: Map.of("Host", List.of("127.0.0.1:8080"));
		try {
			validator.validateHeaders(headers);
			return true;
		}
		catch (ServerTransportSecurityException ex) {
			return false;
		}
	}

}
