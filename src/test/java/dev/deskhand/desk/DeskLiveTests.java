package dev.deskhand.desk;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import io.micrometer.core.instrument.MeterRegistry;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalManagementPort;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import dev.deskhand.mcp.McpTestClients;
import dev.deskhand.testing.OperatorApi;
import dev.deskhand.testing.Pointer;
import dev.deskhand.testing.TestDesktop;
import dev.deskhand.testing.witness.WitnessWindow;

import static dev.deskhand.mcp.McpTestClients.call;
import static dev.deskhand.mcp.McpTestClients.text;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Who has the desk, on a real Xvfb through a real MCP client: {@code xdotool} from
 * another process plays the person at the desk, the X server's own key state (a
 * connection of the test's) and the witness window are the witnesses, the operator API
 * takes over and hands back.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "management.server.port=0", "deskhand.display.managed=false", "deskhand.human.enabled=true",
				"deskhand.human.idle=500ms", "deskhand.approval.policies.pointer=allow",
				"deskhand.approval.policies.keyboard=allow",
				"deskhand.security.operator-token=" + DeskLiveTests.OPERATOR_TOKEN })
class DeskLiveTests {

	static final String OPERATOR_TOKEN = "desk-live-operator-token";

	private static final Logger logger = LoggerFactory.getLogger(DeskLiveTests.class);

	// Generous: "does not hang", never a speed claim.
	private static final Duration BOUND = Duration.ofSeconds(10);

	private static final JsonMapper JSON = JsonMapper.builder().build();

	@TempDir
	static Path auditDir;

	private static WitnessWindow witness;

	@LocalServerPort
	private int port;

	@LocalManagementPort
	private int managementPort;

	@Autowired
	private MeterRegistry registry;

	private McpSyncClient client;

	@DynamicPropertySource
	static void properties(DynamicPropertyRegistry registry) {
		registry.add("deskhand.display.name", () -> TestDesktop.shared().display());
		registry.add("deskhand.audit.file", () -> auditDir.resolve("audit.jsonl").toString());
	}

	@BeforeAll
	static void openWitness() {
		witness = WitnessWindow.open(TestDesktop.shared(), "Deskhand desk witness", 100, 100, 900, 600);
	}

	@AfterAll
	static void closeWitness() {
		if (witness != null) {
			witness.close();
		}
	}

	@BeforeEach
	void connect() {
		this.client = McpTestClients.streamable(this.port);
		witness.focus();
		awaitAgentsMayAct();
		witness.clearEvents();
	}

	@AfterEach
	void disconnect() {
		operator().send("POST", "/actuator/desk", "{\"action\":\"hand-back\"}");
		operator().revokeAllSessions();
		this.client.closeGracefully();
	}

	@Test
	void thePersonAtTheDeskStopsAHeldKeyAndAgentsWaitUntilTheyAreIdle() {
		TestDesktop desktop = TestDesktop.shared();
		double before = preemptions();
		List<Long> abortMillis = new ArrayList<>();
		List<Long> releaseMillis = new ArrayList<>();
		for (int round = 0; round < 5; round++) {
			CompletableFuture<String> hold = CompletableFuture
				.supplyAsync(() -> text(call(this.client, "hold_key", Map.of("text", "shift", "duration", 5))));
			await().atMost(BOUND).until(() -> desktop.keysDown().size() == 1);
			Pointer at = desktop.pointerLocation();
			desktop.run(BOUND, "xdotool", "mousemove", String.valueOf(at.x() + 37), String.valueOf(at.y() + 23))
				.requireSuccess("xdotool mousemove");
			long moved = System.nanoTime();
			await().atMost(BOUND).pollInterval(Duration.ofMillis(5)).until(() -> desktop.keysDown().isEmpty());
			releaseMillis.add(millisSince(moved));
			String held = hold.orTimeout(BOUND.toMillis(), TimeUnit.MILLISECONDS).join();
			abortMillis.add(millisSince(moved));
			assertThat(held).startsWith("E_BUSY: the person at the desk started using it (moved the pointer)");
			if (round == 0) {
				String next = text(call(this.client, "key", Map.of("text", "a")));
				assertThat(next).startsWith("E_BUSY: the person at the desk is using it")
					.contains("input resumes after 500 ms of their inactivity");
				assertThat(deskState().path("holder").asString()).isEqualTo("human");
			}
			awaitAgentsMayAct();
		}
		assertThat(preemptions() - before).isEqualTo(5);
		logger.info(
				"human pre-emption, from xdotool's move returning: key released after {} ms, hold_key answered"
						+ " after {} ms (median of {}: {} / {} ms)",
				releaseMillis, abortMillis, abortMillis.size(), median(releaseMillis), median(abortMillis));
		assertThat(auditTypes()).contains("desk-preempted");
	}

