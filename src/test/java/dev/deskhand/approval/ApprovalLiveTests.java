package dev.deskhand.approval;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalManagementPort;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import dev.deskhand.mcp.McpTestClients;
import dev.deskhand.testing.OperatorApi;
import dev.deskhand.testing.Pause;
import dev.deskhand.testing.ScreenRect;
import dev.deskhand.testing.TestDesktop;
import dev.deskhand.testing.witness.WitnessWindow;

import static dev.deskhand.mcp.McpTestClients.answer;
import static dev.deskhand.mcp.McpTestClients.call;
import static dev.deskhand.mcp.McpTestClients.text;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Human control, live: default policies (pointer and keyboard ask, system keys deny), a
 * real MCP client answering elicitation, the operator API on the management port, the
 * failsafe chord held by another process, and a witness window that must see nothing of
 * what was refused.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "management.server.port=0", "deskhand.display.managed=false", "deskhand.approval.ask-timeout=3s",
				"deskhand.input.lease-idle=60s",
				"deskhand.security.operator-token=" + ApprovalLiveTests.OPERATOR_TOKEN })
class ApprovalLiveTests {

	static final String OPERATOR_TOKEN = "approval-live-operator-token";

	private static final Duration WAIT = Duration.ofSeconds(10);

	// How long a refused action gets to (wrongly) show up at the witness before we call
	// it absent.
	private static final Duration QUIET = Duration.ofMillis(700);

	@TempDir
	static Path auditDir;

	private static WitnessWindow witness;

	@LocalServerPort
	private int port;

	@LocalManagementPort
	private int managementPort;

	private final HttpClient http = HttpClient.newHttpClient();

	private final AtomicInteger elicitations = new AtomicInteger();

	private McpSyncClient client;

	@DynamicPropertySource
	static void properties(DynamicPropertyRegistry registry) {
		registry.add("deskhand.display.name", () -> TestDesktop.shared().display());
		registry.add("deskhand.audit.file", () -> auditDir.resolve("audit.jsonl").toString());
	}

	@BeforeAll
	static void openWitness() {
		witness = WitnessWindow.open(TestDesktop.shared(), "Deskhand approval witness", 250, 150, 800, 500);
	}

	@AfterAll
	static void closeWitness() {
		if (witness != null) {
			witness.close();
		}
	}

	@BeforeEach
	void prepare() throws Exception {
		operator("POST", "/actuator/failsafe", "{\"action\":\"reset\"}");
		witness.focus();
		witness.clearEvents();
	}

	@AfterEach
	void disconnect() throws Exception {
		if (this.client != null) {
			new OperatorApi(this.managementPort, OPERATOR_TOKEN).revokeAllSessions();
			this.client.closeGracefully();
		}
	}

	@Test
	void approvedOnceRunsAndAsksAgainNextTime() {
		this.client = elicitingClient("approve", "once");
		assertThat(click(100, 100).isError()).isNotEqualTo(Boolean.TRUE);
		witness.awaitEvent((e) -> e.startsWith("PRESS"), WAIT);
		assertThat(click(110, 100).isError()).isNotEqualTo(Boolean.TRUE);
		assertThat(this.elicitations.get()).isEqualTo(2);
		// The witness logs a click a little after the call returns; wait for it here, or
		// it lands in
		// the next test's events (a CI run saw this click as a "denied" test's press).
		witness.awaitEvents((e) -> e.startsWith("PRESS"), 2, WAIT);
	}

	@Test
	void approvedForTheSessionAsksOnce() {
		this.client = elicitingClient("approve", "session");
		click(100, 120);
		click(120, 120);
		witness.awaitEvents((e) -> e.startsWith("PRESS"), 2, WAIT);
		assertThat(this.elicitations.get()).isEqualTo(1);
		String grants = list("list_granted_applications");
		assertThat(grants).contains("\"pointer\":{\"policy\":\"ask\",\"granted_until\":\"");
	}

