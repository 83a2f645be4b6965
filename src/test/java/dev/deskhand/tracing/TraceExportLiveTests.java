package dev.deskhand.tracing;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalManagementPort;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import dev.deskhand.mcp.McpTestClients;
import dev.deskhand.testing.OperatorApi;
import dev.deskhand.testing.TestDesktop;
import dev.deskhand.testing.witness.WitnessWindow;
import dev.deskhand.tracing.OtlpReceiver.ReceivedSpan;

import static dev.deskhand.mcp.McpTestClients.call;
import static dev.deskhand.mcp.McpTestClients.text;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A real MCP client types a secret into a witness window on a real X11 desktop and
 * presses a chord policy denies; Deskhand exports its spans over OTLP to a receiver of
 * the test's own on a loopback port. Each call is one span with its phases as children,
 * the secret is in no span, and the audit record and the session record of the call name
 * the span's trace.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "management.server.port=0", "deskhand.display.managed=false", "deskhand.screenshot.settle=50ms",
				"deskhand.approval.policies.keyboard=allow",
				"management.opentelemetry.tracing.export.schedule-delay=100ms",
				"deskhand.security.operator-token=" + TraceExportLiveTests.OPERATOR_TOKEN })
class TraceExportLiveTests {

	static final String OPERATOR_TOKEN = "trace-live-operator-token";

	private static final String SECRET = "trace-Sécret-4711";

	private static final String VENDOR_SECRET = "vendor-Sécret-815";

	private static final String CLIENT = "trace-live-agent";

	private static final Duration WAIT = Duration.ofSeconds(15);

	private static final JsonMapper JSON = JsonMapper.builder().build();

	@TempDir
	static Path dir;

	private static OtlpReceiver receiver;

	private static WitnessWindow witness;

	@LocalServerPort
	private int port;

	@LocalManagementPort
	private int managementPort;

	@DynamicPropertySource
	static void properties(DynamicPropertyRegistry registry) throws IOException {
		receiver = OtlpReceiver.start();
		registry.add("management.opentelemetry.tracing.export.otlp.endpoint", receiver::endpoint);
		registry.add("deskhand.display.name", () -> TestDesktop.shared().display());
		registry.add("deskhand.state-dir", () -> dir.toString());
		registry.add("deskhand.audit.file", () -> dir.resolve("audit.jsonl").toString());
		registry.add("deskhand.trajectory.dir", () -> dir.resolve("trajectories").toString());
	}

	@BeforeAll
	static void openWitness() {
		witness = WitnessWindow.open(TestDesktop.shared(), "Deskhand trace witness", 200, 200, 600, 400);
	}

	@AfterAll
	static void close() {
		if (witness != null) {
			witness.close();
		}
		if (receiver != null) {
			receiver.close();
		}
	}

	// Each test's session holds the input lease when it ends: free it for the next.
	@AfterEach
	void releaseTheInput() {
		new OperatorApi(this.managementPort, OPERATOR_TOKEN).revokeAllSessions();
	}

	@Test
	void eachCallIsOneTraceWithItsPhasesAndItsAuditAndSessionRecordsNameIt() throws Exception {
		McpSyncClient client = McpTestClients.streamable(this.port, CLIENT, (request) -> {
			throw new AssertionError("nothing here asks: " + request);
		});
		try {
			witness.focus();
			String before = witness.text();
			CallToolResult typed = call(client, "type", Map.of("text", SECRET, "screenshot_after", true));
			assertThat(typed.isError()).as(text(typed)).isNotEqualTo(Boolean.TRUE);
			witness.awaitText(before + SECRET, WAIT);
			CallToolResult denied = call(client, "key", Map.of("text", "ctrl+alt+Delete"));
			// a zoom always encodes; type's screenshot_after reuses a cached encoding
			// when the
			// screen did not change yet
			CallToolResult zoom = call(client, "zoom", Map.of("region", List.of(0, 0, 200, 100)));
			assertThat(zoom.isError()).as(text(zoom)).isNotEqualTo(Boolean.TRUE);
			assertThat(text(denied)).startsWith("E_DENIED");
		}
		finally {
			client.closeGracefully();
		}

		ReceivedSpan type = receiver.await((span) -> "type".equals(span.attributes().get(CallKeys.TOOL)), WAIT);
		assertThat(type.name()).isEqualTo("type");
		assertThat(type.attributes()).containsEntry(CallKeys.OUTCOME, "ok")
			.containsEntry(CallKeys.PRINCIPAL, "local")
			.containsKey(CallKeys.SESSION)
			.doesNotContainKey(CallKeys.ERROR_CODE);
		List<ReceivedSpan> phases = awaitChildren(type, "approval wait", "lease", "queue wait", "execution");
		assertThat(phases).allSatisfy((phase) -> {
			assertThat(phase.traceId()).isEqualTo(type.traceId());
			assertThat(phase.attributes()).containsEntry(CallKeys.OUTCOME, "ok");
		});

		ReceivedSpan zoomed = receiver.await((span) -> "zoom".equals(span.attributes().get(CallKeys.TOOL)), WAIT);
		assertThat(awaitChildren(zoomed, "approval wait", "encoding")).hasSize(2);

		ReceivedSpan key = receiver.await((span) -> "key".equals(span.attributes().get(CallKeys.TOOL)), WAIT);
		assertThat(key.traceId()).isNotEqualTo(type.traceId());
		assertThat(key.attributes()).containsEntry(CallKeys.OUTCOME, "E_DENIED")
			.containsEntry(CallKeys.ERROR_CODE, "E_DENIED");
		assertThat(awaitChildren(key, "approval wait")).singleElement()
			.satisfies((approval) -> assertThat(approval.attributes()).containsEntry(CallKeys.OUTCOME, "E_DENIED"));
		// denied before the lease: nothing reached the queue
		assertThat(children(key)).extracting(ReceivedSpan::name).containsExactly("approval wait");

		// what was typed is in no span of the whole export
		assertThat(receiver.spans()).isNotEmpty().allSatisfy((span) -> {
			assertThat(span.name()).doesNotContain(SECRET);
			assertThat(span.attributes().values()).noneMatch((value) -> value.contains(SECRET));
		});

		JsonNode input = auditRecord(type.traceId());
		assertThat(input.path("type").asString()).isEqualTo("input-action");
		assertThat(input.path("data").path("tool").asString()).isEqualTo("type");
		assertThat(input.path("data").path("session").asString()).isEqualTo(type.attributes().get(CallKeys.SESSION));

		JsonNode step = sessionStep("type");
		assertThat(step.path(CallKeys.TRACE_ID).asString()).isEqualTo(type.traceId());
		assertThat(sessionStep("key").path(CallKeys.TRACE_ID).asString()).isEqualTo(key.traceId());
	}

