package dev.deskhand.approval;

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
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.test.web.server.LocalManagementPort;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import dev.deskhand.mcp.McpTestClients;
import dev.deskhand.testing.OperatorApi;
import dev.deskhand.testing.Pause;
import dev.deskhand.testing.ScreenRect;
import dev.deskhand.testing.TestDesktop;
import dev.deskhand.testing.witness.WitnessExtension;
import dev.deskhand.testing.witness.WitnessWindow;

import static dev.deskhand.mcp.McpTestClients.text;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * What a client that cannot answer elicitation (the MCP Inspector CLI, say) and the
 * person watching the log see while its input call waits for an operator: a progress
 * message and a log line, each naming the console. Default policies (pointer and keyboard
 * ask), the official MCP Java SDK client declaring no elicitation, the operator API
 * deciding, and a witness window saying whether the click landed.
 */
@ExtendWith(OutputCaptureExtension.class)
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "management.server.port=0", "deskhand.display.managed=false",
				"deskhand.approval.ask-timeout=30s",
				"deskhand.security.operator-token=" + WaitingApprovalLiveTests.OPERATOR_TOKEN })
class WaitingApprovalLiveTests {

	static final String OPERATOR_TOKEN = "waiting-approval-operator-token";

	private static final Duration WAIT = Duration.ofSeconds(10);

	// How long a refused action gets to (wrongly) show up at the witness before we call
	// it absent.
	private static final Duration QUIET = Duration.ofMillis(700);

	@TempDir
	static Path auditDir;

	@RegisterExtension
	static final WitnessExtension WITNESS = WitnessExtension.on(TestDesktop::shared, "Deskhand waiting witness", 260,
			180, 700, 420);

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

	@BeforeEach
	void connect() {
		// No elicitation capability: as the Inspector CLI, this client cannot be asked.
		this.client = McpTestClients.customized(this.port, "inspector-like",
				(spec) -> spec.progressConsumer(this.notifications::add));
		operator().send("POST", "/actuator/failsafe", "{\"action\":\"reset\"}");
	}

	@AfterEach
	void disconnect() {
		operator().revokeAllSessions();
		this.client.closeGracefully();
	}

	@Test
	void aWaitingClickTellsTheClientAndTheLogWhereTheOperatorAnswersAndLandsOnceApproved(CapturedOutput output)
			throws Exception {
		String console = "http://127.0.0.1:" + this.managementPort + "/actuator/console";
		CompletableFuture<CallToolResult> click = CompletableFuture
			.supplyAsync(() -> call("left_click", Map.of("coordinate", imagePoint(120, 90)), "click-token"));

		// Repeated while it waits, so a client that shows progress keeps showing it.
		List<ProgressNotification> seen = awaitNotifications(2);
		assertThat(seen).allSatisfy((notification) -> {
			assertThat(notification.progressToken()).isEqualTo("click-token");
			assertThat(notification.message())
				.startsWith("waiting for an operator to approve pointer input (left-click at ")
				.endsWith("): " + console);
		});
		String id = pendingId();
		String line = logLine(output, "approval " + id + " waits");
		assertThat(line).contains("waits for an operator", "agent 'local' (client inspector-like)", "pointer input",
				"left_click", "left-click at", "on the console " + console,
				"POST http://127.0.0.1:" + this.managementPort + "/actuator/approvals/" + id, "within 30 s");
		assertThat(output.getOut()).containsOnlyOnce("approval " + id + " waits");

		operator().send("POST", "/actuator/approvals/" + id, "{\"decision\":\"approve\",\"scope\":\"once\"}");
		CallToolResult result = click.get(10, TimeUnit.SECONDS);
		assertThat(result.isError()).as(text(result)).isNotEqualTo(Boolean.TRUE);
		Map<String, String> press = WitnessWindow
			.fields(WITNESS.window().awaitEvent((event) -> event.startsWith("PRESS button=1"), WAIT));
		ScreenRect area = WITNESS.window().bounds();
		assertThat(Integer.parseInt(press.get("x"))).isCloseTo(area.x() + 120, Offset.offset(3));
		assertThat(Integer.parseInt(press.get("y"))).isCloseTo(area.y() + 90, Offset.offset(3));
	}

	@Test
	void aWaitingTypeLogsTheTextsLengthNotTheTextAndIsDeniedByTheOperator(CapturedOutput output) throws Exception {
		String secret = "correct horse battery staple";
		CompletableFuture<CallToolResult> typed = CompletableFuture
			.supplyAsync(() -> call("type", Map.of("text", secret), 7));

		ProgressNotification waiting = awaitNotifications(1).get(0);
		assertThat(waiting.message()).startsWith("waiting for an operator to approve keyboard input (")
			.endsWith("/actuator/console");
		String id = pendingId();
		String line = logLine(output, "approval " + id + " waits");
		assertThat(line).contains("keyboard input", "length=" + secret.length(), "/actuator/console")
			.doesNotContain(secret)
			.doesNotContain("correct horse");

		operator().send("POST", "/actuator/approvals/" + id, "{\"decision\":\"deny\"}");
		assertThat(text(typed.get(10, TimeUnit.SECONDS))).startsWith("E_DENIED: ");
		Pause.of(QUIET);
		assertThat(WITNESS.window().events())
			.noneMatch((e) -> e.startsWith("KEYDOWN") || e.startsWith("TEXT") && !e.equals("TEXT "));
		assertThat(output.getOut()).doesNotContain(secret);
	}

	private CallToolResult call(String tool, Map<String, Object> arguments, Object progressToken) {
		return this.client
			.callTool(CallToolRequest.builder().name(tool).arguments(arguments).progressToken(progressToken).build());
	}

	private List<ProgressNotification> awaitNotifications(int count) {
		long deadline = System.nanoTime() + WAIT.toNanos();
		while (this.notifications.size() < count) {
			if (System.nanoTime() > deadline) {
				throw new AssertionError("expected " + count + " progress notifications, got " + this.notifications);
			}
			Pause.of(Duration.ofMillis(20));
		}
		return List.copyOf(this.notifications);
	}

	private String pendingId() {
		long deadline = System.nanoTime() + WAIT.toNanos();
		while (true) {
			String body = operator().get("/actuator/approvals").body();
			if (body.contains("\"id\":\"a")) {
				return body.replaceAll("(?s).*\"id\":\"(a\\d+)\".*", "$1");
			}
			if (System.nanoTime() > deadline) {
				throw new AssertionError("no pending approval: " + body);
			}
			Pause.of(Duration.ofMillis(50));
		}
	}

	private static String logLine(CapturedOutput output, String containing) {
		return output.getOut()
			.lines()
			.filter((line) -> line.contains(containing))
			.findFirst()
			.orElseThrow(() -> new AssertionError("no log line with '" + containing + "'"));
	}

	private static List<Integer> imagePoint(int dx, int dy) {
		ScreenRect area = WITNESS.window().bounds();
		return List.of((int) Math.round((area.x() + dx) / 1.5), (int) Math.round((area.y() + dy) / 1.5));
	}

	private OperatorApi operator() {
		return new OperatorApi(this.managementPort, OPERATOR_TOKEN);
	}

}
