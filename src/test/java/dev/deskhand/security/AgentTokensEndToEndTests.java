package dev.deskhand.security;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;

import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientSseClientTransport;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.client.transport.customizer.McpSyncHttpClientRequestCustomizer;
import io.modelcontextprotocol.spec.McpClientTransport;
import io.modelcontextprotocol.spec.McpSchema;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalManagementPort;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import dev.deskhand.testing.TestDesktop;

import dev.deskhand.mcp.McpTestClients;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Agent tokens configured: the agents' port admits exactly those tokens, the principal
 * reaches tools on both MCP transports, and the operators' port admits the operator token
 * only.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "management.server.port=0", "deskhand.display.managed=false", "deskhand.audit.enabled=false",
				"deskhand.security.agent-tokens[0].name=alice",
				"deskhand.security.agent-tokens[0].token=" + AgentTokensEndToEndTests.ALICE,
				"deskhand.security.agent-tokens[1].name=bob",
				"deskhand.security.agent-tokens[1].token=" + AgentTokensEndToEndTests.BOB,
				"deskhand.security.operator-token=" + AgentTokensEndToEndTests.OPERATOR,
				"management.endpoints.web.exposure.include=health,metrics,probe",
				"management.endpoint.health.show-details=when-authorized",
				"management.endpoint.health.roles=OPERATOR" })
@Import(PrincipalProbe.class)
class AgentTokensEndToEndTests {

	static final String ALICE = "alice-token-7f3a9c";

	static final String BOB = "bob-token-0e41d2";

	static final String OPERATOR = "operator-token-58bb1e";

	private static final String INITIALIZE = """
			{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18",\
			"capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}""";

	private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

	@LocalServerPort
	private int port;

	@LocalManagementPort
	private int managementPort;

	@DynamicPropertySource
	static void display(DynamicPropertyRegistry registry) {
		registry.add("deskhand.display.name", () -> TestDesktop.shared().display());
	}

	@Test
	void mcpWithoutATokenIsChallenged() throws Exception {
		HttpResponse<String> response = postInitialize(null);
		assertThat(response.statusCode()).isEqualTo(401);
		assertThat(response.headers().firstValue("WWW-Authenticate")).hasValue("Bearer");
	}

	@Test
	void mcpWithAWrongTokenIsRefused() throws Exception {
		HttpResponse<String> wrong = postInitialize("alice-token-7f3a9d");
		assertThat(wrong.statusCode()).isEqualTo(401);
		assertThat(wrong.headers().firstValue("WWW-Authenticate")).hasValue("Bearer error=\"invalid_token\"");
		assertThat(postInitialize("").statusCode()).isEqualTo(401);
		// Another scheme is no credential at all.
		HttpResponse<String> basic = send(mcpPost().header("Authorization", "Basic YWxpY2U6eA==").build());
		assertThat(basic.statusCode()).isEqualTo(401);
	}

	@Test
	void anotherOsUserWithAnAgentTokenInitializes() throws Exception {
		// The token says who the client is: the OS user that opened the connection does
		// not matter then.
		OtherUid.assumeAvailable();
		String url = "http://127.0.0.1:" + this.port + "/mcp";
		OtherUid.Answer answer = OtherUid.send("POST", url, ALICE, INITIALIZE);
		assertThat(answer.status()).isEqualTo(200);
		assertThat(answer.body()).contains("\"protocolVersion\"");
		assertThat(OtherUid.send("POST", url, null, INITIALIZE).status()).isEqualTo(401);
	}

	@Test
	void theOperatorTokenDoesNotDriveTheDesktop() throws Exception {
		assertThat(postInitialize(OPERATOR).statusCode()).isEqualTo(403);
	}

	@Test
	void legacySseEndpointsNeedATokenToo() throws Exception {
		HttpResponse<String> stream = send(HttpRequest.newBuilder(agents("/sse"))
			.header("Accept", "text/event-stream")
			.timeout(Duration.ofSeconds(10))
			.GET()
			.build());
		assertThat(stream.statusCode()).isEqualTo(401);
		HttpResponse<String> message = send(HttpRequest.newBuilder(agents("/mcp/message?sessionId=nope"))
			.header("Content-Type", "application/json")
			.timeout(Duration.ofSeconds(10))
			.POST(HttpRequest.BodyPublishers.ofString(INITIALIZE))
			.build());
		assertThat(message.statusCode()).isEqualTo(401);
	}

	@Test
	void aClientWithoutATokenCannotInitialize() {
		McpSyncClient client = client(
				HttpClientStreamableHttpTransport.builder("http://127.0.0.1:" + this.port).endpoint("/mcp").build());
		try {
			// the server's 401, as the SDK reports it: not any failure (a refused
			// connection,
			// the other-users 403 or a timeout would throw too)
			assertThatThrownBy(client::initialize)
				.satisfies((ex) -> assertThat(McpTestClients.authorizationStatus(ex)).isEqualTo(401));
		}
		finally {
			client.close();
		}
	}

	@Test
	void streamableClientRunsAsTheTokensName() {
		McpSyncClient client = client(HttpClientStreamableHttpTransport.builder("http://127.0.0.1:" + this.port)
			.endpoint("/mcp")
			.httpRequestCustomizer(bearer(ALICE))
			.build());
		try {
			client.initialize();
			assertThat(client.listTools().tools()).extracting(McpSchema.Tool::name).contains("whoami", "screenshot");
			assertThat(whoami(client)).isEqualTo("alice");
		}
		finally {
			client.closeGracefully();
		}
	}

