package dev.deskhand.approval;

import java.net.Socket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import io.modelcontextprotocol.client.McpSyncClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalManagementPort;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import dev.deskhand.mcp.McpTestClients;
import dev.deskhand.mcp.RawMcpSession;
import dev.deskhand.testing.OperatorApi;
import dev.deskhand.testing.Pause;
import dev.deskhand.testing.ScreenRect;
import dev.deskhand.testing.TestDesktop;
import dev.deskhand.testing.witness.WitnessExtension;

import static dev.deskhand.mcp.McpTestClients.call;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * An approval does not outlive its caller. A click waits for the operator (pointer asks,
 * the client has no elicitation, the ask waits 60 s); its client cancels the call, ends
 * its session or closes the connection the call waits on; the card leaves the operator
 * API, approving it then answers 404, and the witness window sees no click. Before, the
 * card stayed and approving it clicked for a client that was gone.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "management.server.port=0", "deskhand.display.managed=false",
				"deskhand.approval.ask-timeout=60s",
				"deskhand.security.operator-token=" + WithdrawnApprovalLiveTests.OPERATOR_TOKEN })
class WithdrawnApprovalLiveTests {

	static final String OPERATOR_TOKEN = "withdrawn-approval-operator-token";

	private static final JsonMapper JSON = JsonMapper.builder().build();

	// Generous: "does not hang", never a speed claim; far below the ask's 60 s.
	private static final Duration BOUND = Duration.ofSeconds(10);

	// How long a withdrawn click gets to (wrongly) show up at the WITNESS.window().
	private static final Duration QUIET = Duration.ofMillis(700);

	@TempDir
	static Path auditDir;

	@RegisterExtension
	static final WitnessExtension WITNESS = WitnessExtension.on(TestDesktop::shared,
			"Deskhand withdrawn approval witness", 250, 150, 800, 500);

	@LocalServerPort
	private int port;

	@LocalManagementPort
	private int managementPort;

	@DynamicPropertySource
	static void properties(DynamicPropertyRegistry registry) {
		registry.add("deskhand.display.name", () -> TestDesktop.shared().display());
		registry.add("deskhand.audit.file", () -> auditDir.resolve("audit.jsonl").toString());
	}

	@Test
	void aCancelledClicksApprovalIsWithdrawn() {
		try (RawMcpSession client = RawMcpSession.open(this.port, "withdraw-cancel-test")) {
			CompletableFuture<String> clicked = client.call(3, "left_click",
					"{\"coordinate\":" + imagePoint(100, 180) + "}");
			String id = awaitCard();
			assertThat(client.cancel(3, "the user pressed stop")).isEqualTo(202);

			awaitNoCard(id);
			assertThat(approve(id)).isEqualTo(404);
			assertThat(clicked.orTimeout(BOUND.toMillis(), TimeUnit.MILLISECONDS).join()).contains("withdrawn");
			assertNothingArrives();
			assertThat(auditTypes()).contains("approval-withdrawn");
		}
	}

	@Test
	void aClicksApprovalIsWithdrawnWhenItsClientEndsTheSession() {
		McpSyncClient client = McpTestClients.streamable(this.port);
		CompletableFuture<?> clicked = CompletableFuture
			.supplyAsync(() -> call(client, "left_click", Map.of("coordinate", List.of(x(120), y(200)))));
		String id = awaitCard();
		client.closeGracefully();

		awaitNoCard(id);
		assertThat(approve(id)).isEqualTo(404);
		clicked.handle((answer, failure) -> null).orTimeout(BOUND.toMillis(), TimeUnit.MILLISECONDS).join();
		assertNothingArrives();
	}

	@Test
	void aClicksApprovalIsWithdrawnWhenItsClientHangsUp() throws Exception {
		try (RawMcpSession client = RawMcpSession.open(this.port, "withdraw-hang-up-test")) {
			Socket call = client.callOnItsOwnConnection(4, "left_click",
					"{\"coordinate\":" + imagePoint(140, 220) + "}");
			String id = awaitCard();
			call.close();

			awaitNoCard(id);
			assertThat(approve(id)).isEqualTo(404);
			assertNothingArrives();
			assertThat(auditTypes()).contains("approval-withdrawn");
		}
	}

	private String awaitCard() {
		JsonNode card = await().atMost(BOUND)
			.until(() -> approvals().path(0), (node) -> !node.isMissingNode() && !node.isNull());
		assertThat(card.path("tool").asString()).isEqualTo("left_click");
		return card.path("id").asString();
	}

	private void awaitNoCard(String id) {
		await().atMost(BOUND).until(() -> !operator().get("/actuator/approvals").body().contains("\"" + id + "\""));
	}

	private int approve(String id) {
		return operator().send("POST", "/actuator/approvals/" + id, "{\"decision\":\"approve\",\"scope\":\"once\"}")
			.statusCode();
	}

	private JsonNode approvals() {
		JsonNode body = JSON.readTree(operator().get("/actuator/approvals").body());
		return body.isArray() ? body : body.path("pending");
	}

	private static void assertNothingArrives() {
		Pause.of(QUIET);
		assertThat(WITNESS.window().events()).noneMatch((e) -> e.startsWith("PRESS") || e.startsWith("RELEASE"));
		assertThat(TestDesktop.shared().buttonsDownMask()).isZero();
	}

	// the tools' image coordinates are the screen's at 2/3 (ApprovalLiveTests)
	private static String imagePoint(int dx, int dy) {
		return "[" + x(dx) + "," + y(dy) + "]";
	}

	private static int x(int dx) {
		ScreenRect area = WITNESS.window().bounds();
		return (int) ((area.x() + dx) / 1.5);
	}

	private static int y(int dy) {
		ScreenRect area = WITNESS.window().bounds();
		return (int) ((area.y() + dy) / 1.5);
	}

	private List<String> auditTypes() {
		JsonNode events = JSON.readTree(operator().get("/actuator/auditevents").body()).path("events");
		List<String> types = new ArrayList<>();
		events.forEach((event) -> types.add(event.path("type").asString()));
		return types;
	}

	private OperatorApi operator() {
		return new OperatorApi(this.managementPort, OPERATOR_TOKEN);
	}

}