	@Test
	void declinedIsDeniedAndNothingHappens() {
		this.client = elicitingClient("deny", "once");
		CallToolResult result = click(100, 140);
		assertThat(result.isError()).isTrue();
		assertThat(text(result)).startsWith("E_DENIED: ").contains("nothing happened");
		assertNothingArrives();
	}

	@Test
	void anUnansweredAskExpiresAsADeny() {
		this.client = McpTestClients.streamable(this.port, "slow-human", (request) -> {
			this.elicitations.incrementAndGet();
			Pause.of(Duration.ofSeconds(5));
			return answer("approve", "once");
		});
		CallToolResult result = click(100, 160);
		assertThat(text(result)).startsWith("E_DENIED: ").contains("nobody answered");
		assertNothingArrives();
	}

	@Test
	void withoutElicitationTheOperatorAnswers() throws Exception {
		this.client = McpTestClients.streamable(this.port);
		CompletableFuture<CallToolResult> clicked = CompletableFuture.supplyAsync(() -> click(100, 180));
		String pending = awaitPendingApproval();
		assertThat(pending).contains("\"tool\":\"left_click\"", "\"capabilities\":[\"pointer\"]", "left-click at");
		String id = pending.replaceAll("(?s).*\"id\":\"(a\\d+)\".*", "$1");
		HttpResponse<String> decided = operator("POST", "/actuator/approvals/" + id,
				"{\"decision\":\"approve\",\"scope\":\"once\"}");
		assertThat(decided.statusCode()).isEqualTo(200);
		assertThat(clicked.get(10, TimeUnit.SECONDS).isError()).isNotEqualTo(Boolean.TRUE);
		witness.awaitEvent((e) -> e.startsWith("PRESS"), WAIT);

		CompletableFuture<CallToolResult> denied = CompletableFuture.supplyAsync(() -> click(100, 200));
		String second = awaitPendingApproval();
		String secondId = second.replaceAll("(?s).*\"id\":\"(a\\d+)\".*", "$1");
		witness.clearEvents();
		operator("POST", "/actuator/approvals/" + secondId, "{\"decision\":\"deny\"}");
		assertThat(text(denied.get(10, TimeUnit.SECONDS))).startsWith("E_DENIED: ").contains("operator");
		assertNothingArrives();
	}

	@Test
	void theOperatorApiNeedsTheOperatorToken() throws Exception {
		HttpRequest anonymous = HttpRequest.newBuilder(management("/actuator/approvals")).build();
		assertThat(this.http.send(anonymous, HttpResponse.BodyHandlers.discarding()).statusCode()).isIn(401, 403);
		HttpRequest wrong = HttpRequest.newBuilder(management("/actuator/failsafe"))
			.header("Authorization", "Bearer not-the-operator")
			.header("Content-Type", "application/json")
			.POST(HttpRequest.BodyPublishers.ofString("{\"action\":\"trip\"}"))
			.build();
		assertThat(this.http.send(wrong, HttpResponse.BodyHandlers.discarding()).statusCode()).isIn(401, 403);
		assertThat(operator("GET", "/actuator/failsafe", null).body()).contains("\"tripped\":false");
	}

	@Test
	void systemKeysAreDeniedByPolicy() {
		this.client = elicitingClient("approve", "session");
		CallToolResult result = call(this.client, "key", Map.of("text", "alt+F4"));
		assertThat(text(result)).startsWith("E_DENIED: ").contains("system_keys");
		assertThat(this.elicitations.get()).isZero();
		assertNothingArrives();
	}