	@Test
	void sseClientRunsAsTheTokensName() {
		McpSyncClient client = client(HttpClientSseClientTransport.builder("http://127.0.0.1:" + this.port)
			.sseEndpoint("/sse")
			.httpRequestCustomizer(bearer(BOB))
			.build());
		try {
			client.initialize();
			assertThat(client.listTools().tools()).extracting(McpSchema.Tool::name).contains("whoami", "screenshot");
			assertThat(whoami(client)).isEqualTo("bob");
		}
		finally {
			client.closeGracefully();
		}
	}

	@Test
	void operatorEndpointsAdmitTheOperatorTokenOnly() throws Exception {
		assertThat(operatorGet("/actuator/metrics", null).statusCode()).isEqualTo(401);
		assertThat(operatorGet("/actuator/metrics", "not-a-token").statusCode()).isEqualTo(401);
		// An agent is known, but not allowed here: it must never answer its own
		// approvals.
		assertThat(operatorGet("/actuator/metrics", ALICE).statusCode()).isEqualTo(403);
		assertThat(operatorGet("/actuator", ALICE).statusCode()).isEqualTo(403);
		HttpResponse<String> metrics = operatorGet("/actuator/metrics", OPERATOR);
		assertThat(metrics.statusCode()).isEqualTo(200);
		assertThat(metrics.body()).contains("\"names\"");
	}

	@Test
	void operatorWritesNeedNoCsrfTokenButTheOperatorToken() throws Exception {
		assertThat(operatorPost("/actuator/probe", null).statusCode()).isEqualTo(401);
		assertThat(operatorPost("/actuator/probe", BOB).statusCode()).isEqualTo(403);
		HttpResponse<String> written = operatorPost("/actuator/probe", OPERATOR);
		assertThat(written.statusCode()).isEqualTo(200);
		assertThat(written.body()).contains("\"written\":\"yes\"");
	}

	@Test
	void healthIsOpenWithDetailsForTheOperatorOnly() throws Exception {
		HttpResponse<String> anonymous = operatorGet("/actuator/health", null);
		assertThat(anonymous.statusCode()).isEqualTo(200);
		assertThat(anonymous.body()).contains("\"status\"").doesNotContain("\"components\"");
		assertThat(operatorGet("/actuator/health", ALICE).body()).doesNotContain("\"components\"");
		HttpResponse<String> operator = operatorGet("/actuator/health", OPERATOR);
		assertThat(operator.statusCode()).isEqualTo(200);
		assertThat(operator.body()).contains("\"components\"", "\"deskhand\"");
	}

	private String whoami(McpSyncClient client) {
		McpSchema.CallToolResult result = client
			.callTool(McpSchema.CallToolRequest.builder().name("whoami").arguments(Map.of()).build());
		assertThat(result.isError()).isNotEqualTo(Boolean.TRUE);
		return ((McpSchema.TextContent) result.content().get(0)).text();
	}

	static McpSyncHttpClientRequestCustomizer bearer(String token) {
		return (request, method, endpoint, body, context) -> request.header("Authorization", "Bearer " + token);
	}

	static McpSyncClient client(McpClientTransport transport) {
		return McpClient.sync(transport)
			.clientInfo(McpSchema.Implementation.builder("deskhand-security-test", "1.0").build())
			.requestTimeout(Duration.ofSeconds(30))
			.initializationTimeout(Duration.ofSeconds(30))
			.build();
	}

	private HttpResponse<String> postInitialize(String token) throws Exception {
		HttpRequest.Builder request = mcpPost();
		if (token != null) {
			request.header("Authorization", "Bearer " + token);
		}
		return send(request.build());
	}

	private HttpRequest.Builder mcpPost() {
		return HttpRequest.newBuilder(agents("/mcp"))
			.header("Content-Type", "application/json")
			.header("Accept", "application/json, text/event-stream")
			.timeout(Duration.ofSeconds(10))
			.POST(HttpRequest.BodyPublishers.ofString(INITIALIZE));
	}

	private HttpResponse<String> operatorGet(String path, String token) throws Exception {
		HttpRequest.Builder request = HttpRequest.newBuilder(operators(path)).timeout(Duration.ofSeconds(10)).GET();
		if (token != null) {
			request.header("Authorization", "Bearer " + token);
		}
		return send(request.build());
	}

	private HttpResponse<String> operatorPost(String path, String token) throws Exception {
		HttpRequest.Builder request = HttpRequest.newBuilder(operators(path))
			.timeout(Duration.ofSeconds(10))
			.POST(HttpRequest.BodyPublishers.noBody());
		if (token != null) {
			request.header("Authorization", "Bearer " + token);
		}
		return send(request.build());
	}

	private HttpResponse<String> send(HttpRequest request) throws Exception {
		return this.http.send(request, HttpResponse.BodyHandlers.ofString());
	}

	private URI agents(String path) {
		return URI.create("http://127.0.0.1:" + this.port + path);
	}

	private URI operators(String path) {
		return URI.create("http://127.0.0.1:" + this.managementPort + path);
	}

}
