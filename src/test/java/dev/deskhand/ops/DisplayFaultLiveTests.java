package dev.deskhand.ops;

import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;

import io.modelcontextprotocol.client.McpSyncClient;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
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

import static dev.deskhand.mcp.McpTestClients.call;
import static dev.deskhand.mcp.McpTestClients.text;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;
import static org.awaitility.Awaitility.await;

/**
 * Deskhand with a real MCP client while its X server is stopped (SIGSTOP) and killed
 * (SIGKILL) under it, on a private Xvfb: tool calls answer E_TIMEOUT or E_NO_DESKTOP
 * within a bound, a running {@code hold_key} stops soon after the server dies instead of
 * when its hold would end, {@code /actuator/health} answers at once and says DOWN with
 * the reason while liveness stays UP (a restart would not bring the display back), and
 * after SIGCONT and after a new Xvfb on the same number the tools work again with no
 * restart (xdotool as the witness).
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "management.server.port=0", "deskhand.display.managed=false", "deskhand.display.call-timeout=2s",
				"deskhand.approval.policies.pointer=allow", "deskhand.approval.policies.keyboard=allow",
				"deskhand.security.operator-token=" + DisplayFaultLiveTests.OPERATOR_TOKEN })
class DisplayFaultLiveTests {

	static final String OPERATOR_TOKEN = "display-fault-operator-token";

	private static final Logger logger = LoggerFactory.getLogger(DisplayFaultLiveTests.class);

	/** A 2 s call timeout plus room for a loaded machine. */
	private static final Duration ANSWER_BOUND = Duration.ofSeconds(10);

	private static final Duration RECOVERY = Duration.ofSeconds(30);

	private static final JsonMapper JSON = JsonMapper.builder().build();

	@TempDir
	static Path auditDir;

	private static TestDesktop desktop;

	@LocalServerPort
	private int port;

	@LocalManagementPort
	private int managementPort;

	private McpSyncClient client;

	private boolean stopped;

	@DynamicPropertySource
	static void properties(DynamicPropertyRegistry registry) {
		registry.add("deskhand.display.name", () -> desktop().display());
		registry.add("deskhand.audit.file", () -> auditDir.resolve("audit.jsonl").toString());
	}

	private static synchronized TestDesktop desktop() {
		if (desktop == null) {
			desktop = TestDesktop.start("1024x768x24");
		}
		return desktop;
	}

	// No @AfterAll closing the desktop: the cached context outlives this class, and on a
	// closed display it would reconnect to whatever server takes the number next (the
	// shared test desktop). The desktop is stopped by its shutdown hook at JVM exit.

	@BeforeEach
	void connect() {
		this.client = McpTestClients.streamable(this.port);
	}

	@AfterEach
	void disconnect() {
		if (this.stopped) {
			desktop.continueServer();
		}
		this.client.closeGracefully();
	}

	@Test
	void aStoppedThenKilledXServerGetsBoundedAnswersHealthSaysWhyAndDeskhandRecoversWithoutARestart() {
		assertThat(text(call(this.client, "screenshot", Map.of()))).doesNotStartWith("E_");

		desktop.stopServer();
		this.stopped = true;
		for (String tool : List.of("screenshot", "cursor_position", "mouse_move")) {
			Map<String, Object> arguments = tool.equals("mouse_move") ? Map.of("coordinate", List.of(100, 100))
					: Map.of();
			long start = System.nanoTime();
			String answer = boundedTool(tool, arguments);
			logger.info("{} on a stopped server answered in {} ms: {}", tool, millisSince(start), answer);
			assertThat(answer).as(tool).matches("^E_(TIMEOUT|NO_DESKTOP): .*");
		}
		await().atMost(RECOVERY).untilAsserted(() -> {
			JsonNode deskhand = health().path("components").path("deskhand");
			assertThat(deskhand.path("status").asString()).isEqualTo("DOWN");
			assertThat(deskhand.path("details").path("displayState").asString()).isEqualTo("not_answering");
			assertThat(deskhand.path("details").path("displayProblem").asString()).contains(desktop.display());
		});
		assertThat(liveness()).as("a stopped display is no reason to restart Deskhand").isEqualTo(200);

		desktop.continueServer();
		this.stopped = false;
		long continued = System.nanoTime();
		awaitTool("screenshot", Map.of());
		logger.info("screenshot worked again {} ms after SIGCONT", millisSince(continued));

		CompletableFuture<String> hold = async("hold_key",
				() -> text(call(this.client, "hold_key", Map.of("text", "shift", "duration", 20))));
		await().atMost(ANSWER_BOUND).until(() -> desktop.keysDown().size() == 1);
		desktop.killServer();
		long killed = System.nanoTime();
		String held = bounded("hold_key after the kill", hold::join);
		logger.info("a 20 s hold_key answered {} ms after SIGKILL: {}", millisSince(killed), held);
		assertThat(held).startsWith("E_NO_DESKTOP: ");
		assertThat(Duration.ofNanos(System.nanoTime() - killed)).as("answered long before the 20 s hold ends")
			.isLessThan(ANSWER_BOUND);
		assertThat(boundedTool("screenshot", Map.of())).startsWith("E_NO_DESKTOP: ");
		JsonNode gone = health().path("components").path("deskhand");
		assertThat(gone.path("status").asString()).isEqualTo("DOWN");
		assertThat(gone.path("details").path("displayState").asString()).isEqualTo("gone");
		assertThat(liveness()).isEqualTo(200);

		desktop.restartServer();
		long restarted = System.nanoTime();
		awaitTool("screenshot", Map.of());
		logger.info("screenshot worked again {} ms after a new Xvfb was ready", millisSince(restarted));
		assertThat(text(call(this.client, "mouse_move", Map.of("coordinate", List.of(200, 150)))))
			.doesNotStartWith("E_");
		assertThat(desktop.pointerLocation().x()).isGreaterThan(0);
		await().atMost(RECOVERY)
			.untilAsserted(() -> assertThat(health().path("components").path("deskhand").path("status").asString())
				.isEqualTo("UP"));
	}

	private static long millisSince(long nanoTime) {
		return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - nanoTime);
	}

	private String boundedTool(String tool, Map<String, Object> arguments) {
		return bounded(tool, () -> text(call(this.client, tool, arguments)));
	}

	private void awaitTool(String tool, Map<String, Object> arguments) {
		await().atMost(RECOVERY)
			.pollInterval(Duration.ofMillis(300))
			.until(() -> !boundedTool(tool, arguments).startsWith("E_"));
	}

	/** {@code /actuator/health} with the operator token, which must answer in time. */
	private JsonNode health() {
		HttpResponse<String> response = bounded("/actuator/health",
				() -> new OperatorApi(this.managementPort, OPERATOR_TOKEN).get("/actuator/health"));
		return JSON.readTree(response.body());
	}

	private int liveness() {
		return bounded("/actuator/health/liveness",
				() -> new OperatorApi(this.managementPort, OPERATOR_TOKEN).get("/actuator/health/liveness"))
			.statusCode();
	}

	/** On a thread of its own: the common pool has one thread on a 2-core machine. */
	private static <T> CompletableFuture<T> async(String what, Supplier<T> call) {
		CompletableFuture<T> result = new CompletableFuture<>();
		Thread thread = new Thread(() -> {
			try {
				result.complete(call.get());
			}
			catch (Throwable ex) {
				result.completeExceptionally(ex);
			}
		}, "display-fault-" + what);
		thread.setDaemon(true);
		thread.start();
		return result;
	}

	private static <T> T bounded(String what, Supplier<T> call) {
		CompletableFuture<T> result = async(what, call);
		try {
			return result.get(ANSWER_BOUND.toMillis(), TimeUnit.MILLISECONDS);
		}
		catch (TimeoutException ex) {
			return fail(what + " did not answer within " + ANSWER_BOUND);
		}
		catch (ExecutionException ex) {
			return fail(what + " failed", ex.getCause());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return fail("interrupted");
		}
	}

}
