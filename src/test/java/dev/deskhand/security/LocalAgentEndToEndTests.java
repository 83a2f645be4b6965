package dev.deskhand.security;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;

import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientSseClientTransport;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpSchema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalManagementPort;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import dev.deskhand.testing.TestDesktop;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * No agent tokens and a loopback-only server (the shipped defaults): agents need no token
 * and act as {@code local}; the operator token is generated into its file and is what
 * opens the operators' port.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "management.server.port=0", "server.address=127.0.0.1", "deskhand.display.managed=false",
				"deskhand.audit.enabled=false", "deskhand.security.operator-token=" })
@Import(PrincipalProbe.class)
class LocalAgentEndToEndTests {

	@TempDir
	static Path home;

	@LocalServerPort
	private int port;

	@LocalManagementPort
	private int managementPort;

	@DynamicPropertySource
	static void properties(DynamicPropertyRegistry registry) {
		registry.add("deskhand.display.name", () -> TestDesktop.shared().display());
		registry.add("deskhand.security.operator-token-file", () -> tokenFile().toString());
	}

	@Test
	void bothTransportsRunAsLocal() {
		McpSyncClient streamable = AgentTokensEndToEndTests.client(
				HttpClientStreamableHttpTransport.builder("http://127.0.0.1:" + this.port).endpoint("/mcp").build());
		McpSyncClient sse = AgentTokensEndToEndTests
			.client(HttpClientSseClientTransport.builder("http://127.0.0.1:" + this.port).sseEndpoint("/sse").build());
		try {
			streamable.initialize();
			sse.initialize();
			assertThat(whoami(streamable)).isEqualTo(AgentPrincipals.LOCAL);
			assertThat(whoami(sse)).isEqualTo(AgentPrincipals.LOCAL);
		}
		finally {
			streamable.closeGracefully();
			sse.closeGracefully();
		}
	}

	@Test
	void theGeneratedOperatorTokenIsPrivateAndOpensTheOperatorsPort() throws Exception {
		assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(tokenFile()))).isEqualTo("rw-------");
		assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(tokenFile().getParent())))
			.isEqualTo("rwx------");
		String token = Files.readString(tokenFile(), StandardCharsets.UTF_8).strip();
		assertThat(token).matches("[A-Za-z0-9_-]{43}");
		HttpClient http = HttpClient.newHttpClient();
		URI metrics = URI.create("http://127.0.0.1:" + this.managementPort + "/actuator/metrics");
		assertThat(
				http.send(HttpRequest.newBuilder(metrics).build(), HttpResponse.BodyHandlers.discarding()).statusCode())
			.isEqualTo(401);
		assertThat(http
			.send(HttpRequest.newBuilder(metrics).header("Authorization", "Bearer " + token).build(),
					HttpResponse.BodyHandlers.discarding())
			.statusCode()).isEqualTo(200);
	}

	private static String whoami(McpSyncClient client) {
		McpSchema.CallToolResult result = client
			.callTool(McpSchema.CallToolRequest.builder().name("whoami").arguments(Map.of()).build());
		return ((McpSchema.TextContent) result.content().get(0)).text();
	}

	// In a directory that does not exist yet: start-up creates it.
	private static Path tokenFile() {
		return home.resolve(".deskhand").resolve("operator-token");
	}

}
