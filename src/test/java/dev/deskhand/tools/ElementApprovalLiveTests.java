package dev.deskhand.tools;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalManagementPort;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import dev.deskhand.mcp.McpTestClients;
import dev.deskhand.testing.AtspiDesktop;
import dev.deskhand.testing.AtspiWitness;
import dev.deskhand.testing.OperatorApi;
import dev.deskhand.testing.Pause;

import static dev.deskhand.mcp.McpTestClients.call;
import static dev.deskhand.mcp.McpTestClients.text;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Element actions under the default policies: pressing a button asks a human first, in
 * words that name the element and its application, and nothing reaches the witness until
 * the operator approves.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "management.server.port=0", "deskhand.display.managed=false", "deskhand.platform.os=linux",
				"deskhand.platform.display-server=x11", "deskhand.audit.enabled=false",
				"deskhand.approval.ask-timeout=10s",
				"deskhand.security.operator-token=" + ElementApprovalLiveTests.OPERATOR_TOKEN })
class ElementApprovalLiveTests {

	static final String OPERATOR_TOKEN = "element-approval-operator-token";

	private static final Duration WAIT = Duration.ofSeconds(10);

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private static AtspiWitness witness;

	@LocalServerPort
	private int port;

	@LocalManagementPort
	private int managementPort;

	private McpSyncClient client;

	@DynamicPropertySource
	static void desktop(DynamicPropertyRegistry registry) {
		AtspiDesktop.pointApplicationAt(registry);
	}

	@BeforeAll
	static void openWitness() {
		witness = AtspiWitness.open(AtspiDesktop.shared(), "Deskhand element approvals", false);
	}

	@AfterAll
	static void closeWitness() {
		if (witness != null) {
			witness.close();
		}
	}

	@AfterEach
	void disconnect() {
		if (this.client != null) {
			this.client.closeGracefully();
		}
	}

	@Test
	void pressingAnElementAsksAHumanNamingItAndItsApp() throws Exception {
		this.client = McpTestClients.streamable(this.port);
		JsonNode listing = JSON
			.readTree(text(call(this.client, "list_elements", Map.of("window", witness.window().hexId()))));
		String ref = null;
		for (JsonNode element : listing.path("elements")) {
			if (element.path("name").asString().equals("Press me")) {
				ref = element.path("ref").asString();
			}
		}
		assertThat(ref).as("the button in " + listing).isNotNull();
		int mark = witness.mark();
		String pressed = ref;
		CompletableFuture<CallToolResult> click = CompletableFuture
			.supplyAsync(() -> call(this.client, "click_element", Map.of("ref", pressed)));

		String pending = awaitPending();
		assertThat(pending).contains("\"tool\":\"click_element\"", "\"capabilities\":[\"pointer\"]",
				"press push button 'Press me' in deskhand-atspi-witness (" + ref + ")");
		Pause.of(Duration.ofMillis(300));
		assertThat(witness.reportedAfter(mark, "clicked")).as("nothing pressed before the approval").isFalse();

		String id = pending.replaceAll("(?s).*\"id\":\"(a\\d+)\".*", "$1");
		HttpResponse<String> decided = operator().send("POST", "/actuator/approvals/" + id,
				"{\"decision\":\"approve\",\"scope\":\"once\"}");
		assertThat(decided.statusCode()).isEqualTo(200);
		assertThat(text(click.get(10, TimeUnit.SECONDS))).contains("pressed " + ref);
		witness.awaitAfter(mark, "clicked", (e) -> e.path("widget").asString().equals("button"), WAIT);
	}

	private String awaitPending() {
		long deadline = System.nanoTime() + WAIT.toNanos();
		while (true) {
			String body = operator().get("/actuator/approvals").body();
			if (body.contains("\"id\":\"a")) {
				return body;
			}
			if (System.nanoTime() > deadline) {
				throw new AssertionError("no approval was asked: " + body);
			}
			Pause.of(Duration.ofMillis(50));
		}
	}

	private OperatorApi operator() {
		return new OperatorApi(this.managementPort, OPERATOR_TOKEN);
	}

}