	@Test
	void deskhandsOwnTypingDragsAndClicksNeverPreemptThemselves() {
		double before = preemptions();
		String typed = "Deskhand types this long line itself, 0123456789 and then some more words. ".repeat(3);
		assertThat(text(call(this.client, "type", Map.of("text", typed)))).doesNotStartWith("E_");
		witness.awaitText(typed, BOUND);
		for (int i = 0; i < 3; i++) {
			assertThat(text(call(this.client, "left_click_drag",
					Map.of("start_coordinate", List.of(150 + i * 20, 150), "coordinate", List.of(500, 350 - i * 30)))))
				.doesNotStartWith("E_");
			assertThat(text(call(this.client, "left_click", Map.of("coordinate", List.of(300 + i, 300)))))
				.doesNotStartWith("E_");
			assertThat(text(call(this.client, "mouse_move", Map.of("coordinate", List.of(400, 200 + i)))))
				.doesNotStartWith("E_");
			assertThat(text(call(this.client, "key", Map.of("text", "shift+End")))).doesNotStartWith("E_");
			assertThat(text(call(this.client, "scroll",
					Map.of("coordinate", List.of(300, 300), "scroll_direction", "down", "scroll_amount", 2))))
				.doesNotStartWith("E_");
		}
		assertThat(text(call(this.client, "hold_key", Map.of("text", "ctrl", "duration", 0.5)))).doesNotStartWith("E_");
		assertThat(preemptions()).isEqualTo(before);
		assertThat(deskState().path("holder").asString()).isEqualTo("agent");
	}

	@Test
	void theOperatorTakesTheDeskOverAndHandsItBack() {
		TestDesktop desktop = TestDesktop.shared();
		CompletableFuture<String> hold = CompletableFuture
			.supplyAsync(() -> text(call(this.client, "hold_key", Map.of("text", "shift", "duration", 5))));
		await().atMost(BOUND).until(() -> desktop.keysDown().size() == 1);
		JsonNode taken = JSON.readTree(operator().send("POST", "/actuator/desk", "{\"action\":\"take\"}").body());
		assertThat(taken.path("holder").asString()).isEqualTo("operator");
		assertThat(hold.orTimeout(BOUND.toMillis(), TimeUnit.MILLISECONDS).join()).startsWith("E_BUSY: the operator ")
			.contains("took over the desk and this action was stopped");
		await().atMost(BOUND).until(() -> desktop.keysDown().isEmpty());
		assertThat(text(call(this.client, "mouse_move", Map.of("coordinate", List.of(300, 300)))))
			.startsWith("E_BUSY: the operator ")
			.contains("has taken over the desk since")
			.endsWith("wait for them to hand it back");
		// observation goes on, the session and its lease stay
		assertThat(text(call(this.client, "cursor_position", Map.of()))).doesNotStartWith("E_");
		JsonNode deskhand = JSON.readTree(operator().get("/actuator/deskhand").body());
		assertThat(deskhand.path("desk").path("holder").asString()).isEqualTo("operator");
		assertThat(deskhand.path("sessions").size()).isEqualTo(1);
		JsonNode health = JSON.readTree(operator().get("/actuator/health").body());
		assertThat(health.path("components").path("desk").path("details").path("holder").asString())
			.isEqualTo("operator");
		assertThat(health.path("components").path("desk").path("details").path("human_detection").asString())
			.isEqualTo("on");

		JsonNode back = JSON.readTree(operator().send("POST", "/actuator/desk", "{\"action\":\"hand-back\"}").body());
		assertThat(back.path("handed_back").asBoolean()).isTrue();
		assertThat(text(call(this.client, "mouse_move", Map.of("coordinate", List.of(300, 300)))))
			.doesNotStartWith("E_");
		assertThat(deskState().path("holder").asString()).isEqualTo("agent");
		assertThat(operator().send("POST", "/actuator/desk", "{\"action\":\"steal\"}").statusCode()).isEqualTo(400);
		assertThat(auditTypes()).contains("desk-taken", "desk-handed-back");
	}

