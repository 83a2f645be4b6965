package dev.deskhand.ops;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.ConfigurableApplicationContext;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalManagementPort;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import dev.deskhand.audit.Redaction;
import dev.deskhand.mcp.McpTestClients;
import dev.deskhand.testing.OperatorApi;
import dev.deskhand.testing.ScreenRect;
import dev.deskhand.testing.TestDesktop;
import dev.deskhand.testing.witness.WitnessWindow;

import static dev.deskhand.mcp.McpTestClients.answer;
import static dev.deskhand.mcp.McpTestClients.call;
import static dev.deskhand.mcp.McpTestClients.text;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * What an operator sees on the management port while a real MCP client works a real
 * desktop: Prometheus metrics, health and readiness through a failsafe trip, info, and
 * {@code /actuator/deskhand} with its recent actions. Default policies: pointer and
 * keyboard ask, and the client's user approves for the session.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "management.server.port=0", "deskhand.display.managed=false", "deskhand.screenshot.settle=50ms",
				"deskhand.security.operator-token=" + OperationsLiveTests.OPERATOR_TOKEN })
class OperationsLiveTests {

	static final String OPERATOR_TOKEN = "operations-live-operator-token";

	private static final String CLIENT_NAME = "ops-live-agent";

	private static final Duration WAIT = Duration.ofSeconds(10);

	private static final JsonMapper JSON = JsonMapper.builder().build();

	@TempDir
	static Path auditDir;

	private static WitnessWindow witness;

	@LocalServerPort
	private int port;

	@LocalManagementPort
	private int managementPort;

	private final HttpClient http = HttpClient.newHttpClient();

	private McpSyncClient client;

	@DynamicPropertySource
	static void properties(DynamicPropertyRegistry registry) {
		registry.add("deskhand.display.name", () -> TestDesktop.shared().display());
		registry.add("deskhand.audit.file", () -> auditDir.resolve("audit.jsonl").toString());
	}

	@BeforeAll
	static void openWitness() {
		witness = WitnessWindow.open(TestDesktop.shared(), "Deskhand operations witness", 200, 150, 700, 450);
	}

	@AfterAll
	static void closeWitness() {
		if (witness != null) {
			witness.close();
		}
	}

	@BeforeEach
	void connect() {
		this.client = McpTestClients.streamable(this.port, CLIENT_NAME, (request) -> answer("approve", "session"));
		witness.focus();
		witness.clearEvents();
	}

	@AfterEach
	void disconnect() {
		operator().send("POST", "/actuator/failsafe", "{\"action\":\"reset\"}");
		operator().revokeAllSessions();
		this.client.closeGracefully();
	}

	@Test
	void onLinuxNoWindowsOrMacosBeanExists(@Autowired ConfigurableApplicationContext context) {
		// their configurations are @ConditionalOnOs: creating one here would load user32
		// or CoreGraphics and fail
		var beanFactory = context.getBeanFactory();
		assertThat(beanFactory.getBeanDefinitionNames()).isNotEmpty().allSatisfy((name) -> {
			Class<?> type = beanFactory.getType(name, false);
			String typeName = (type != null) ? type.getName() : "";
			assertThat(typeName).as(name)
				.doesNotStartWith("dev.deskhand.platform.windows")
				.doesNotStartWith("dev.deskhand.platform.macos");
		});
		assertThat(context.getBean(dev.deskhand.platform.DesktopDriver.class).name()).isEqualTo("x11");
	}

