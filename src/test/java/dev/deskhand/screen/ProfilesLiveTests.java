package dev.deskhand.screen;

import java.awt.image.BufferedImage;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import dev.deskhand.testing.ScreenRect;
import dev.deskhand.testing.TestDesktop;
import dev.deskhand.testing.witness.WitnessWindow;

import static dev.deskhand.mcp.McpTestClients.call;
import static dev.deskhand.mcp.McpTestClients.image;
import static dev.deskhand.mcp.McpTestClients.text;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Model profiles on a 4K Xvfb through a real MCP client: the screenshot each profile
 * makes, and where a click in its coordinates lands, as a Swing witness window records
 * it. Two agents with tokens: {@code planner} starts in the {@code gemini} profile
 * ({@code deskhand.profiles.agents}), {@code worker} in the default one.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "management.server.port=0", "deskhand.display.managed=false", "deskhand.audit.enabled=false",
				"deskhand.approval.policies.pointer=allow", "deskhand.screenshot.settle=50ms",
				"deskhand.security.agent-tokens[0].name=planner",
				"deskhand.security.agent-tokens[0].token=" + ProfilesLiveTests.PLANNER,
				"deskhand.security.agent-tokens[1].name=worker",
				"deskhand.security.agent-tokens[1].token=" + ProfilesLiveTests.WORKER,
				"deskhand.profiles.agents.planner=gemini" })
@DirtiesContext(classMode = DirtiesContext.ClassMode.AFTER_CLASS)
class ProfilesLiveTests {

	static final String PLANNER = "planner-token-0123456789abcdef";

	static final String WORKER = "worker-token-0123456789abcdef";

	private static final Duration WAIT = Duration.ofSeconds(10);

	private static TestDesktop desktop;

	private static WitnessWindow witness;

	@LocalServerPort
	private int port;

	private McpSyncClient client;

	@DynamicPropertySource
	static void display(DynamicPropertyRegistry registry) {
		registry.add("deskhand.display.name", () -> uhd().display());
	}

	static synchronized TestDesktop uhd() {
		if (desktop == null) {
			desktop = TestDesktop.start("3840x2160x24");
			TestDesktop started = desktop;
			// The Spring context outlives @AfterAll; the display must outlive the
			// context.
			Runtime.getRuntime().addShutdownHook(new Thread(started::close));
		}
		return desktop;
	}

	@BeforeAll
	static void openWitness() {
		witness = WitnessWindow.open(uhd(), "Deskhand profile witness", 1500, 900, 1200, 800);
	}

	@AfterAll
	static void closeWitness() {
		if (witness != null) {
			witness.close();
		}
	}

	@BeforeEach
	void connect() {
		this.client = client(WORKER);
		witness.focus();
		witness.clearEvents();
	}

	@AfterEach
	void disconnect() {
		this.client.closeGracefully();
	}

	private McpSyncClient client(String token) {
		McpSyncClient created = McpClient
			.sync(HttpClientStreamableHttpTransport.builder("http://127.0.0.1:" + this.port)
				.endpoint("/mcp")
				.httpRequestCustomizer((request, method, endpoint, body, context) -> request.header("Authorization",
						"Bearer " + token))
				.build())
			.clientInfo(new McpSchema.Implementation("profiles-test", "1.0"))
			.requestTimeout(Duration.ofSeconds(60))
			.build();
		created.initialize();
		return created;
	}

	/** A point well inside the witness's text area, on the desktop. */
	private static int[] target() {
		ScreenRect area = witness.bounds();
		return new int[] { area.x() + 417, area.y() + 283 };
	}

	private static int[] press() {
		Map<String, String> press = WitnessWindow.fields(witness.awaitEvent((e) -> e.startsWith("PRESS"), WAIT));
		// the witness reports points on the desktop (the X root window)
		return new int[] { Integer.parseInt(press.get("x")), Integer.parseInt(press.get("y")) };
	}

	@Test
	void theDefaultProfileSendsTheClassicBudgetAndAnthropicHdTheLargeOne() {
		CallToolResult classic = call(this.client, "screenshot", Map.of());
		assertThat(image(classic).getWidth()).isEqualTo(1280);
		assertThat(text(classic)).doesNotContain("coordinates");

		CallToolResult chosen = call(this.client, "set_profile", Map.of("profile", "anthropic-hd"));
		assertThat(text(chosen)).contains("\"profile\":\"anthropic-hd\"", "\"coordinates\":\"pixels\"");
		CallToolResult hd = call(this.client, "screenshot", Map.of());
		BufferedImage shot = image(hd);
		assertThat(shot.getWidth()).isEqualTo(2576);
		assertThat(shot.getHeight()).isEqualTo(1449);
		assertThat(text(hd)).contains("\"width\":2576", "\"height\":1449");

		int[] target = target();
		double scale = 2576.0 / 3840;
		List<Integer> pixel = List.of((int) (target[0] * scale), (int) (target[1] * 1449.0 / 2160));
		assertThat(call(this.client, "left_click", Map.of("coordinate", pixel)).isError()).isNotEqualTo(Boolean.TRUE);
		int[] pressed = press();
		// one image pixel covers 1.49 desktop pixels
		assertThat(Math.abs(pressed[0] - target[0])).isLessThanOrEqualTo(2);
		assertThat(Math.abs(pressed[1] - target[1])).isLessThanOrEqualTo(2);
		assertThat(desktop.pointerLocation().x()).isEqualTo(pressed[0]);
	}

