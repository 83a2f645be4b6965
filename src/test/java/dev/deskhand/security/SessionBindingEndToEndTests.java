package dev.deskhand.security;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalManagementPort;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import dev.deskhand.testing.OperatorApi;
import dev.deskhand.testing.Pause;
import dev.deskhand.testing.ScreenRect;
import dev.deskhand.testing.TestDesktop;
import dev.deskhand.testing.witness.WitnessWindow;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An MCP session belongs to the principal that opened it. Alice (token A) has a click
 * waiting for her approval, asked by elicitation; Bob (token B) knows her session id and
 * the elicitation's request id, and posts into her session: a response approving the
 * click, a notification, a request, a GET stream, a DELETE. Every one is refused and none
 * reaches her session: the click waits for Alice, and her own "deny" is what decides it.
 * The witness window shows whether any click ran.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "management.server.port=0", "deskhand.display.managed=false", "deskhand.audit.enabled=false",
				"deskhand.approval.ask-timeout=60s",
				// Alice's client is her own app: she is asked, and her answers count.
				"deskhand.approval.elicitation-agents=alice", "deskhand.security.agent-tokens[0].name=alice",
				"deskhand.security.agent-tokens[0].token=" + SessionBindingEndToEndTests.ALICE,
				"deskhand.security.agent-tokens[1].name=bob",
				"deskhand.security.agent-tokens[1].token=" + SessionBindingEndToEndTests.BOB,
				"deskhand.security.operator-token=" + SessionBindingEndToEndTests.OPERATOR })
class SessionBindingEndToEndTests {

	static final String ALICE = "alice-binding-token-41c9";

	static final String BOB = "bob-binding-token-9d07";

	static final String OPERATOR = "operator-binding-token-77ae";

	private static final Duration WAIT = Duration.ofSeconds(20);

	private static final Duration QUIET = Duration.ofMillis(700);

	private static final JsonMapper json = JsonMapper.builder().build();

	private static WitnessWindow witness;

	@LocalServerPort
	private int port;

	@LocalManagementPort
	private int managementPort;

	private RawMcp mcp;

	@DynamicPropertySource
	static void display(DynamicPropertyRegistry registry) {
		registry.add("deskhand.display.name", () -> TestDesktop.shared().display());
	}

	@BeforeAll
	static void openWitness() {
		witness = WitnessWindow.open(TestDesktop.shared(), "Deskhand session binding witness", 250, 150, 800, 500);
	}

	@AfterAll
	static void closeWitness() {
		if (witness != null) {
			witness.close();
		}
	}

	@BeforeEach
	void prepare() {
		this.mcp = new RawMcp(this.port);
		new OperatorApi(this.managementPort, OPERATOR).revokeAllSessions();
		witness.focus();
		witness.clearEvents();
	}

	@Test
	void anotherPrincipalCannotAnswerOrUseAStreamableSession() {
		String session = openStreamable(ALICE);
		RawMcp.Events call = this.mcp.stream("/mcp", ALICE, session, click(2, 100, 100));
		String elicitationId = elicitationId(call);

		assertRefused(this.mcp.post(BOB, session, approve(elicitationId)));
		assertRefused(this.mcp.post(BOB, session, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\","
				+ "\"params\":{\"requestId\":2,\"reason\":\"bob\"}}"));
		assertRefused(this.mcp.post(BOB, session, "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"ping\"}"));
		assertRefused(this.mcp.post(BOB, session, click(8, 120, 100)));
		assertRefused(this.mcp.send("GET", "/mcp", BOB, session));
		assertRefused(this.mcp.send("DELETE", "/mcp", BOB, session));

		// Nothing Bob sent reached the session: Alice's click still waits, and her own
		// answer decides it.
		assertThat(call.poll(QUIET)).isNull();
		assertNoClick();
		assertThat(this.mcp.post(ALICE, session, deny(elicitationId)).statusCode()).isEqualTo(202);
		String result = call.await((data) -> data.contains("\"id\":2"), WAIT);
		assertThat(result).contains("\"isError\":true", "E_DENIED");
		assertNoClick();

		// The session is still Alice's and still works for her.
		HttpResponse<String> ping = this.mcp.post(ALICE, session, "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"ping\"}");
		assertThat(ping.statusCode()).isEqualTo(200);
		assertThat(this.mcp.send("DELETE", "/mcp", ALICE, session).statusCode()).isEqualTo(200);
		// Once ended, the session is gone for everyone.
		assertThat(this.mcp.post(ALICE, session, "{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"ping\"}").statusCode())
			.isEqualTo(404);
	}