	@Test
	void prometheusShowsToolCallsQueueAndApprovalMetricsAfterAFewCalls() {
		String before = prometheus();
		double screenshots = metric(before, "deskhand_tool_calls_seconds_count", "error", "none", "outcome", "ok",
				"tool", "screenshot");
		double clicks = metric(before, "deskhand_tool_calls_seconds_count", "error", "none", "outcome", "ok", "tool",
				"left_click");
		double waits = metric(before, "deskhand_queue_wait_seconds_count");
		double asked = metric(before, "deskhand_approvals_total", "outcome", "asked");
		double granted = metric(before, "deskhand_approvals_total", "outcome", "granted");

		assertOk(call(this.client, "screenshot", Map.of()));
		assertOk(call(this.client, "screenshot", Map.of()));
		// Asks once (pointer), granted for the session; the witness sees the click.
		assertOk(call(this.client, "left_click", Map.of("coordinate", imagePoint(80, 80))));
		witness.awaitEvent((e) -> e.startsWith("PRESS"), WAIT);
		assertOk(call(this.client, "left_click", Map.of("coordinate", imagePoint(90, 80))));

		String after = prometheus();
		assertThat(metric(after, "deskhand_tool_calls_seconds_count", "error", "none", "outcome", "ok", "tool",
				"screenshot"))
			.isEqualTo(screenshots + 2);
		assertThat(metric(after, "deskhand_tool_calls_seconds_count", "error", "none", "outcome", "ok", "tool",
				"left_click"))
			.isEqualTo(clicks + 2);
		// Both clicks went through the input queue; screenshots never do.
		assertThat(metric(after, "deskhand_queue_wait_seconds_count")).isEqualTo(waits + 2);
		assertThat(after).containsPattern("(?m)^deskhand_queue_depth(\\{[^}]*})? 0(\\.0)?$");
		assertThat(metric(after, "deskhand_approvals_total", "outcome", "asked")).isEqualTo(asked + 1);
		assertThat(metric(after, "deskhand_approvals_total", "outcome", "granted")).isEqualTo(granted + 1);
		assertThat(after).containsPattern("(?m)^deskhand_approvals_total\\{outcome=\"expired\"} ")
			.containsPattern("(?m)^deskhand_failsafe_trips_total\\{cause=\"keyboard\"} ");
	}

	@Test
	void operatorEndpointsAndPrometheusNeedTheOperatorTokenButProbesDoNot() throws Exception {
		assertThat(anonymous("/actuator/prometheus").statusCode()).isEqualTo(401);
		assertThat(anonymous("/actuator/deskhand").statusCode()).isEqualTo(401);
		assertThat(anonymous("/actuator/info").statusCode()).isEqualTo(401);
		HttpResponse<String> readiness = anonymous("/actuator/health/readiness");
		assertThat(readiness.statusCode()).isEqualTo(200);
		// Without the token: the status, never the details.
		assertThat(readiness.body()).contains("\"status\":\"UP\"").doesNotContain("deskhand");
	}

	@Test
	void healthIsOutOfServiceWhileTheFailsafeCoolsDownAndReadinessFollows() throws Exception {
		double trips = metric(prometheus(), "deskhand_failsafe_trips_total", "cause", "operator");
		JsonNode up = json(operator().get("/actuator/health/readiness"));
		assertThat(up.path("status").asString()).isEqualTo("UP");
		assertThat(up.path("components").path("deskhand").path("details").path("failsafe").asString())
			.isEqualTo("armed");

		assertThat(operator().send("POST", "/actuator/failsafe", "{\"action\":\"trip\"}").statusCode()).isEqualTo(200);

		HttpResponse<String> health = operator().get("/actuator/health");
		assertThat(health.statusCode()).isEqualTo(503);
		JsonNode deskhand = json(health).path("components").path("deskhand");
		assertThat(deskhand.path("status").asString()).isEqualTo("OUT_OF_SERVICE");
		assertThat(deskhand.path("details").path("failsafe").asString()).isEqualTo("tripped");
		assertThat(deskhand.path("details").path("failsafeReason").asString()).isEqualTo("operator");
		HttpResponse<String> readiness = anonymous("/actuator/health/readiness");
		assertThat(readiness.statusCode()).isEqualTo(503);
		assertThat(readiness.body()).contains("\"status\":\"OUT_OF_SERVICE\"");
		// Restarting would not help: liveness stays up.
		assertThat(anonymous("/actuator/health/liveness").statusCode()).isEqualTo(200);
		assertThat(text(call(this.client, "left_click", Map.of("coordinate", imagePoint(80, 100)))))
			.startsWith("E_FAILSAFE: ");
		assertThat(metric(prometheus(), "deskhand_failsafe_trips_total", "cause", "operator")).isEqualTo(trips + 1);

		operator().send("POST", "/actuator/failsafe", "{\"action\":\"reset\"}");
		assertThat(anonymous("/actuator/health/readiness").statusCode()).isEqualTo(200);
	}

	@Test
	void infoShowsDriverOsDisplaysAndTheImageBudget() {
		HttpResponse<String> response = operator().get("/actuator/info");
		assertThat(response.statusCode()).isEqualTo(200);
		JsonNode deskhand = json(response).path("deskhand");
		assertThat(deskhand.path("driver").asString()).isEqualTo("x11");
		assertThat(deskhand.path("display").asString()).isEqualTo(TestDesktop.shared().display());
		assertThat(deskhand.path("version").asString()).isNotBlank();
		assertThat(deskhand.path("os").path("family").asString()).isEqualTo("linux");
		JsonNode display = deskhand.path("displays").path(0);
		assertThat(display.path("bounds").toString()).isEqualTo("[0,0,1920,1080]");
		assertThat(display.path("screenshot").toString()).isEqualTo("[1280,720]");
		assertThat(deskhand.path("imageBudget").toString())
			.isEqualTo("{\"maxWidth\":1280,\"maxHeight\":800,\"maxPixels\":1150000,\"format\":\"png\"}");
	}

