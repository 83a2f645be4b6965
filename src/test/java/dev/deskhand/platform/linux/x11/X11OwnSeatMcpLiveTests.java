package dev.deskhand.platform.linux.x11;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

import io.modelcontextprotocol.client.McpSyncClient;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalManagementPort;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import dev.deskhand.mcp.McpTestClients;
import dev.deskhand.testing.GtkX11Witness;
import dev.deskhand.testing.OperatorApi;
import dev.deskhand.testing.Pause;
import dev.deskhand.testing.Pointer;
import dev.deskhand.testing.TestDesktop;

import static dev.deskhand.mcp.McpTestClients.call;
import static dev.deskhand.mcp.McpTestClients.image;
import static dev.deskhand.mcp.McpTestClients.text;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The own-seat working mode end to end on X11, through a real MCP client: the agent
 * brings up its window and types into it while {@code xdotool} plays the person typing
 * and moving their pointer on the core devices, with the person-at-the-desk check on. Two
 * GTK3 windows witness whose keys reached them; the person's input does not pre-empt the
 * agent, a pointer tool is refused and moves nothing, and the failsafe chord pressed on
 * the person's keyboard still stops the agent.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "management.server.port=0", "deskhand.display.managed=false", "deskhand.working-mode=own-seat",
				"deskhand.human.enabled=true", "deskhand.human.idle=500ms", "deskhand.approval.policies.pointer=allow",
				"deskhand.approval.policies.keyboard=allow", "deskhand.approval.policies.launch=allow",
				"deskhand.security.operator-token=" + X11OwnSeatMcpLiveTests.OPERATOR_TOKEN })
class X11OwnSeatMcpLiveTests {

	static final String OPERATOR_TOKEN = "own-seat-operator-token";

	private static final Duration BOUND = Duration.ofSeconds(10);

	private static final JsonMapper JSON = JsonMapper.builder().build();

	// a desktop of its own: the server adds a master device to it
	private static final Supplier<TestDesktop> DESKTOP = TestDesktop.onFirstUse("1280x800x24");

	private static GtkX11Witness person;

	private static GtkX11Witness agent;

	@LocalServerPort
	private int port;

	@LocalManagementPort
	private int managementPort;

	private McpSyncClient client;

	@DynamicPropertySource
	static void properties(DynamicPropertyRegistry registry) {
		registry.add("deskhand.display.name", () -> DESKTOP.get().display());
	}

	@BeforeAll
	static void openWitnesses() {
		person = GtkX11Witness.open(DESKTOP.get(), "own-seat-person");
		agent = GtkX11Witness.open(DESKTOP.get(), "own-seat-agent");
	}

	@AfterAll
	static void closeWitnesses() {
		if (person != null) {
			person.close();
		}
		if (agent != null) {
			agent.close();
		}
	}

	@BeforeEach
	void thePersonWorksInTheirWindow() {
		this.client = McpTestClients.streamable(this.port);
		desktop().run(BOUND, "xdotool", "windowfocus", "--sync", String.valueOf(person.xid()))
			.requireSuccess("xdotool windowfocus");
		desktop().run(BOUND, "xdotool", "mousemove", "60", "40").requireSuccess("xdotool mousemove");
		person.clear();
		agent.clear();
	}

	@AfterEach
	void disconnect() {
		this.client.closeGracefully();
	}

	@Test
	void theAgentTypesBesideThePersonAndTheirInputDoesNotPreemptIt() {
		Pointer pointer = desktop().pointerLocation();
		String focus = coreFocus();
		JsonNode opened = JSON.readTree(text(call(this.client, "open_application", Map.of("app", "own-seat-agent"))));
		assertThat(opened.path("window").path("title").asString()).isEqualTo("own-seat-agent");
		assertThat(opened.path("window").path("focused").asBoolean()).as("the agent's focus").isTrue();
		for (int round = 0; round < 3; round++) {
			personTypes("p" + round);
			// the person moves their pointer and goes on: no pre-emption in own-seat
			desktop().run(BOUND, "xdotool", "mousemove", String.valueOf(60 + round), "40")
				.requireSuccess("xdotool mousemove");
			desktop().run(BOUND, "xdotool", "keydown", "Shift_L").requireSuccess("xdotool keydown");
			try {
				assertThat(text(call(this.client, "type", Map.of("text", "agent " + round + " é "))))
					.doesNotStartWith("E_");
			}
			finally {
				desktop().run(BOUND, "xdotool", "keyup", "Shift_L").requireSuccess("xdotool keyup");
			}
			assertThat(text(call(this.client, "key", Map.of("text", "shift+z")))).doesNotStartWith("E_");
		}
		desktop().run(BOUND, "xdotool", "mousemove", String.valueOf(pointer.x()), String.valueOf(pointer.y()))
			.requireSuccess("xdotool mousemove");
		agent.awaitText("agent 0 é Zagent 1 é Zagent 2 é Z", BOUND);
		person.awaitText("p0p1p2", BOUND);
		assertThat(agent.keyPresses()).allSatisfy((key) -> assertThat(key).endsWith("@deskhand-agent keyboard"));
		assertThat(person.keyPresses()).allSatisfy((key) -> assertThat(key).endsWith("@Virtual core keyboard"));
		assertThat(coreFocus()).as("the person's keyboard focus").isEqualTo(focus);
		assertThat(desktop().pointerLocation()).isEqualTo(pointer);
		assertThat(operator().get("/actuator/desk").body()).doesNotContain("\"holder\":\"human\"");

		// a look works as in shared
		assertThat(image(call(this.client, "screenshot", Map.of())).getWidth()).isPositive();
	}