	@Test
	void appScopeRefusesInputIntoAnotherAppsWindow() {
		this.client = elicitingClient("approve", "session");
		CallToolResult access = call(this.client, "request_access",
				Map.of("apps", List.of("xterm"), "reason", "edit a file in the terminal"));
		assertThat(access.isError()).as(text(access)).isNotEqualTo(Boolean.TRUE);
		assertThat(text(access)).contains("\"apps\":[\"xterm\"]");
		assertThat(this.elicitations.get()).isEqualTo(1);
		witness.focus();
		witness.clearEvents();
		CallToolResult result = click(100, 220);
		assertThat(text(result)).startsWith("E_NOT_GRANTED: ").contains("xterm");
		CallToolResult typed = call(this.client, "type", Map.of("text", "nope"));
		assertThat(text(typed)).startsWith("E_NOT_GRANTED: ");
		assertNothingArrives();
	}

	@Test
	void theHumanReadsAnAgentsReasonWithItsBidiAndInvisibleCharactersSpelledOut() {
		java.util.concurrent.atomic.AtomicReference<String> shown = new java.util.concurrent.atomic.AtomicReference<>();
		this.client = McpTestClients.streamable(this.port, "approval-test", (request) -> {
			shown.set(request.message());
			return answer("deny", "once");
		});
		// on screen "\u202E" would turn "gnikcuf" around: the human would approve a
		// sentence that is not there
		CallToolResult access = call(this.client, "request_access",
				Map.of("apps", List.of("x\u200Bterm"), "reason", "tidy up \u202Eelif eht eteled"));

		assertThat(text(access)).startsWith("E_DENIED");
		assertThat(shown.get()).contains("[x\\u{200B}term]")
			.contains("because: tidy up \\u{202E}elif eht eteled")
			.doesNotContain("\u202E")
			.doesNotContain("\u200B");
	}

	@Test
	void oneSessionHoldsTheInputUntilTheOperatorRevokesIt() throws Exception {
		this.client = elicitingClient("approve", "session");
		McpSyncClient other = McpTestClients.streamable(this.port, "other-agent",
				(request) -> answer("approve", "session"));
		try {
			assertThat(click(100, 240).isError()).isNotEqualTo(Boolean.TRUE);
			witness.awaitEvent((e) -> e.startsWith("PRESS"), WAIT);
			CallToolResult busy = call(other, "left_click", Map.of("coordinate", imagePoint(120, 240)));
			assertThat(text(busy)).startsWith("E_BUSY: ").contains("holds the input");
			// Observation is never blocked by the lease.
			assertThat(call(other, "screenshot", Map.of()).isError()).isNotEqualTo(Boolean.TRUE);

			String holder = operator("GET", "/actuator/deskhand", null).body()
				.replaceAll("(?s).*\"lease_holder\":\"(s-[0-9a-f]+)\".*", "$1");
			assertThat(operator("DELETE", "/actuator/grants/" + holder, null).statusCode()).isEqualTo(200);
			witness.clearEvents();
			assertThat(call(other, "left_click", Map.of("coordinate", imagePoint(140, 240))).isError())
				.isNotEqualTo(Boolean.TRUE);
			witness.awaitEvent((e) -> e.startsWith("PRESS"), WAIT);
		}
		finally {
			other.closeGracefully();
		}
	}

	@Test
	void theChordHeldOnTheRealKeyboardTripsTheFailsafe() throws Exception {
		this.client = elicitingClient("approve", "session");
		TestDesktop desktop = TestDesktop.shared();
		try {
			desktop.run(WAIT, "xdotool", "keydown", "ctrl+alt+Escape").requireSuccess();
			awaitBody("/actuator/failsafe", "\"tripped\":true");
		}
		finally {
			desktop.run(WAIT, "xdotool", "keyup", "ctrl+alt+Escape");
		}
		witness.focus();
		witness.clearEvents();
		CallToolResult refused = click(100, 260);
		assertThat(text(refused)).startsWith("E_FAILSAFE: ");
		assertNothingArrives();
		// The cooldown holds on its own; an operator re-arms it.
		assertThat(operator("GET", "/actuator/failsafe", null).body()).contains("\"tripped\":true");
		operator("POST", "/actuator/failsafe", "{\"action\":\"reset\"}");
		assertThat(click(100, 260).isError()).isNotEqualTo(Boolean.TRUE);
		witness.awaitEvent((e) -> e.startsWith("PRESS"), WAIT);
	}

