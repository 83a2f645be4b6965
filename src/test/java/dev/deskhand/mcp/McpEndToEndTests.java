package dev.deskhand.mcp;

import java.awt.image.BufferedImage;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
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

import dev.deskhand.platform.Frame;
import dev.deskhand.screen.codec.AreaAverageScaler;
import dev.deskhand.testing.OperatorApi;
import dev.deskhand.testing.Pointer;
import dev.deskhand.testing.ScreenRect;
import dev.deskhand.testing.TestDesktop;
import dev.deskhand.testing.witness.WitnessWindow;

import static dev.deskhand.mcp.McpTestClients.call;
import static dev.deskhand.mcp.McpTestClients.image;
import static dev.deskhand.mcp.McpTestClients.text;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The whole slice through a real MCP client: the official Java SDK client calls Deskhand
 * over Streamable HTTP (and legacy SSE), Deskhand drives a real Xvfb desktop, and an
 * independent Swing witness in another JVM, {@code xdotool} and ImageMagick report what
 * actually happened.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "management.server.port=0", "deskhand.display.managed=false", "deskhand.screenshot.settle=50ms",
				"deskhand.approval.policies.pointer=allow", "deskhand.approval.policies.keyboard=allow",
				"deskhand.audit.enabled=false", "deskhand.security.operator-token=" + McpEndToEndTests.OPERATOR_TOKEN })
class McpEndToEndTests {

	static final String OPERATOR_TOKEN = "end-to-end-operator-token";

	private static final Duration WAIT = Duration.ofSeconds(10);

	// 1920x1080 display, 1280x720 screenshots: 1.5 screen pixels per image pixel.
	private static final double SCALE = 1.5;

	private static WitnessWindow witness;

	@LocalServerPort
	private int port;

	@LocalManagementPort
	private int managementPort;

	private McpSyncClient client;

	@DynamicPropertySource
	static void display(DynamicPropertyRegistry registry) {
		registry.add("deskhand.display.name", () -> TestDesktop.shared().display());
	}

	@BeforeAll
	static void openWitness() {
		witness = WitnessWindow.open(TestDesktop.shared(), "Deskhand MCP witness", 300, 200, 900, 600);
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
		witness.clearEvents();
	}

	@AfterEach
	void disconnect() {
		this.client.closeGracefully();
	}

	@Test
	@SuppressWarnings("unchecked")
	void listsEveryToolWithTruthfulHints() {
		List<McpSchema.Tool> tools = this.client.listTools().tools();
		assertThat(tools).extracting(McpSchema.Tool::name)
			.contains("screenshot", "zoom", "cursor_position", "list_displays", "mouse_move", "left_click",
					"right_click", "middle_click", "double_click", "triple_click", "left_click_drag", "left_mouse_down",
					"left_mouse_up", "scroll", "type", "key", "hold_key", "wait", "computer_batch");
		McpSchema.Tool screenshot = tool(tools, "screenshot");
		assertThat(screenshot.annotations().readOnlyHint()).isTrue();
		assertThat(screenshot.annotations().destructiveHint()).isFalse();
		assertThat(tool(tools, "left_click").annotations().readOnlyHint()).isFalse();
		assertThat((Map<String, Object>) tool(tools, "left_click").inputSchema().get("properties"))
			.containsKeys("coordinate", "text", "display_id", "screenshot_after");
		assertThat((List<Object>) tool(tools, "left_click_drag").inputSchema().get("required"))
			.contains("start_coordinate", "coordinate");
	}

	@Test
	void screenshotIsTheDesktopScaledToTheImageBudget() {
		CallToolResult result = call(this.client, "screenshot", Map.of());
		assertThat(result.isError()).isNotEqualTo(Boolean.TRUE);
		assertThat(McpTestClients.imageBlock(result).mimeType()).isEqualTo("image/png");
		assertThat(text(result)).contains("\"width\":1280", "\"height\":720", "\"display_id\"");
		BufferedImage shot = image(result);
		assertThat(shot.getWidth()).isEqualTo(1280);
		assertThat(shot.getHeight()).isEqualTo(720);

		// Independent capture: ImageMagick's import, scaled the same way, pixel for
		// pixel.
		BufferedImage root = TestDesktop.shared().importRoot();
		int[] rootPixels = root.getRGB(0, 0, root.getWidth(), root.getHeight(), null, 0, root.getWidth());
		Frame expected = new AreaAverageScaler().scale(new Frame(root.getWidth(), root.getHeight(), rootPixels), 1280,
				720);
		int differing = 0;
		int samples = 1280 * 720;
		for (int y = 0; y < 720; y++) {
			for (int x = 0; x < 1280; x++) {
				if (channelDistance(expected.rgb(x, y), shot.getRGB(x, y)) > 8) {
					differing++;
				}
			}
		}
		// The witness caret blinks; everything else must match.
		assertThat(differing).isLessThan(samples / 200);
	}