	@Test
	void thePersonHoldingTheFailsafeChordGetsTheFailsafesAnswerAndItsCooldownNotTheDesks() {
		TestDesktop desktop = TestDesktop.shared();
		AtomicBoolean stop = new AtomicBoolean();
		// The person keeps using the desk after the chord tripped the failsafe (whose
		// trip releases the chord: on Xvfb every key is XTest's): both reasons hold at
		// once, which is the case where the desk's answer used to win.
		Thread person = new Thread(() -> {
			int step = 1;
			while (!stop.get()) {
				desktop.run(BOUND, "xdotool", "mousemove_relative", "--", String.valueOf(step), "0");
				step = -step;
				sleep(Duration.ofMillis(40));
			}
		}, "person-at-the-desk");
		try {
			desktop.run(BOUND, "xdotool", "keydown", "ctrl+alt+Escape").requireSuccess("xdotool keydown");
			await().atMost(BOUND).until(() -> failsafeState().path("tripped").asBoolean());
			person.start();
			await().atMost(BOUND).until(() -> deskState().path("holder").asString().equals("human"));
			String answer = text(call(this.client, "mouse_move", Map.of("coordinate", List.of(300, 300))));
			assertThat(answer)
				.matches("^E_FAILSAFE: the failsafe is tripped \\(chord ctrl\\+alt\\+Escape\\); input is refused for"
						+ " another [0-9]+ s of cooldown \\(until [^)]+\\) unless an operator re-arms it .*")
				.doesNotContain("person at the desk");
			assertThat(text(call(this.client, "key", Map.of("text", "a")))).startsWith("E_FAILSAFE: ");
			assertThat(deskState().path("holder").asString()).as("the person was there all along").isEqualTo("human");
			assertThat(witness.events()).noneMatch((event) -> event.contains("code=A "));
		}
		finally {
			stop.set(true);
			join(person);
			desktop.run(BOUND, "xdotool", "keyup", "ctrl+alt+Escape").requireSuccess("xdotool keyup");
			operator().send("POST", "/actuator/failsafe", "{\"action\":\"reset\"}");
		}
		awaitAgentsMayAct();
	}

