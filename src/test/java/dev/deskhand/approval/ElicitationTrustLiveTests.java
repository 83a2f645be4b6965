package dev.deskhand.approval;

import java.io.IOException;
import java.io.UncheckedIOException;
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
 * Who may approve, live: token agents whose real MCP clients approve every elicitation
 * "for the session", as any headless agent loop can. {@code robot} is not in
 * {@code deskhand.approval.elicitation-agents}: its clicks reach the witness only when
 * the operator approves them, and otherwise end denied at the ask timeout.
 * {@code desk-app} is listed: its client's answer counts.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "management.server.port=0", "deskhand.display.managed=false", "deskhand.approval.ask-timeout=2s",
				"deskhand.input.lease-idle=60s", "deskhand.approval.elicitation-agents=desk-app",
				"deskhand.security.operator-token=" + ElicitationTrustLiveTests.OPERATOR_TOKEN,
				"deskhand.security.agent-tokens[0].name=robot",
				"deskhand.security.agent-tokens[0].token=" + ElicitationTrustLiveTests.ROBOT_TOKEN,
				"deskhand.security.agent-tokens[1].name=desk-app",
				"deskhand.security.agent-tokens[1].token=" + ElicitationTrustLiveTests.DESK_APP_TOKEN })
class ElicitationTrustLiveTests {

	static final String OPERATOR_TOKEN = "elicitation-trust-operator-token";

	static final String ROBOT_TOKEN = "elicitation-trust-robot-token";

	static final String DESK_APP_TOKEN = "elicitation-trust-desk-app-token";

	private static final Duration WAIT = Duration.ofSeconds(10);

	// How long a refused click gets to (wrongly) show up at the witness.
	private static final Duration QUIET = Duration.ofMillis(700);

	@TempDir
	static Path auditDir;

	private static WitnessWindow witness;

	@LocalServerPort
	private int port;

	@LocalManagementPort
	private int managementPort;

	private final AtomicInteger elicitations = new AtomicInteger();

	private McpSyncClient client;

	// The audit file's length when the test began: each test reads only its own records.
	private int auditStart;

	@DynamicPropertySource
	static void properties(DynamicPropertyRegistry registry) {
		registry.add("deskhand.display.name", () -> TestDesktop.shared().display());
		registry.add("deskhand.audit.file", () -> auditDir.resolve("audit.jsonl").toString());
	}

	@BeforeAll
	static void openWitness() {
		witness = WitnessWindow.open(TestDesktop.shared(), "Deskhand elicitation trust witness", 250, 150, 800, 500);
	}

	@AfterAll
	static void closeWitness() {
		if (witness != null) {
			witness.close();
		}
	}

	@BeforeEach
	void prepare() {
		operator().send("POST", "/actuator/failsafe", "{\"action\":\"reset\"}");
		witness.focus();
		witness.clearEvents();
		this.auditStart = auditFile().length();
	}

	@AfterEach
	void disconnect() {
		if (this.client != null) {
			operator().revokeAllSessions();
			this.client.closeGracefully();
		}
	}

	@Test
	void anAgentWhoseClientApprovesEverythingCannotApproveItsOwnClick() {
		this.client = approvingEverything("robot-loop", ROBOT_TOKEN);
		CallToolResult result = click(100, 100);
		assertThat(text(result)).startsWith("E_DENIED: ")
			.contains("nobody answered")
			.contains("only an operator answers the requests of agent 'robot'")
			.containsPattern("on the console http://127\\.0\\.0\\.1:\\d+/actuator/console or with POST "
					+ "http://127\\.0\\.0\\.1:\\d+/actuator/approvals/a\\d+");
		assertNothingArrives();
		assertThat(this.elicitations.get()).as("elicitations sent to an untrusted agent's client").isZero();
		assertThat(audit()).contains("\"approval-expired\"", "\"by\":\"timeout\"").doesNotContain("approval-granted");
	}

	@Test
	void theOperatorApprovesAnUntrustedAgentsClick() throws Exception {
		this.client = approvingEverything("robot-loop", ROBOT_TOKEN);
		CompletableFuture<CallToolResult> clicked = CompletableFuture.supplyAsync(() -> click(100, 140));
		String pending = awaitPendingApproval();
		assertThat(pending).contains("\"principal\":\"robot\"", "\"approvers\":[\"operator\"]");
		String id = pending.replaceAll("(?s).*\"id\":\"(a\\d+)\".*", "$1");
		assertThat(operator().send("POST", "/actuator/approvals/" + id, "{\"decision\":\"approve\",\"scope\":\"once\"}")
			.statusCode()).isEqualTo(200);
		CallToolResult result = clicked.get(WAIT.toSeconds(), TimeUnit.SECONDS);
		assertThat(result.isError()).as(text(result)).isNotEqualTo(Boolean.TRUE);
		witness.awaitEvent((e) -> e.startsWith("PRESS"), WAIT);
		assertThat(this.elicitations.get()).isZero();
		assertThat(audit()).contains("\"approval-granted\"", "\"by\":\"operator\"");
	}

	@Test
	void anAgentListedInElicitationAgentsIsAskedThroughItsClient() {
		this.client = approvingEverything("desk-app", DESK_APP_TOKEN);
		CallToolResult result = click(100, 180);
		assertThat(result.isError()).as(text(result)).isNotEqualTo(Boolean.TRUE);
		witness.awaitEvent((e) -> e.startsWith("PRESS"), WAIT);
		assertThat(this.elicitations.get()).isEqualTo(1);
		assertThat(audit()).contains("\"by\":\"elicitation\"");
	}

	private McpSyncClient approvingEverything(String name, String token) {
		return McpTestClients.streamableWithToken(this.port, name, token, (request) -> {
			this.elicitations.incrementAndGet();
			return answer("approve", "session");
		});
	}

	private CallToolResult click(int dx, int dy) {
		return call(this.client, "left_click", Map.of("coordinate", imagePoint(dx, dy)));
	}

	private static List<Integer> imagePoint(int dx, int dy) {
		ScreenRect area = witness.bounds();
		return List.of((int) ((area.x() + dx) / 1.5), (int) ((area.y() + dy) / 1.5));
	}

	private static void assertNothingArrives() {
		Pause.of(QUIET);
		assertThat(witness.events()).noneMatch((e) -> e.startsWith("PRESS") || e.startsWith("RELEASE"));
	}

	private String awaitPendingApproval() {
		long deadline = System.nanoTime() + WAIT.toNanos();
		while (true) {
			String body = operator().get("/actuator/approvals").body();
			if (body.contains("\"id\":\"a")) {
				return body;
			}
			if (System.nanoTime() > deadline) {
				throw new AssertionError("no pending approval: " + body);
			}
			Pause.of(Duration.ofMillis(50));
		}
	}

	private String audit() {
		return auditFile().substring(this.auditStart);
	}

	private static String auditFile() {
		Path file = auditDir.resolve("audit.jsonl");
		try {
			return Files.exists(file) ? Files.readString(file, StandardCharsets.UTF_8) : "";
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private OperatorApi operator() {
		return new OperatorApi(this.managementPort, OPERATOR_TOKEN);
	}

}