	@Test
	void zoomShowsTheRegionAtNativeResolution() {
		CallToolResult result = call(this.client, "zoom", Map.of("region", List.of(200, 100, 520, 280)));
		assertThat(result.isError()).isNotEqualTo(Boolean.TRUE);
		BufferedImage zoomed = image(result);
		assertThat(zoomed.getWidth()).isEqualTo(480);
		assertThat(zoomed.getHeight()).isEqualTo(270);
		BufferedImage root = TestDesktop.shared().importRoot();
		// Native pixels, not rescaled: compare a few exactly, away from the blinking
		// caret.
		assertThat(zoomed.getRGB(10, 10) & 0xFFFFFF).isEqualTo(root.getRGB(310, 160) & 0xFFFFFF);
		assertThat(zoomed.getRGB(470, 5) & 0xFFFFFF).isEqualTo(root.getRGB(770, 155) & 0xFFFFFF);
	}

	@Test
	void leftClickLandsOnTheWitnessAtTheImagePixel() {
		ScreenRect area = witness.bounds();
		int imageX = (int) ((area.x() + 100) / SCALE);
		int imageY = (int) ((area.y() + 80) / SCALE);
		CallToolResult result = call(this.client, "left_click", Map.of("coordinate", List.of(imageX, imageY)));
		assertThat(result.isError()).as(text(result)).isNotEqualTo(Boolean.TRUE);
		Map<String, String> press = WitnessWindow.fields(witness.awaitEvent(startsWith("PRESS"), WAIT));
		assertThat(press.get("button")).isEqualTo("1");
		assertWithinOneImagePixel(press, imageX, imageY);
		Pointer pointer = TestDesktop.shared().pointerLocation();
		assertThat(Math.abs(pointer.x() / SCALE - imageX)).isLessThanOrEqualTo(1.0);
		assertThat(Math.abs(pointer.y() / SCALE - imageY)).isLessThanOrEqualTo(1.0);

		CallToolResult cursor = call(this.client, "cursor_position", Map.of());
		assertThat(text(cursor)).contains("\"coordinate\":[" + imageX + "," + imageY + "]");
	}

	@Test
	void otherButtonsAndMultiClicksArrive() {
		ScreenRect area = witness.bounds();
		List<Integer> point = imagePoint(area, 200, 120);
		call(this.client, "right_click", Map.of("coordinate", point));
		witness.awaitEvent((e) -> e.startsWith("RELEASE") && e.contains("button=3"), WAIT);
		call(this.client, "middle_click", Map.of("coordinate", point));
		witness.awaitEvent((e) -> e.startsWith("RELEASE") && e.contains("button=2"), WAIT);
		// Each multi-click at its own spot: a toolkit keeps counting clicks that land
		// close together.
		call(this.client, "double_click", Map.of("coordinate", imagePoint(area, 100, 300)));
		witness.awaitEvent((e) -> e.startsWith("CLICK") && e.contains("count=2"), WAIT);
		call(this.client, "triple_click", Map.of("coordinate", imagePoint(area, 500, 200)));
		witness.awaitEvent((e) -> e.startsWith("CLICK") && e.contains("count=3"), WAIT);
		call(this.client, "left_click", Map.of("coordinate", imagePoint(area, 300, 400), "text", "ctrl"));
		String ctrlClick = witness
			.awaitEvent((e) -> e.startsWith("PRESS") && e.contains("button=1") && e.contains("Ctrl"), WAIT);
		assertThat(WitnessWindow.fields(ctrlClick).get("mods")).contains("Ctrl");
		awaitNoKeysDown();
	}