	@Test
	void aPointerToolIsRefusedAndMovesNothing() {
		Pointer pointer = desktop().pointerLocation();
		String focus = coreFocus();
		text(call(this.client, "open_application", Map.of("app", "own-seat-agent")));
		for (String tool : List.of("left_click", "mouse_move", "scroll")) {
			Map<String, Object> arguments = tool.equals("scroll")
					? Map.of("coordinate", List.of(300, 300), "scroll_direction", "down", "scroll_amount", 2)
					: Map.of("coordinate", List.of(300, 300));
			assertThat(text(call(this.client, tool, arguments))).as(tool)
				.startsWith("E_UNSUPPORTED: the own-seat working mode on X11 is keyboard-only")
				.contains("deskhand.working-mode=own-display");
		}
		Pause.millis(300);
		assertThat(desktop().pointerLocation()).isEqualTo(pointer);
		assertThat(coreFocus()).isEqualTo(focus);
		assertThat(agent.events()).noneMatch((e) -> e.path("ev").asString().startsWith("button-"));
		assertThat(person.events()).noneMatch((e) -> e.path("ev").asString().startsWith("button-"));
	}

	@Test
	void theFailsafeChordOnThePersonsKeyboardStopsTheAgent() {
		text(call(this.client, "open_application", Map.of("app", "own-seat-agent")));
		desktop().run(BOUND, "xdotool", "keydown", "ctrl+alt+Escape").requireSuccess("xdotool keydown");
		try {
			await().atMost(BOUND)
				.until(() -> text(call(this.client, "type", Map.of("text", "a"))).startsWith("E_FAILSAFE: "));
		}
		finally {
			desktop().run(BOUND, "xdotool", "keyup", "ctrl+alt+Escape").requireSuccess("xdotool keyup");
			operator().send("POST", "/actuator/failsafe", "{\"action\":\"reset\"}");
		}
		await().atMost(BOUND).until(() -> !text(call(this.client, "type", Map.of("text", "b"))).startsWith("E_"));
	}

	@Test
	void aSessionThatEndsWhileHoldingAKeyLeavesNothingDownOnTheAgentsKeyboard() {
		McpSyncClient holder = McpTestClients.streamable(this.port);
		text(call(holder, "open_application", Map.of("app", "own-seat-agent")));
		CompletableFuture<String> hold = CompletableFuture
			.supplyAsync(() -> text(call(holder, "hold_key", Map.of("text", "shift", "duration", 8))));
		agent.await((e) -> "key-press".equals(e.path("ev").asString()) && "Shift_L".equals(e.path("key").asString()),
				BOUND);
		long start = System.nanoTime();
		// the client ends its session (an HTTP DELETE): its queue job stops and
		// release-all
		// runs
		CompletableFuture<Void> closed = CompletableFuture.runAsync(holder::close);
		agent.await((e) -> "key-release".equals(e.path("ev").asString()) && "Shift_L".equals(e.path("key").asString()),
				BOUND);
		assertThat(Duration.ofNanos(System.nanoTime() - start)).as("released before the hold's 8 s ran out")
			.isLessThan(Duration.ofSeconds(6));
		assertThat(desktop().run(BOUND, "xinput", "query-state", "deskhand-agent XTEST keyboard")
			.requireSuccess("xinput query-state")
			.stdout()).doesNotContain("=down");
		hold.handle((answer, failure) -> answer).orTimeout(BOUND.toSeconds(), TimeUnit.SECONDS).join();
		closed.orTimeout(BOUND.toSeconds(), TimeUnit.SECONDS).join();
	}

	private static TestDesktop desktop() {
		return DESKTOP.get();
	}

	private static void personTypes(String text) {
		desktop().run(BOUND, "xdotool", "type", "--delay", "20", text).requireSuccess("xdotool type");
	}

	private static String coreFocus() {
		return desktop().run(BOUND, "xdotool", "getwindowfocus")
			.requireSuccess("xdotool getwindowfocus")
			.stdout()
			.strip();
	}

	private OperatorApi operator() {
		return new OperatorApi(this.managementPort, OPERATOR_TOKEN);
	}

}
