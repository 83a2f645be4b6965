package dev.deskhand.platform.linux.x11;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import io.micrometer.core.instrument.MeterRegistry;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.context.ConfigurableApplicationContext;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import dev.deskhand.mcp.McpTestClients;
import dev.deskhand.platform.AgentDisplay;
import dev.deskhand.platform.DesktopDriver;
import dev.deskhand.testing.OperatorApi;
import dev.deskhand.testing.Pointer;
import dev.deskhand.testing.ScreenRect;
import dev.deskhand.testing.TestDesktop;
import dev.deskhand.testing.witness.WitnessWindow;

import static dev.deskhand.mcp.McpTestClients.call;
import static dev.deskhand.mcp.McpTestClients.image;
import static dev.deskhand.mcp.McpTestClients.text;
import static dev.deskhand.platform.linux.x11.OwnDisplayLiveTesting.GREEN;
import static dev.deskhand.platform.linux.x11.OwnDisplayLiveTesting.MAGENTA;
import static dev.deskhand.platform.linux.x11.OwnDisplayLiveTesting.count;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The own-display working mode with an Xephyr nested in the person's display (a private
 * Xvfb + openbox), through a real MCP client. The person is played by {@code xdotool} on
 * their display; the witnesses are a Swing window of the person's that logs every event
 * it gets, a green xterm of the person's, {@code xdotool}/{@code xwininfo}/ImageMagick on
 * both displays, and the shell inside the agent's xterm, which writes what it is typed to
 * a file. The tests run in order on one server; the last one stops it and looks for what
 * it left.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class X11OwnDisplayNestedLiveTests {

	private static final Duration WAIT = Duration.ofSeconds(15);

	private static final String OPERATOR_TOKEN = "own-display-operator";

	private static final JsonMapper JSON = JsonMapper.builder().build();

	@TempDir
	static Path state;

	private static TestDesktop person;

	private static WitnessWindow witness;

	private static Process green;

	private static ConfigurableApplicationContext context;

	private static McpSyncClient agent;

	private static String agentDisplay;

	@BeforeAll
	static void start() {
		person = TestDesktop.start("1920x1080x24");
		// away from where openbox may first map the Xephyr window: the person's pointer
		// crossing it would be the person reaching in
		person.run(WAIT, "xdotool", "mousemove", "1850", "1040").requireSuccess();
		green = OwnDisplayLiveTesting.personsGreenWindow(person.display());
		person.awaitWindow("person-green", WAIT);
		List<String> arguments = new ArrayList<>(
				List.of("--deskhand.display.name=" + person.display(), "--deskhand.own-display.viewer=xephyr",
						"--deskhand.own-display.size=1024x700", "--deskhand.own-display.first-number=640",
						"--deskhand.own-display.lock-file=" + state.resolve("own-display.lock"),
						"--deskhand.human.enabled=true", "--deskhand.human.idle=500ms",
						"--deskhand.security.operator-token=" + OPERATOR_TOKEN,
						"--deskhand.audit.file=" + state.resolve("audit.jsonl"),
						"--deskhand.audit.key-file=" + state.resolve("audit-key"),
						"--deskhand.trajectory.dir=" + state.resolve("trajectories")));
		arguments.addAll(OwnDisplayLiveTesting.paintArguments("paint", state.resolve("typed.txt")));
		context = OwnDisplayLiveTesting.start(arguments);
		agentDisplay = context.getBean(DesktopDriver.class).agentDisplay().orElseThrow().name();
		// the person arranges their desktop: the agent's window to the right, their own
		// witness on the left, their pointer in it
		String xephyr = OwnDisplayLiveTesting.windowsNamed(person.display(), "^Deskhand agent display").get(0);
		person.run(WAIT, "xdotool", "windowmove", xephyr, "860", "300").requireSuccess();
		witness = WitnessWindow.open(person, "Person's own witness", 60, 60, 700, 450);
		witness.focus();
		person.run(WAIT, "xdotool", "mousemove", "400", "300").requireSuccess();
		agent = McpTestClients.streamable(OwnDisplayLiveTesting.port(context));
		awaitAgentsMayAct();
	}

	@AfterAll
	static void stop() {
		if (agent != null) {
			agent.closeGracefully();
		}
		if (context != null && context.isActive()) {
			context.close();
		}
		if (witness != null) {
			witness.close();
		}
		if (green != null) {
			green.destroyForcibly();
		}
		if (person != null) {
			person.close();
		}
	}

	@Test
	@Order(1)
	void theAgentsApplicationOpensOnItsDisplayAndItsScreenshotShowsOnlyThatDisplay() {
		Set<String> personsWindows = OwnDisplayLiveTesting.topLevelWindows(person.display());
		assertThat(OwnDisplayLiveTesting.windowsNamed(agentDisplay, "^agent-paint$")).isEmpty();

		CallToolResult opened = call(agent, "open_application", Map.of("app", "paint"));
		assertThat(opened.isError()).as(text(opened)).isNotEqualTo(Boolean.TRUE);
		assertThat(text(opened)).contains("\"launched\":true", "\"title\":\"agent-paint\"");

		// xdotool on each display: the window is on the agent's, not on the person's
		assertThat(OwnDisplayLiveTesting.windowsNamed(agentDisplay, "^agent-paint$")).hasSize(1);
		assertThat(OwnDisplayLiveTesting.windowsNamed(person.display(), "^agent-paint$")).isEmpty();
		assertThat(OwnDisplayLiveTesting.topLevelWindows(person.display())).isEqualTo(personsWindows);

		BufferedImage screenshot = image(call(agent, "screenshot", Map.of()));
		assertThat(screenshot.getWidth()).isEqualTo(1024);
		assertThat(screenshot.getHeight()).isEqualTo(700);
		assertThat(count(screenshot, MAGENTA)).as("the agent's magenta window in its screenshot").isGreaterThan(50_000);
		assertThat(count(screenshot, GREEN)).as("the person's green window in the agent's screenshot").isZero();
	}

	@Test
	@Order(2)
	void theXephyrWindowOnThePersonsDisplayShowsTheAgentsWork() {
		ScreenRect xephyr = OwnDisplayLiveTesting.windowRect(person.display(), AgentDisplay.title(agentDisplay));
		assertThat(xephyr.width()).isEqualTo(1024);
		await().atMost(WAIT).untilAsserted(() -> {
			BufferedImage screen = person.importRoot();
			assertThat(count(screen, xephyr, MAGENTA)).as("magenta inside the Xephyr window").isGreaterThan(50_000);
			assertThat(count(screen, MAGENTA) - count(screen, xephyr, MAGENTA)).as("magenta outside it").isZero();
			assertThat(count(screen, GREEN)).as("the person's own green window").isGreaterThan(10_000);
		});
	}

	@Test
	@Order(3)
	void theAgentClicksAndTypesWithoutThePersonsPointerFocusOrWindowsNoticing() throws Exception {
		Pointer pointer = person.pointerLocation();
		long focus = focusedWindow();
		double preemptions = preemptions();
		witness.clearEvents();

		assertThat(text(call(agent, "left_click", Map.of("coordinate", List.of(200, 160))))).doesNotStartWith("E_");
		assertThat(text(call(agent, "type", Map.of("text", "hello beside")))).doesNotStartWith("E_");
		assertThat(text(call(agent, "key", Map.of("text", "Return")))).doesNotStartWith("E_");
		assertThat(text(call(agent, "left_click", Map.of("coordinate", List.of(300, 220))))).doesNotStartWith("E_");

		// the shell in the agent's xterm got the line, and its pointer is where it
		// clicked last, on the agent display
		Path typed = state.resolve("typed.txt");
		await().atMost(WAIT).until(() -> Files.exists(typed) && Files.readString(typed).contains("hello beside\n"));
		assertThat(OwnDisplayLiveTesting.run(agentDisplay, "xdotool", "getmouselocation").stdout())
			.startsWith("x:300 y:220 ");
		// the person's side saw nothing
		Thread.sleep(500);
		assertThat(witness.events()).isEmpty();
		assertThat(person.pointerLocation()).isEqualTo(pointer);
		assertThat(focusedWindow()).isEqualTo(focus);
		assertThat(preemptions()).isEqualTo(preemptions);
		assertThat(desk().path("holder").asString()).isEqualTo("agent");
	}

	@Test
	@Order(4)
	void thePersonTypingOnTheirOwnDisplayDoesNotStopTheAgent() {
		double preemptions = preemptions();
		witness.clearEvents();
		CompletableFuture<String> hold = CompletableFuture
			.supplyAsync(() -> text(call(agent, "hold_key", Map.of("text", "shift", "duration", 2))));
		await().atMost(WAIT).until(() -> agentKeysDown() > 0);
		person.run(WAIT, "xdotool", "type", "--delay", "30", "person types").requireSuccess();
		person.run(WAIT, "xdotool", "mousemove", "420", "320").requireSuccess();
		witness.awaitText("person types", WAIT);
		assertThat(hold.orTimeout(WAIT.toMillis(), TimeUnit.MILLISECONDS).join()).doesNotStartWith("E_");
		assertThat(preemptions()).isEqualTo(preemptions);
		assertThat(desk().path("holder").asString()).isEqualTo("agent");
	}

	@Test
	@Order(5)
	void theFailsafeChordOnThePersonsKeyboardTripsIt() {
		assertThat(failsafe().path("tripped").asBoolean()).isFalse();
		try {
			person.run(WAIT, "xdotool", "keydown", "ctrl", "alt", "Escape").requireSuccess();
			await().atMost(WAIT).until(() -> failsafe().path("tripped").asBoolean());
		}
		finally {
			person.run(WAIT, "xdotool", "keyup", "Escape", "alt", "ctrl");
		}
		assertThat(text(call(agent, "mouse_move", Map.of("coordinate", List.of(100, 100))))).startsWith("E_");
		operator().send("POST", "/actuator/failsafe", "{\"action\":\"reset\"}");
		await().atMost(WAIT).until(() -> !failsafe().path("tripped").asBoolean());
		awaitAgentsMayAct();
	}

	@Test
	@Order(6)
	void thePersonReachingIntoTheXephyrWindowStopsTheAgent() {
		double preemptions = preemptions();
		CompletableFuture<String> hold = CompletableFuture
			.supplyAsync(() -> text(call(agent, "hold_key", Map.of("text", "shift", "duration", 5))));
		await().atMost(WAIT).until(() -> agentKeysDown() > 0);
		ScreenRect xephyr = OwnDisplayLiveTesting.windowRect(person.display(), AgentDisplay.title(agentDisplay));
		person.run(WAIT, "xdotool", "mousemove", String.valueOf(xephyr.centerX()), String.valueOf(xephyr.centerY()))
			.requireSuccess();
		person.run(WAIT, "xdotool", "click", "1").requireSuccess();
		assertThat(hold.orTimeout(WAIT.toMillis(), TimeUnit.MILLISECONDS).join())
			.startsWith("E_BUSY: the person at the desk started using it");
		assertThat(preemptions()).isGreaterThan(preemptions);
		assertThat(agentKeysDown()).isZero();
		// the person leaves the agent's window again
		person.run(WAIT, "xdotool", "mousemove", "400", "300").requireSuccess();
		awaitAgentsMayAct();
	}

	@Test
	@Order(7)
	void shutdownStopsTheAgentDisplayAndDeletesItsLockFile() {
		X11ManagedDisplay display = context.getBean(X11DesktopDriver.class).managedDisplay();
		long xephyr = display.xvfbPid();
		long openbox = display.openboxPid().orElseThrow();
		assertThat(ProcessHandle.of(xephyr).map(ProcessHandle::isAlive)).contains(true);
		assertThat(state.resolve("own-display.lock")).content().contains(" Xephyr " + agentDisplay, " openbox ");
		assertThat(auditLines()).anyMatch((line) -> line.contains("\"server-started\"")
				&& line.contains("\"working_mode\":\"own-display\"") && line.contains(agentDisplay));

		agent.closeGracefully();
		agent = null;
		context.close();

		assertThat(ProcessHandle.of(xephyr).filter(ProcessHandle::isAlive)).isEmpty();
		assertThat(ProcessHandle.of(openbox).filter(ProcessHandle::isAlive)).isEmpty();
		assertThat(state.resolve("own-display.lock")).doesNotExist();
		assertThat(OwnDisplayLiveTesting.windowsNamed(person.display(), "^Deskhand agent display")).isEmpty();
	}

	private static void awaitAgentsMayAct() {
		await().atMost(WAIT).pollInterval(Duration.ofMillis(100)).until(() -> {
			String answer = text(call(agent, "mouse_move", Map.of("coordinate", List.of(900, 600))));
			return !answer.startsWith("E_");
		});
	}

	private static long focusedWindow() {
		return Long.parseLong(person.run(WAIT, "xdotool", "getwindowfocus").requireSuccess().stdout().trim());
	}

	private static int agentKeysDown() {
		// xinput is not everywhere; the keymap by the test's own X connection is
		try (X11Connection connection = X11Connection.open(agentDisplay, "test")) {
			byte[] down = connection.queryKeymap();
			int count = 0;
			for (byte b : down) {
				count += Integer.bitCount(b & 0xff);
			}
			return count;
		}
	}

	private static double preemptions() {
		return context.getBean(MeterRegistry.class).get("deskhand.human.preemptions").counter().count();
	}

	private static OperatorApi operator() {
		return new OperatorApi(OwnDisplayLiveTesting.managementPort(context), OPERATOR_TOKEN);
	}

	private static JsonNode desk() {
		return JSON.readTree(operator().get("/actuator/desk").body());
	}

	private static JsonNode failsafe() {
		return JSON.readTree(operator().get("/actuator/failsafe").body());
	}

	private static List<String> auditLines() {
		try {
			return Files.readAllLines(state.resolve("audit.jsonl"));
		}
		catch (java.io.IOException ex) {
			throw new java.io.UncheckedIOException(ex);
		}
	}

}