	@Test
	void dragPressesAtTheStartAndReleasesAtTheEnd() {
		ScreenRect area = witness.bounds();
		List<Integer> start = List.of((int) ((area.x() + 50) / SCALE), (int) ((area.y() + 50) / SCALE));
		List<Integer> end = List.of((int) ((area.x() + 400) / SCALE), (int) ((area.y() + 300) / SCALE));
		CallToolResult result = call(this.client, "left_click_drag",
				Map.of("start_coordinate", start, "coordinate", end));
		assertThat(result.isError()).as(text(result)).isNotEqualTo(Boolean.TRUE);
		Map<String, String> press = WitnessWindow.fields(witness.awaitEvent(startsWith("PRESS"), WAIT));
		assertWithinOneImagePixel(press, start.get(0), start.get(1));
		witness.awaitEvent(startsWith("DRAG"), WAIT);
		Map<String, String> release = WitnessWindow.fields(witness.awaitEvent(startsWith("RELEASE"), WAIT));
		assertWithinOneImagePixel(release, end.get(0), end.get(1));
		assertThat(TestDesktop.shared().buttonsDownMask()).isZero();
	}

	@Test
	void scrollTurnsTheWheelBothWays() {
		ScreenRect area = witness.bounds();
		List<Integer> point = List.of((int) ((area.x() + 300) / SCALE), (int) ((area.y() + 200) / SCALE));
		call(this.client, "scroll", Map.of("coordinate", point, "scroll_direction", "down", "scroll_amount", 3));
		assertThat(witness.awaitEvents((e) -> e.startsWith("WHEEL") && e.contains("rotation=1"), 3, WAIT)).hasSize(3);
		call(this.client, "scroll", Map.of("coordinate", point, "scroll_direction", "up", "scroll_amount", 2));
		assertThat(witness.awaitEvents((e) -> e.startsWith("WHEEL") && e.contains("rotation=-1"), 2, WAIT)).hasSize(2);
	}

	@Test
	void typeDeliversUnicodeExactlyAndKeyChordsCarryModifiers() {
		clearWitnessText();
		String text = "Grüße, 世界 ✓ — naïve €5 → ok";
		CallToolResult typed = call(this.client, "type", Map.of("text", text));
		assertThat(typed.isError()).as(text(typed)).isNotEqualTo(Boolean.TRUE);
		witness.awaitText(text, WAIT);

		witness.clearEvents();
		call(this.client, "key", Map.of("text", "ctrl+shift+t"));
		String keydown = witness.awaitEvent((e) -> e.startsWith("KEYDOWN") && e.contains("code=T"), WAIT);
		assertThat(keydown).contains("Ctrl").contains("Shift");
		awaitNoKeysDown();
	}

	@Test
	void badArgumentsAreErrorsAndNothingHappens() {
		Pointer before = TestDesktop.shared().pointerLocation();
		CallToolResult outside = call(this.client, "left_click", Map.of("coordinate", List.of(1280, 10)));
		assertThat(outside.isError()).isTrue();
		assertThat(text(outside)).startsWith("E_ARGS: ").contains("outside the screenshot");
		CallToolResult badKey = call(this.client, "key", Map.of("text", "ctrl+nosuchkey"));
		assertThat(text(badKey)).startsWith("E_ARGS: ").contains("nosuchkey");
		CallToolResult badBatch = call(this.client, "computer_batch", Map.of("actions",
				List.of(Map.of("action", "mouse_move", "coordinate", List.of(5, 5)), Map.of("action", "explode"))));
		assertThat(badBatch.isError()).isTrue();
		assertThat(text(badBatch)).startsWith("E_ARGS: actions[1]").contains("nothing ran");
		CallToolResult noDisplay = call(this.client, "screenshot", Map.of("display_id", "nope"));
		assertThat(text(noDisplay)).startsWith("E_NOT_FOUND: ");
		assertThat(TestDesktop.shared().pointerLocation()).isEqualTo(before);
		assertThat(TestDesktop.shared().keysDown()).isEmpty();
	}

