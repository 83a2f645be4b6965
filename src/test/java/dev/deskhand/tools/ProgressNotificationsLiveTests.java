package dev.deskhand.tools;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema.CallToolRequest;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.modelcontextprotocol.spec.McpSchema.ProgressNotification;
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
import dev.deskhand.testing.TestDesktop;
import dev.deskhand.testing.witness.WitnessWindow;

import static dev.deskhand.mcp.McpTestClients.text;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * MCP progress notifications on long calls, through the official MCP Java SDK client:
 * sent while a {@code wait}, a {@code hold_key}, a long {@code type} or an approval runs,
 * when the request carries a progress token, and never without one.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "management.server.port=0", "deskhand.display.managed=false",
				"deskhand.approval.policies.keyboard=allow", "deskhand.approval.ask-timeout=30s",
				"deskhand.security.operator-token=" + ProgressNotificationsLiveTests.OPERATOR_TOKEN })
class ProgressNotificationsLiveTests {

	static final String OPERATOR_TOKEN = "progress-operator-token";

	private static final Duration WAIT = Duration.ofSeconds(10);

	@TempDir
	static Path auditDir;

	private static WitnessWindow witness;

	@LocalServerPort
	private int port;

	@LocalManagementPort
	private int managementPort;

	private final List<ProgressNotification> notifications = new CopyOnWriteArrayList<>();

	private McpSyncClient client;

	@DynamicPropertySource
	static void properties(DynamicPropertyRegistry registry) {
		registry.add("deskhand.display.name", () -> TestDesktop.shared().display());
		registry.add("deskhand.audit.file", () -> auditDir.resolve("audit.jsonl").toString());
	}

	@BeforeAll
	static void openWitness() {
		witness = WitnessWindow.open(TestDesktop.shared(), "Deskhand progress witness", 320, 220, 700, 400);
	}

	@AfterAll
	static void closeWitness() {
		if (witness != null) {
			witness.close();
		}
	}

	@BeforeEach
	void connect() {
		this.client = McpTestClients.customized(this.port, "progress-test",
				(spec) -> spec.progressConsumer(this.notifications::add));
		witness.focus();
		witness.clearEvents();
	}

	@AfterEach
	void disconnect() {
		new OperatorApi(this.managementPort, OPERATOR_TOKEN).revokeAllSessions();
		this.client.closeGracefully();
	}

	@Test
	void aWaitWithATokenReportsTheSecondsGoneBy() {
		CallToolResult result = call("wait", Map.of("duration", 2.5), "wait-token");
		assertThat(result.isError()).as(text(result)).isNotEqualTo(Boolean.TRUE);

		List<ProgressNotification> seen = awaitNotifications(2);
		assertThat(seen).allSatisfy((n) -> {
			assertThat(n.progressToken()).isEqualTo("wait-token");
			assertThat(n.total()).isEqualTo(2.5);
			assertThat(n.message()).startsWith("waited ").endsWith(" of 2.5 s");
		});
		assertThat(seen.get(0).progress()).isZero();
		assertIncreasing(seen);
	}

	@Test
	void withoutATokenThereIsNoProgress() {
		CallToolResult result = this.client.callTool(new CallToolRequest("wait", Map.of("duration", 1.5)));
		assertThat(result.isError()).as(text(result)).isNotEqualTo(Boolean.TRUE);
		Pause.of(Duration.ofMillis(500));
		assertThat(this.notifications).isEmpty();
	}

	@Test
	void aHeldKeyReportsTheHoldAndIsReleased() {
		CallToolResult result = call("hold_key", Map.of("text", "shift", "duration", 2), "hold-token");
		assertThat(result.isError()).as(text(result)).isNotEqualTo(Boolean.TRUE);
		witness.awaitEvent((e) -> e.startsWith("KEYUP") && e.contains("code=Shift"), WAIT);

		List<ProgressNotification> seen = awaitNotifications(2);
		assertThat(seen).allSatisfy((n) -> assertThat(n.message()).startsWith("hold_key: ").endsWith(" of 2.0 s"));
		assertIncreasing(seen);
		assertThat(TestDesktop.shared().keysDown()).isEmpty();
	}

	@Test
	void aLongTypeReportsEachChunkAndTypesEverything() {
		String text = "0123456789abcdefghijklmnopqrstuvwxyz".repeat(7).substring(0, 250);
		CallToolResult result = call("type", Map.of("text", text), 42);
		assertThat(result.isError()).as(text(result)).isNotEqualTo(Boolean.TRUE);
		witness.awaitText(text, WAIT);

		List<ProgressNotification> seen = awaitNotifications(4);
		assertThat(seen).extracting(ProgressNotification::message)
			.containsExactly("typed 0 of 250 characters", "typed 100 of 250 characters", "typed 200 of 250 characters",
					"typed 250 of 250 characters");
		assertThat(seen).allSatisfy((n) -> assertThat(n.total()).isEqualTo(250.0));
		assertIncreasing(seen);
	}

	@Test
	void anApprovalWaitSaysWhatItWaitsFor() throws Exception {
		// Pointer input asks by default; this client cannot elicit, so the operator must
		// answer.
		CompletableFuture<CallToolResult> click = CompletableFuture
			.supplyAsync(() -> call("left_click", Map.of("coordinate", List.of(300, 250)), "approval-token"));
		ProgressNotification waiting = awaitNotifications(1).get(0);
		assertThat(waiting.progressToken()).isEqualTo("approval-token");
		assertThat(waiting.message()).startsWith("waiting for an operator to approve pointer input (left-click at ")
			.endsWith("): http://127.0.0.1:" + this.managementPort + "/actuator/console");
		assertThat(waiting.total()).isEqualTo(30.0);

		OperatorApi operator = new OperatorApi(this.managementPort, OPERATOR_TOKEN);
		String pending = operator.get("/actuator/approvals").body();
		String id = pending.replaceAll("(?s).*\"id\":\"(a\\d+)\".*", "$1");
		operator.send("POST", "/actuator/approvals/" + id, "{\"decision\":\"deny\"}");
		assertThat(text(click.get(10, TimeUnit.SECONDS))).startsWith("E_DENIED: ");
		// Answered: the ticker stops.
		int count = this.notifications.size();
		Pause.of(ApprovalProgressChannel.PERIOD.plusMillis(500));
		assertThat(this.notifications).hasSize(count);
	}

	private CallToolResult call(String tool, Map<String, Object> arguments, Object progressToken) {
		return this.client
			.callTool(CallToolRequest.builder().name(tool).arguments(arguments).progressToken(progressToken).build());
	}

	// in the order of their progress: the SDK's sync client hands each notification to
	// the consumer on a thread of Reactor's elastic pool, so two sent 100 ms apart can
	// reach the list in either order (CI: "typed 100" before "typed 0"); that the server
	// never sends a step back is ProgressTests'
	private List<ProgressNotification> awaitNotifications(int count) {
		long deadline = System.nanoTime() + WAIT.toNanos();
		while (this.notifications.size() < count) {
			if (System.nanoTime() > deadline) {
				throw new AssertionError("expected " + count + " progress notifications, got " + this.notifications);
			}
			Pause.of(Duration.ofMillis(20));
		}
		return this.notifications.stream()
			.sorted(java.util.Comparator.comparingDouble(ProgressNotification::progress))
			.toList();
	}

	private static void assertIncreasing(List<ProgressNotification> seen) {
		for (int i = 1; i < seen.size(); i++) {
			assertThat(seen.get(i).progress()).as("progress %d of %s", i, seen)
				.isGreaterThan(seen.get(i - 1).progress());
		}
	}

}