	@Test
	void aTripStopsALongHoldAndReleasesItsKeys() throws Exception {
		this.client = elicitingClient("approve", "session");
		CompletableFuture<CallToolResult> hold = CompletableFuture
			.supplyAsync(() -> call(this.client, "hold_key", Map.of("text", "shift", "duration", 30)));
		witness.awaitEvent((e) -> e.startsWith("KEYDOWN") && e.contains("code=Shift"), WAIT);
		operator("POST", "/actuator/failsafe", "{\"action\":\"trip\"}");
		// Far sooner than the 30 s hold: the trip interrupted it.
		CallToolResult result = hold.get(5, TimeUnit.SECONDS);
		assertThat(text(result)).startsWith("E_FAILSAFE: ");
		witness.awaitEvent((e) -> e.startsWith("KEYUP") && e.contains("code=Shift"), WAIT);
		assertThat(TestDesktop.shared().keysDown()).isEmpty();
	}

	@Test
	void decisionsAndActionsAreAuditedWithTypedTextRedacted() throws Exception {
		this.client = elicitingClient("approve", "session");
		String secret = "correct horse battery staple";
		assertThat(call(this.client, "type", Map.of("text", secret)).isError()).isNotEqualTo(Boolean.TRUE);
		String events = operator("GET", "/actuator/auditevents", null).body();
		assertThat(events).contains("approval-asked", "approval-granted", "input-action");
		assertThat(events).doesNotContain(secret);
		String file = Files.readString(auditDir.resolve("audit.jsonl"), StandardCharsets.UTF_8);
		assertThat(file).contains("\"input-action\"").doesNotContain(secret);
		assertThat(operator("GET", "/actuator/auditchain", null).body()).contains("\"valid\":true");
	}

	private McpSyncClient elicitingClient(String decision, String scope) {
		return McpTestClients.streamable(this.port, "approval-test", (request) -> {
			this.elicitations.incrementAndGet();
			return answer(decision, scope);
		});
	}

	private CallToolResult click(int dx, int dy) {
		return call(this.client, "left_click", Map.of("coordinate", imagePoint(dx, dy)));
	}

	private static List<Integer> imagePoint(int dx, int dy) {
		ScreenRect area = witness.bounds();
		return List.of((int) ((area.x() + dx) / 1.5), (int) ((area.y() + dy) / 1.5));
	}

	private String list(String tool) {
		return text(call(this.client, tool, Map.of()));
	}

	private static void assertNothingArrives() {
		Pause.of(QUIET);
		assertThat(witness.events()).noneMatch(
				(e) -> e.startsWith("PRESS") || e.startsWith("KEYDOWN") || e.startsWith("TEXT") && !e.equals("TEXT "));
		assertThat(TestDesktop.shared().keysDown()).isEmpty();
	}

	private String awaitPendingApproval() throws Exception {
		return awaitBody("/actuator/approvals", "\"id\":\"a");
	}

	private String awaitBody(String path, String expected) throws Exception {
		long deadline = System.nanoTime() + WAIT.toNanos();
		while (true) {
			String body = operator("GET", path, null).body();
			if (body.contains(expected)) {
				return body;
			}
			if (System.nanoTime() > deadline) {
				throw new AssertionError(path + " never showed " + expected + ": " + body);
			}
			Pause.of(Duration.ofMillis(50));
		}
	}

	private HttpResponse<String> operator(String method, String path, String json) {
		return new OperatorApi(this.managementPort, OPERATOR_TOKEN).send(method, path, json);
	}

	private URI management(String path) {
		return URI.create("http://127.0.0.1:" + this.managementPort + path);
	}

}