	@Test
	void aPointerActionHoldsModifierKeysOnlyAndADragCarriesThem() {
		ScreenRect area = witness.bounds();
		List<Integer> point = imagePoint(area, 300, 200);
		// Before: scroll returned "scrolled down 1" and pressed ctrl+alt+l (a system
		// chord) with only
		// the pointer allowed; a click accepted Return as a "modifier".
		CallToolResult chord = call(this.client, "scroll",
				Map.of("coordinate", point, "scroll_direction", "down", "scroll_amount", 1, "text", "ctrl+alt+l"));
		assertThat(text(chord)).startsWith("E_ARGS: ").contains("not a modifier");
		CallToolResult enter = call(this.client, "left_click", Map.of("coordinate", point, "text", "Return"));
		assertThat(text(enter)).startsWith("E_ARGS: ");
		CallToolResult lock = call(this.client, "left_click_drag",
				Map.of("start_coordinate", point, "coordinate", imagePoint(area, 350, 250), "text", "super+l"));
		assertThat(text(lock)).startsWith("E_ARGS: ");
		CallToolResult batch = call(this.client, "computer_batch", Map.of("actions",
				List.of(Map.of("action", "left_click", "coordinate", point, "text", "ctrl+alt+Delete"))));
		assertThat(text(batch)).startsWith("E_ARGS: actions[0]");

		CallToolResult drag = call(this.client, "left_click_drag",
				Map.of("start_coordinate", point, "coordinate", imagePoint(area, 350, 250), "text", "shift"));
		assertThat(drag.isError()).as(text(drag)).isNotEqualTo(Boolean.TRUE);
		Map<String, String> press = WitnessWindow.fields(witness.awaitEvent(startsWith("PRESS"), WAIT));
		assertThat(press.get("mods")).contains("Shift");
		witness.awaitEvent(startsWith("RELEASE"), WAIT);
		awaitNoKeysDown();
		assertThat(witness.events()).as("the refused calls pressed, turned and typed nothing")
			.noneMatch((e) -> e.startsWith("KEYDOWN") && !e.contains("code=Shift"))
			.noneMatch((e) -> e.startsWith("WHEEL"))
			.filteredOn((e) -> e.startsWith("PRESS"))
			.hasSize(1);
	}

	@Test
	void aBatchRunsInOrderAndCanEndWithAScreenshot() {
		clearWitnessText();
		ScreenRect area = witness.bounds();
		List<Integer> point = List.of((int) ((area.x() + 120) / SCALE), (int) ((area.y() + 90) / SCALE));
		CallToolResult result = call(this.client, "computer_batch", Map.of("actions",
				List.of(Map.of("action", "left_click", "coordinate", point), Map.of("action", "type", "text", "batch"),
						Map.of("action", "key", "text", "Return"), Map.of("action", "type", "text", "done")),
				"screenshot_after", true));
		assertThat(result.isError()).as(text(result)).isNotEqualTo(Boolean.TRUE);
		witness.awaitText("batch\ndone", WAIT);
		assertThat(image(result).getWidth()).isEqualTo(1280);
	}