	private static List<ReceivedSpan> children(ReceivedSpan parent) {
		return receiver.spans()
			.stream()
			.filter((span) -> span.parentSpanId().equals(parent.spanId()))
			.filter((span) -> span.traceId().equals(parent.traceId()))
			.toList();
	}

	private static List<ReceivedSpan> awaitChildren(ReceivedSpan parent, String... names) throws InterruptedException {
		long deadline = System.nanoTime() + WAIT.toNanos();
		while (true) {
			List<ReceivedSpan> children = children(parent);
			List<String> found = children.stream().map(ReceivedSpan::name).toList();
			if (found.containsAll(List.of(names))) {
				return children.stream().filter((span) -> List.of(names).contains(span.name())).toList();
			}
			assertThat(System.nanoTime()).as("children %s of %s, found %s", List.of(names), parent, found)
				.isLessThan(deadline);
			Thread.sleep(50);
		}
	}

	@Test
	void aVendorEndpointsRequestIsOneTraceToo() throws Exception {
		witness.focus();
		String before = witness.text();
		HttpResponse<String> response = HttpClient.newHttpClient()
			.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + this.port + "/agents/anthropic/computer"))
				.header("Content-Type", "application/json")
				.POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(Map.of("tool_uses",
						List.of(Map.of("type", "tool_use", "id", "toolu_1", "name", "computer", "input",
								Map.of("action", "type", "text", VENDOR_SECRET)))))))
				.build(), HttpResponse.BodyHandlers.ofString());
		assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
		assertThat(JSON.readTree(response.body()).path("tool_results").get(0).path("is_error").asBoolean())
			.as(response.body())
			.isFalse();
		witness.awaitText(before + VENDOR_SECRET, WAIT);

		ReceivedSpan request = receiver
			.await((span) -> "anthropic_computer".equals(span.attributes().get(CallKeys.TOOL)), WAIT);
		assertThat(request.attributes()).containsEntry(CallKeys.OUTCOME, "ok").containsKey(CallKeys.SESSION);
		awaitChildren(request, "approval wait", "lease", "queue wait", "execution");
		assertThat(receiver.spans()).allSatisfy(
				(span) -> assertThat(span.attributes().values()).noneMatch((value) -> value.contains(VENDOR_SECRET)));
		JsonNode input = auditRecord(request.traceId());
		assertThat(input.path("type").asString()).isEqualTo("input-action");
		assertThat(input.path("data").path("session").asString()).isEqualTo(request.attributes().get(CallKeys.SESSION));
	}

	/**
	 * The audit record that names a trace; the audit is written before the call returns.
	 */
	private static JsonNode auditRecord(String traceId) throws IOException {
		for (String line : Files.readAllLines(dir.resolve("audit.jsonl"))) {
			JsonNode record = JSON.readTree(line);
			if (traceId.equals(record.path("data").path(CallKeys.TRACE_ID).asString())) {
				return record;
			}
		}
		throw new AssertionError("no audit record names trace " + traceId);
	}

	private JsonNode sessionStep(String tool) throws InterruptedException {
		OperatorApi operator = new OperatorApi(this.managementPort, OPERATOR_TOKEN);
		long deadline = System.nanoTime() + WAIT.toNanos();
		while (true) {
			JsonNode list = JSON.readTree(operator.get("/actuator/trajectories").body());
			for (JsonNode session : list.path("sessions")) {
				if (CLIENT.equals(session.path("client").asString())) {
					JsonNode record = JSON
						.readTree(operator.get("/actuator/trajectories/" + session.path("id").asString()).body());
					for (JsonNode step : record.path("steps")) {
						if (tool.equals(step.path("tool").asString())) {
							return step;
						}
					}
				}
			}
			assertThat(System.nanoTime()).as("a %s step in the session record: %s", tool, list).isLessThan(deadline);
			Thread.sleep(50);
		}
	}

}