	@Test
	void geminiCoordinatesAreOnTheGridOverTheScreenshotInAndOut() {
		CallToolResult chosen = call(this.client, "set_profile", Map.of("profile", "gemini"));
		assertThat(text(chosen)).contains("\"coordinates\":\"grid-1000\"");
		CallToolResult shot = call(this.client, "screenshot", Map.of());
		assertThat(image(shot).getWidth()).isEqualTo(1440);
		assertThat(image(shot).getHeight()).isEqualTo(810);
		assertThat(text(shot)).contains("\"coordinates\":\"grid-1000\"");

		int[] target = target();
		// Gemini's rule: desktop = grid / 1000 * size
		List<Integer> cell = List.of(target[0] * 1000 / 3840, target[1] * 1000 / 2160);
		assertThat(call(this.client, "left_click", Map.of("coordinate", cell)).isError()).isNotEqualTo(Boolean.TRUE);
		int[] pressed = press();
		// one cell is 3.84 x 2.16 desktop pixels
		assertThat(Math.abs(pressed[0] - target[0])).isLessThanOrEqualTo(4);
		assertThat(Math.abs(pressed[1] - target[1])).isLessThanOrEqualTo(3);
		assertThat(text(call(this.client, "cursor_position", Map.of())))
			.contains("\"coordinate\":[" + cell.get(0) + "," + cell.get(1) + "]");

		// a zoom's region is in the grid too: a quarter of each axis is a quarter of the
		// display, sent at native resolution
		BufferedImage zoomed = image(call(this.client, "zoom", Map.of("region", List.of(0, 0, 250, 250))));
		assertThat(zoomed.getWidth()).isEqualTo(960);
		assertThat(zoomed.getHeight()).isEqualTo(540);

		CallToolResult outside = call(this.client, "left_click", Map.of("coordinate", List.of(1200, 10)));
		assertThat(text(outside)).startsWith("E_ARGS: ").contains("0-999 grid");
	}

	@Test
	void aCoordinateIsReadInTheSpaceOfTheScreenshotTheSessionLastSaw() {
		call(this.client, "screenshot", Map.of());
		// the new profile makes the next screenshot; this click is still in the pixels
		// of the 1280x720 image the agent saw (3 desktop pixels per image pixel)
		call(this.client, "set_profile", Map.of("profile", "gemini"));
		int[] target = target();
		List<Integer> pixel = List.of(target[0] / 3, target[1] / 3);
		assertThat(call(this.client, "left_click", Map.of("coordinate", pixel)).isError()).isNotEqualTo(Boolean.TRUE);
		int[] pressed = press();
		assertThat(Math.abs(pressed[0] - target[0])).isLessThanOrEqualTo(3);
		assertThat(Math.abs(pressed[1] - target[1])).isLessThanOrEqualTo(3);

		witness.clearEvents();
		call(this.client, "screenshot", Map.of());
		// the same numbers now mean grid cells: far from the first click
		call(this.client, "left_click",
				Map.of("coordinate", List.of(target[0] * 1000 / 3840, target[1] * 1000 / 2160)));
		int[] again = press();
		assertThat(Math.abs(again[0] - target[0])).isLessThanOrEqualTo(4);
	}

	@Test
	void anAgentsSessionsStartWithItsConfiguredProfile() {
		McpSyncClient planner = client(PLANNER);
		try {
			CallToolResult shot = call(planner, "screenshot", Map.of());
			assertThat(image(shot).getWidth()).isEqualTo(1440);
			assertThat(text(shot)).contains("\"coordinates\":\"grid-1000\"");
			// its own choice wins over its agent's
			call(planner, "set_profile", Map.of("profile", "anthropic"));
			assertThat(image(call(planner, "screenshot", Map.of())).getWidth()).isEqualTo(1280);
		}
		finally {
			planner.closeGracefully();
		}
		// another agent's session is untouched
		assertThat(image(call(this.client, "screenshot", Map.of())).getWidth()).isEqualTo(1280);
		assertThat(text(call(this.client, "set_profile", Map.of("profile", "gpt-9")))).startsWith("E_ARGS: ")
			.contains("anthropic, anthropic-hd, openai, gemini");
	}

}