	@Test
	void foreignOriginsAreRefusedOnBothTransports() throws Exception {
		HttpClient http = HttpClient.newHttpClient();
		String initialize = """
				{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18",\
				"capabilities":{},"clientInfo":{"name":"probe","version":"1"}}}""";
		HttpRequest evil = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + this.port + "/mcp"))
			.header("Content-Type", "application/json")
			.header("Accept", "application/json, text/event-stream")
			.header("Origin", "http://evil.example")
			.POST(HttpRequest.BodyPublishers.ofString(initialize))
			.build();
		assertThat(http.send(evil, HttpResponse.BodyHandlers.ofString()).statusCode()).isEqualTo(403);
		HttpRequest noOrigin = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + this.port + "/mcp"))
			.header("Content-Type", "application/json")
			.header("Accept", "application/json, text/event-stream")
			.POST(HttpRequest.BodyPublishers.ofString(initialize))
			.build();
		assertThat(http.send(noOrigin, HttpResponse.BodyHandlers.ofString()).statusCode()).isEqualTo(200);
		HttpRequest evilSse = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + this.port + "/sse"))
			.header("Accept", "text/event-stream")
			.header("Origin", "http://evil.example")
			.timeout(Duration.ofSeconds(5))
			.GET()
			.build();
		assertThat(http.send(evilSse, HttpResponse.BodyHandlers.discarding()).statusCode()).isEqualTo(403);
	}

	@Test
	void legacySseTransportServesTheSameTools() {
		McpSyncClient sse = McpTestClients.sse(this.port);
		try {
			assertThat(sse.listTools().tools()).extracting(McpSchema.Tool::name).contains("screenshot", "left_click");
			assertThat(image(call(sse, "screenshot", Map.of())).getWidth()).isEqualTo(1280);
			ScreenRect area = witness.bounds();
			List<Integer> point = List.of((int) ((area.x() + 140) / SCALE), (int) ((area.y() + 70) / SCALE));
			call(sse, "left_click", Map.of("coordinate", point));
			Map<String, String> press = WitnessWindow.fields(witness.awaitEvent(startsWith("PRESS"), WAIT));
			assertWithinOneImagePixel(press, point.get(0), point.get(1));
		}
		finally {
			sse.closeGracefully();
			// A legacy SSE session has no close signal Deskhand can see: free its input
			// lease the operator's way, as the next tests need it.
			new OperatorApi(this.managementPort, OPERATOR_TOKEN).revokeAllSessions();
		}
	}

	@Test
	void anUnknownToolsErrorNamesTheToolOnBothTransports() {
		assertUnknownToolNamed(this.client);
		McpSyncClient sse = McpTestClients.sse(this.port);
		try {
			assertUnknownToolNamed(sse);
		}
		finally {
			sse.closeGracefully();
		}
	}

	static void assertUnknownToolNamed(McpSyncClient client) {
		assertThatExceptionOfType(McpError.class).isThrownBy(() -> call(client, "lft_click", Map.of()))
			.satisfies((error) -> {
				assertThat(error.getJsonRpcError().code()).isEqualTo(McpSchema.ErrorCodes.INVALID_PARAMS);
				assertThat(error.getJsonRpcError().message()).isEqualTo("unknown tool 'lft_click': see tools/list");
			});
	}

	@Test
	void healthAndMetricsShowTheDriverAndTheCalls() throws Exception {
		call(this.client, "list_displays", Map.of());
		HttpClient http = HttpClient.newHttpClient();
		String health = http
			.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + this.managementPort + "/actuator/health"))
				.header("Authorization", "Bearer " + OPERATOR_TOKEN)
				.build(), HttpResponse.BodyHandlers.ofString())
			.body();
		assertThat(health).contains("\"deskhand\"", "\"driver\":\"x11\"", "\"queue\":\"healthy\"",
				"\"displayReachable\":true");
		String metric = http.send(HttpRequest
			.newBuilder(URI.create("http://127.0.0.1:" + this.managementPort
					+ "/actuator/metrics/deskhand.tool.calls?tag=tool:list_displays"))
			.header("Authorization", "Bearer " + OPERATOR_TOKEN)
			.build(), HttpResponse.BodyHandlers.ofString()).body();
		assertThat(metric).contains("\"COUNT\"");
		// Operators' port only: the agents' port does not serve actuator.
		int agentsActuator = http
			.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + this.port + "/actuator/health")).build(),
					HttpResponse.BodyHandlers.discarding())
			.statusCode();
		assertThat(agentsActuator).isEqualTo(404);
	}

	private void clearWitnessText() {
		witness.focus();
		call(this.client, "key", Map.of("text", "ctrl+a"));
		call(this.client, "key", Map.of("text", "BackSpace"));
		witness.awaitText("", WAIT);
		witness.clearEvents();
	}

	private static void awaitNoKeysDown() {
		long deadline = System.nanoTime() + WAIT.toNanos();
		while (!TestDesktop.shared().keysDown().isEmpty()) {
			if (System.nanoTime() > deadline) {
				throw new AssertionError("keys still down: " + TestDesktop.shared().keysDown());
			}
			Thread.onSpinWait();
		}
	}

	private static void assertWithinOneImagePixel(Map<String, String> event, int imageX, int imageY) {
		double x = Integer.parseInt(event.get("x")) / SCALE;
		double y = Integer.parseInt(event.get("y")) / SCALE;
		assertThat(Math.abs(x - imageX)).as("x of %s", event).isLessThanOrEqualTo(1.0);
		assertThat(Math.abs(y - imageY)).as("y of %s", event).isLessThanOrEqualTo(1.0);
	}

	private static List<Integer> imagePoint(ScreenRect area, int dx, int dy) {
		return List.of((int) ((area.x() + dx) / SCALE), (int) ((area.y() + dy) / SCALE));
	}

	private static Predicate<String> startsWith(String prefix) {
		return (event) -> event.startsWith(prefix);
	}

	private static McpSchema.Tool tool(List<McpSchema.Tool> tools, String name) {
		return tools.stream().filter((tool) -> tool.name().equals(name)).findFirst().orElseThrow();
	}

	private static int channelDistance(int a, int b) {
		return Math.max(Math.abs(((a >> 16) & 0xFF) - ((b >> 16) & 0xFF)),
				Math.max(Math.abs(((a >> 8) & 0xFF) - ((b >> 8) & 0xFF)), Math.abs((a & 0xFF) - (b & 0xFF))));
	}

}