	@Test
	void deskhandShowsTheSessionAndRecentActionsWithoutTheTypedText() {
		String secret = "hunter2 is my password";
		witness.focus();
		assertOk(call(this.client, "type", Map.of("text", secret)));
		// The text really was typed: the witness has it.
		witness.awaitEvent((e) -> e.startsWith("TEXT") && WitnessWindow.fields(e).get("text").contains(secret), WAIT);

		HttpResponse<String> response = operator().get("/actuator/deskhand");
		assertThat(response.statusCode()).isEqualTo(200);
		assertThat(response.body()).doesNotContain(secret).doesNotContain("hunter2");
		JsonNode status = json(response);
		JsonNode session = status.path("sessions").path(0);
		assertThat(session.path("client").asString()).isEqualTo(CLIENT_NAME);
		assertThat(session.path("principal").asString()).isEqualTo("local");
		assertThat(session.path("last_activity").asString()).isNotBlank();
		assertThat(session.path("holds_lease").asBoolean()).isTrue();
		assertThat(session.path("profile").asString()).isEqualTo("anthropic");
		// Approved for the session by the client's user.
		assertThat(session.path("grants").path("keyboard").asString()).isNotBlank();
		assertThat(status.path("lease_holder").asString()).isEqualTo(session.path("session").asString());
		assertThat(status.path("queue").path("waiting").asInt()).isZero();
		assertThat(status.path("displays").path(0).path("screenshot").toString()).isEqualTo("[1280,720]");

		JsonNode latest = status.path("recent_actions").path(0);
		assertThat(latest.path("type").asString()).isEqualTo("input-action");
		assertThat(latest.path("principal").asString()).isEqualTo("local");
		assertThat(latest.path("timestamp").asString()).isNotBlank();
		JsonNode typed = latest.path("data").path("actions").path(0);
		assertThat(typed.path("tool").asString()).isEqualTo("type");
		// Only the length and the hash of what was typed.
		assertThat(typed.path("text").path("length").asInt()).isEqualTo(secret.length());
		assertThat(typed.path("text").path("hmac").asString()).isEqualTo(Redaction.of(secret).get("hmac"));
		assertThat(status.path("recent_actions").toString()).contains("\"approval-asked\"", "\"approval-granted\"");
	}

	private static void assertOk(CallToolResult result) {
		assertThat(result.isError()).as(text(result)).isNotEqualTo(Boolean.TRUE);
	}

	private String prometheus() {
		HttpResponse<String> response = operator().get("/actuator/prometheus");
		assertThat(response.statusCode()).isEqualTo(200);
		return response.body();
	}

	/**
	 * The value of one sample in Prometheus text format, 0 when it is not there yet.
	 * @param tags name, value, name, value... (in the exposition's order: alphabetical)
	 */
	private static double metric(String exposition, String name, String... tags) {
		StringBuilder labels = new StringBuilder();
		for (int i = 0; i < tags.length; i += 2) {
			labels.append((i > 0) ? "," : "").append(tags[i]).append("=\"").append(tags[i + 1]).append('"');
		}
		String sample = Pattern.quote(name) + ((tags.length > 0) ? Pattern.quote("{" + labels + "}") : "(\\{})?");
		Matcher matcher = Pattern.compile("(?m)^" + sample + " (\\S+)$").matcher(exposition);
		return matcher.find() ? Double.parseDouble(matcher.group(matcher.groupCount())) : 0;
	}

	private static JsonNode json(HttpResponse<String> response) {
		return JSON.readTree(response.body());
	}

	private OperatorApi operator() {
		return new OperatorApi(this.managementPort, OPERATOR_TOKEN);
	}

	private HttpResponse<String> anonymous(String path) throws Exception {
		HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + this.managementPort + path))
			.build();
		return this.http.send(request, HttpResponse.BodyHandlers.ofString());
	}

	private static List<Integer> imagePoint(int dx, int dy) {
		ScreenRect area = witness.bounds();
		return List.of((int) ((area.x() + dx) / 1.5), (int) ((area.y() + dy) / 1.5));
	}

}