	@Test
	void anAgentAsksForTheHumanAndWaitsForTheirAnswer() {
		McpSyncClient other = McpTestClients.streamable(this.port);
		try {
			CompletableFuture<String> asked = CompletableFuture.supplyAsync(() -> text(call(this.client,
					"request_human", Map.of("reason", "Solve the captcha on the sign-in page", "timeout", 60))));
			JsonNode request = await().atMost(BOUND)
				.until(() -> deskState().path("requests").path(0), (node) -> !node.isMissingNode());
			assertThat(request.path("reason").asString()).isEqualTo("Solve the captcha on the sign-in page");
			assertThat(deskState().path("holder").asString()).isEqualTo("human");
			assertThat(text(call(other, "mouse_move", Map.of("coordinate", List.of(300, 300)))))
				.startsWith("E_BUSY: the desk is handed to a person at an agent's request");
			assertThat(operator()
				.send("POST", "/actuator/desk",
						"{\"action\":\"done\",\"request\":\"" + request.path("id").asString() + "\"}")
				.statusCode()).isEqualTo(200);
			assertThat(asked.orTimeout(BOUND.toMillis(), TimeUnit.MILLISECONDS).join())
				.isEqualTo("{\"outcome\":\"done\"}");
			// the asker holds the lease: its input goes again
			assertThat(text(call(this.client, "mouse_move", Map.of("coordinate", List.of(300, 300)))))
				.doesNotStartWith("E_");

			CompletableFuture<String> declined = CompletableFuture.supplyAsync(
					() -> text(call(this.client, "request_human", Map.of("reason", "Pay the invoice", "timeout", 60))));
			await().atMost(BOUND).until(() -> deskState().path("requests").size() == 1);
			operator().send("POST", "/actuator/desk", "{\"action\":\"decline\"}");
			assertThat(declined.orTimeout(BOUND.toMillis(), TimeUnit.MILLISECONDS).join())
				.isEqualTo("{\"outcome\":\"declined\"}");

			assertThat(text(call(this.client, "request_human", Map.of("reason", " ")))).startsWith("E_ARGS: ");
			assertThat(text(call(this.client, "request_human", Map.of("reason", "Log in", "timeout", "soon"))))
				.startsWith("E_ARGS: ");
			assertThat(text(call(this.client, "request_human", Map.of("reason", "Log in", "timeout", 7200))))
				.startsWith("E_ARGS: timeout must be");
			long start = System.nanoTime();
			assertThat(text(call(this.client, "request_human", Map.of("reason", "Log in", "timeout", 0.5))))
				.startsWith("E_TIMEOUT: nobody answered within 500 ms");
			assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(BOUND);
			assertThat(deskState().path("requests").size()).isZero();
			assertThat(auditTypes()).contains("human-requested", "human-request-answered");
		}
		finally {
			other.closeGracefully();
		}
	}

	@Test
	void theClientsUserCanAnswerThroughElicitation() {
		McpSyncClient eliciting = McpTestClients.streamable(this.port, "desk-eliciting",
				(request) -> new McpSchema.ElicitResult(McpSchema.ElicitResult.Action.ACCEPT,
						Map.of("outcome", "done")));
		try {
			assertThat(text(call(eliciting, "request_human", Map.of("reason", "Confirm the payment", "timeout", 30))))
				.isEqualTo("{\"outcome\":\"done\"}");
		}
		finally {
			eliciting.closeGracefully();
		}
	}

	private void awaitAgentsMayAct() {
		// a cheap input call that changes nothing a test looks at: the pointer to where
		// it is
		await().atMost(BOUND).pollInterval(Duration.ofMillis(50)).until(() -> {
			String answer = text(call(this.client, "mouse_move", Map.of("coordinate", List.of(640, 700))));
			assertThat(answer).matches("^(E_BUSY: the person at the desk .*|[^E].*)$");
			return !answer.startsWith("E_");
		});
	}

	private double preemptions() {
		return this.registry.get("deskhand.human.preemptions").counter().count();
	}

	private static void sleep(Duration duration) {
		try {
			Thread.sleep(duration.toMillis());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	private static void join(Thread thread) {
		try {
			thread.join(BOUND.toMillis());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	private JsonNode failsafeState() {
		return JSON.readTree(operator().get("/actuator/failsafe").body());
	}

	private JsonNode deskState() {
		return JSON.readTree(operator().get("/actuator/desk").body());
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

	private static long millisSince(long nanoTime) {
		return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - nanoTime);
	}

	private static long median(List<Long> values) {
		List<Long> sorted = new ArrayList<>(values);
		sorted.sort(null);
		return sorted.get(sorted.size() / 2);
	}

}
