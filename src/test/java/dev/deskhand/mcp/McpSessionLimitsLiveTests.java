package dev.deskhand.mcp;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalManagementPort;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import dev.deskhand.testing.TestDesktop;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Streamable HTTP sessions that are never closed, against the real server with a real
 * HTTP client: beyond {@code max-sessions} an {@code initialize} is refused with a
 * JSON-RPC error that says why; sessions that send nothing for {@code session-idle} end
 * (their id answers 404, the operator's count drops) while one that keeps talking stays,
 * and then new sessions can open again.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "management.server.port=0", "deskhand.display.managed=false", "deskhand.audit.enabled=false",
				"deskhand.mcp.max-sessions=3", "deskhand.mcp.session-idle=3s",
				"deskhand.security.operator-token=" + McpSessionLimitsLiveTests.OPERATOR_TOKEN })
class McpSessionLimitsLiveTests {

	static final String OPERATOR_TOKEN = "session-limits-operator-token";

	private static final JsonMapper JSON = JsonMapper.builder().build();

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
	void sessionsBeyondTheLimitAreRefusedAndIdleOnesExpire() throws Exception {
		List<String> open = new ArrayList<>();
		for (int i = 0; i < 3; i++) {
			HttpResponse<String> initialize = initialize();
			assertThat(initialize.statusCode()).as(initialize.body()).isEqualTo(200);
			open.add(initialize.headers().firstValue("Mcp-Session-Id").orElseThrow());
		}
		assertThat(mcpSessions().path("open").asInt()).isEqualTo(3);
		assertThat(mcpSessions().path("max").asInt()).isEqualTo(3);

		HttpResponse<String> refused = initialize();
		assertThat(refused.headers().firstValue("Mcp-Session-Id")).isEmpty();
		JsonNode error = JSON.readTree(refused.body()).path("error");
		assertThat(error.path("message").asString()).contains("3 MCP sessions open")
			.contains("deskhand.mcp.max-sessions");
		assertThat(JSON.readTree(refused.body()).path("id").asInt()).isEqualTo(1);

		// The first session keeps talking; the other two send nothing past session-idle.
		Instant until = Instant.now().plusSeconds(5);
		while (Instant.now().isBefore(until)) {
			assertThat(ping(open.get(0)).statusCode()).isEqualTo(200);
			Thread.sleep(500);
		}
		assertThat(ping(open.get(1)).statusCode()).isEqualTo(404);
		assertThat(ping(open.get(2)).statusCode()).isEqualTo(404);
		assertThat(ping(open.get(0)).statusCode()).isEqualTo(200);
		assertThat(mcpSessions().path("open").asInt()).isEqualTo(1);

		HttpResponse<String> again = initialize();
		assertThat(again.statusCode()).isEqualTo(200);
		assertThat(again.headers().firstValue("Mcp-Session-Id")).isPresent();
		assertThat(JSON.readTree(again.body()).has("result")).as(again.body()).isTrue();
	}

	@Test
	void aSessionWaitingOnALongCallIsNotIdle() throws Exception {
		HttpResponse<String> initialize = initialize();
		String session = initialize.headers().firstValue("Mcp-Session-Id").orElseThrow();
		post(session, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
		// a call twice session-idle long, and nothing else sent meanwhile
		HttpResponse<String> waited = post(session, "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/call\","
				+ "\"params\":{\"name\":\"wait\",\"arguments\":{\"duration\":6}}}");
		assertThat(waited.statusCode()).isEqualTo(200);
		assertThat(waited.body()).contains("\"isError\":false").doesNotContain("cancel");
		assertThat(ping(session).statusCode()).isEqualTo(200);
		// the other test counts sessions from none
		HttpResponse<Void> deleted = this.http
			.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + this.port + "/mcp"))
				.header("Mcp-Session-Id", session)
				.DELETE()
				.build(), HttpResponse.BodyHandlers.discarding());
		assertThat(deleted.statusCode()).isLessThan(300);
	}

	private HttpResponse<String> initialize() throws Exception {
		return post(null, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
				+ "\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"never-closes\",\"version\":\"1\"}}}");
	}

	private HttpResponse<String> ping(String session) throws Exception {
		return post(session, "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"ping\"}");
	}

	private HttpResponse<String> post(String session, String body) throws Exception {
		HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + this.port + "/mcp"))
			.timeout(Duration.ofSeconds(10))
			.header("Accept", "application/json, text/event-stream")
			.header("Content-Type", "application/json")
			.POST(HttpRequest.BodyPublishers.ofString(body));
		if (session != null) {
			request.header("Mcp-Session-Id", session);
		}
		return this.http.send(request.build(), HttpResponse.BodyHandlers.ofString());
	}

	private JsonNode mcpSessions() throws Exception {
		HttpResponse<String> status = this.http
			.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + this.managementPort + "/actuator/deskhand"))
				.header("Authorization", "Bearer " + OPERATOR_TOKEN)
				.build(), HttpResponse.BodyHandlers.ofString());
		assertThat(status.statusCode()).as(status.body()).isEqualTo(200);
		return JSON.readTree(status.body()).path("mcp_sessions");
	}

}