	@Test
	void theOwnerOfAStreamableSessionApprovesAndTheClickRuns() {
		String session = openStreamable(ALICE);
		RawMcp.Events call = this.mcp.stream("/mcp", ALICE, session, click(2, 140, 100));
		String elicitationId = elicitationId(call);
		assertThat(this.mcp.post(ALICE, session, approve(elicitationId)).statusCode()).isEqualTo(202);
		String result = call.await((data) -> data.contains("\"id\":2"), WAIT);
		assertThat(result).doesNotContain("\"isError\":true");
		witness.awaitEvent((e) -> e.startsWith("PRESS"), WAIT);
	}

	@Test
	void anotherPrincipalCannotAnswerOrUseALegacySession() {
		RawMcp.Events stream = this.mcp.stream("/sse", ALICE, null, null);
		String endpoint = stream.await((data) -> data.contains("sessionId="), WAIT);
		assertThat(this.mcp.postLegacy(ALICE, endpoint, RawMcp.initialize(1)).statusCode()).isEqualTo(200);
		stream.await((data) -> data.contains("\"id\":1"), WAIT);
		assertThat(this.mcp.postLegacy(ALICE, endpoint, RawMcp.initialized()).statusCode()).isEqualTo(200);
		// The legacy transport runs the tool on the POST's thread: the POST answers when
		// the click is decided.
		CompletableFuture<HttpResponse<String>> callPost = CompletableFuture
			.supplyAsync(() -> this.mcp.postLegacy(ALICE, endpoint, click(2, 160, 100)));
		String elicitationId = elicitationId(stream);

		assertRefused(this.mcp.postLegacy(BOB, endpoint, approve(elicitationId)));
		assertRefused(this.mcp.postLegacy(BOB, endpoint, "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"ping\"}"));
		assertRefused(this.mcp.postLegacy(BOB, endpoint, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\","
				+ "\"params\":{\"requestId\":2,\"reason\":\"bob\"}}"));

		assertThat(stream.poll(QUIET)).isNull();
		assertNoClick();
		assertThat(this.mcp.postLegacy(ALICE, endpoint, deny(elicitationId)).statusCode()).isEqualTo(200);
		String result = stream.await((data) -> data.contains("\"id\":2"), WAIT);
		assertThat(result).contains("\"isError\":true", "E_DENIED");
		assertThat(callPost.join().statusCode()).isEqualTo(200);
		assertNoClick();
		assertThat(
				this.mcp.postLegacy(ALICE, endpoint, "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"ping\"}").statusCode())
			.isEqualTo(200);
		stream.await((data) -> data.contains("\"id\":3"), WAIT);
	}

	private String openStreamable(String token) {
		HttpResponse<String> initialize = this.mcp.post(token, null, RawMcp.initialize(1));
		assertThat(initialize.statusCode()).isEqualTo(200);
		String session = initialize.headers().firstValue(RawMcp.SESSION_HEADER).orElseThrow();
		assertThat(this.mcp.post(token, session, RawMcp.initialized()).statusCode()).isEqualTo(202);
		return session;
	}

	private static String elicitationId(RawMcp.Events events) {
		String request = events.await((data) -> data.contains("\"elicitation/create\""), WAIT);
		JsonNode id = json.readTree(request).get("id");
		return id.isString() ? "\"" + id.asString() + "\"" : id.toString();
	}

	private static void assertRefused(HttpResponse<String> response) {
		assertThat(response.statusCode()).as(response.body()).isIn(403, 404);
	}

	private static void assertNoClick() {
		Pause.of(QUIET);
		assertThat(witness.events()).noneMatch((e) -> e.startsWith("PRESS"));
	}

	private static String click(int id, int dx, int dy) {
		List<Integer> point = imagePoint(dx, dy);
		return """
				{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":"left_click",\
				"arguments":{"coordinate":[%d,%d]}}}""".formatted(id, point.get(0), point.get(1));
	}

	private static String approve(String id) {
		return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"result\":{\"action\":\"accept\","
				+ "\"content\":{\"decision\":\"approve\",\"scope\":\"session\"}}}";
	}

	private static String deny(String id) {
		return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"result\":{\"action\":\"accept\","
				+ "\"content\":{\"decision\":\"deny\",\"scope\":\"once\"}}}";
	}

	private static List<Integer> imagePoint(int dx, int dy) {
		ScreenRect area = witness.bounds();
		return List.of((int) ((area.x() + dx) / 1.5), (int) ((area.y() + dy) / 1.5));
	}

}
