package dev.deskhand.agents.anthropic;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

import javax.imageio.ImageIO;

import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.json.JsonMapper;

import dev.deskhand.testing.ScreenRect;
import dev.deskhand.testing.TestDesktop;
import dev.deskhand.testing.witness.WitnessExtension;
import dev.deskhand.testing.witness.WitnessWindow;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code POST /agents/anthropic/computer} on a 3840x2160 Xvfb for an agent configured
 * with {@code anthropic-hd}: 2576x1449 screenshots, and a click in their pixels lands
 * where a Swing witness window records it, at 3840/2576 of them.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "management.server.port=0", "deskhand.display.managed=false", "deskhand.audit.enabled=false",
				"deskhand.approval.policies.pointer=allow", "deskhand.approval.policies.keyboard=allow",
				"deskhand.screenshot.settle=50ms", "deskhand.human.enabled=false",
				"deskhand.security.agent-tokens[0].name=claude",
				"deskhand.security.agent-tokens[0].token=" + AnthropicComputerLiveTests.CLAUDE,
				"deskhand.profiles.agents.claude=anthropic-hd" })
@DirtiesContext(classMode = DirtiesContext.ClassMode.AFTER_CLASS)
class AnthropicComputerLiveTests {

	static final String CLAUDE = "claude-token-0123456789abcdef";

	private static final Duration WAIT = Duration.ofSeconds(10);

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private static final double SCALE = 3840.0 / 2576;

	private static final Supplier<TestDesktop> DESKTOP = TestDesktop.onFirstUse("3840x2160x24");

	@RegisterExtension
	static final WitnessExtension WITNESS = WitnessExtension.on(DESKTOP, "Deskhand Anthropic witness", 1500, 900, 1200,
			800);

	private static String session;

	private final HttpClient http = HttpClient.newHttpClient();

	@LocalServerPort
	private int port;

	@DynamicPropertySource
	static void display(DynamicPropertyRegistry registry) {
		registry.add("deskhand.display.name", () -> DESKTOP.get().display());
	}

	private static WitnessWindow witness() {
		return WITNESS.window();
	}

	@Test
	void aScreenshotIsTheHdBudgetAndAClickInItsPixelsLandsOnTheWitness() throws Exception {
		Map<?, ?> first = post(toolUse("toolu_1", Map.of("action", "screenshot")), 200);
		Map<?, ?> shotResult = result(first, 0);
		assertThat(shotResult.get("tool_use_id")).isEqualTo("toolu_1");
		assertThat(shotResult.get("is_error")).isEqualTo(false);
		BufferedImage shot = image(shotResult);
		assertThat(shot.getWidth()).isEqualTo(2576);
		assertThat(shot.getHeight()).isEqualTo(1449);

		String before = witness().text();
		ScreenRect area = witness().bounds();
		int desktopX = area.x() + 417;
		int desktopY = area.y() + 283;
		int x = (int) Math.round(desktopX / SCALE);
		int y = (int) Math.round(desktopY / SCALE);
		Map<?, ?> reply = post(Map.of("tool_uses",
				List.of(toolUse("toolu_2", Map.of("action", "left_click", "coordinate", List.of(x, y))),
						toolUse("toolu_3", Map.of("action", "type", "text", "hd")),
						toolUse("toolu_4", Map.of("action", "cursor_position")))),
				200);

		assertThat(result(reply, 0).get("is_error")).isEqualTo(false);
		assertThat(image(result(reply, 1)).getWidth()).isEqualTo(2576);
		assertThat(String.valueOf(result(reply, 2).get("content"))).contains("X=" + x + ",Y=" + y);
		Map<String, String> press = WitnessWindow
			.fields(witness().awaitEvent((event) -> event.startsWith("PRESS button=1"), WAIT));
		assertThat(Integer.parseInt(press.get("x"))).isCloseTo(desktopX, Offset.offset(2));
		assertThat(Integer.parseInt(press.get("y"))).isCloseTo(desktopY, Offset.offset(2));
		witness().awaitText(before + "hd", WAIT);
		assertThat(DESKTOP.get().keysDown()).isEmpty();
		assertThat(DESKTOP.get().buttonsDownMask()).isZero();
	}

	@Test
	void aMalformedBlockInTheMiddleRunsNoneOfThem() throws Exception {
		String before = witness().text();
		Map<?, ?> reply = post(List.of(toolUse("toolu_5", Map.of("action", "type", "text", "never")),
				toolUse("toolu_6", Map.of("action", "key", "text", "NOSUCHKEY")),
				toolUse("toolu_7", Map.of("action", "left_click", "coordinate", List.of(10, 10)))), 400);

		// the block's own error, named by its index once: no inner batch index
		assertThat(String.valueOf(reply.get("error"))).startsWith("E_ARGS: tool_uses[1]: ")
			.endsWith("nothing ran")
			.doesNotContain("actions[")
			.containsOnlyOnce("nothing ran");
		Thread.sleep(300);
		assertThat(witness().text()).isEqualTo(before);
		assertThat(witness().events()).noneMatch((event) -> event.startsWith("PRESS"));
	}

	@Test
	void aZoomAnswersTheRegionOfTheLastScreenshotAtTheDesktopsOwnPixels() throws Exception {
		post(toolUse("toolu_9", Map.of("action", "screenshot")), 200);
		// the witness window's top-left corner: the frame, the desktop behind it and the
		// text area meet there, so a region off by a few pixels shows other pixels
		ScreenRect area = witness().bounds();
		int x0 = (int) ((area.x() - 60) / SCALE);
		int y0 = (int) ((area.y() - 40) / SCALE);
		int x1 = x0 + 140;
		int y1 = y0 + 90;
		Map<?, ?> reply = post(toolUse("toolu_10", Map.of("action", "zoom", "region", List.of(x0, y0, x1, y1))), 200);

		Map<?, ?> zoomed = result(reply, 0);
		assertThat(zoomed.get("is_error")).as("%s", zoomed.get("content")).isEqualTo(false);
		BufferedImage image = image(zoomed);
		BufferedImage root = DESKTOP.get().importRoot();
		// the region covers these desktop pixels, shown 1:1 (it is far under the budget)
		int left = (int) Math.floor(x0 * SCALE);
		int top = (int) Math.floor(y0 * SCALE);
		assertThat(image.getWidth()).isCloseTo((int) Math.ceil(x1 * SCALE) - left, Offset.offset(1));
		assertThat(image.getHeight()).isCloseTo((int) Math.ceil(y1 * SCALE) - top, Offset.offset(1));
		assertThat(mismatched(image, root, left, top)).as("share of pixels unlike ImageMagick's capture")
			.isLessThan(0.02);
		// and the test can tell: the same comparison 12 px off is far from it
		assertThat(mismatched(image, root, left + 12, top + 12)).isGreaterThan(0.05);
	}

	@Test
	void aBadZoomRegionIsRefusedAndNothingRuns() throws Exception {
		post(toolUse("toolu_11", Map.of("action", "screenshot")), 200);
		String before = witness().text();
		for (List<Integer> region : List.of(List.of(100, 100, 50, 150), List.of(0, 0, 2577, 10), List.of(1, 2, 3))) {
			Map<?, ?> reply = post(List.of(toolUse("toolu_12", Map.of("action", "type", "text", "never")),
					toolUse("toolu_13", Map.of("action", "zoom", "region", region))), 400);
			assertThat(String.valueOf(reply.get("error"))).as("%s", region)
				.startsWith("E_ARGS: tool_uses[1]:")
				.endsWith("nothing ran");
		}
		Thread.sleep(300);
		assertThat(witness().text()).isEqualTo(before);
		assertThat(witness().events()).noneMatch((event) -> event.startsWith("KEYDOWN"));
	}

	/**
	 * The share of the zoomed image's pixels that differ (by more than 24 in a channel)
	 * from the independent capture's at the given offset.
	 */
	private static double mismatched(BufferedImage zoomed, BufferedImage root, int left, int top) {
		int width = Math.min(zoomed.getWidth(), root.getWidth() - left);
		int height = Math.min(zoomed.getHeight(), root.getHeight() - top);
		int different = 0;
		for (int y = 0; y < height; y++) {
			for (int x = 0; x < width; x++) {
				int a = zoomed.getRGB(x, y);
				int b = root.getRGB(left + x, top + y);
				for (int shift = 0; shift <= 16; shift += 8) {
					if (Math.abs(((a >> shift) & 0xff) - ((b >> shift) & 0xff)) > 24) {
						different++;
						break;
					}
				}
			}
		}
		return different / (double) (width * height);
	}

	@Test
	void aToolOtherThanComputerIsRefused() throws Exception {
		Map<?, ?> reply = post(
				Map.of("type", "tool_use", "id", "toolu_8", "name", "bash", "input", Map.of("command", "rm -rf /")),
				400);
		assertThat(String.valueOf(reply.get("error"))).startsWith("E_UNSUPPORTED").contains("only the computer tool");
	}

	private static Map<String, Object> toolUse(String id, Map<String, Object> input) {
		return Map.of("type", "tool_use", "id", id, "name", "computer", "input", input);
	}

	private static Map<?, ?> result(Map<?, ?> reply, int index) {
		return (Map<?, ?>) ((List<?>) reply.get("tool_results")).get(index);
	}

	private static BufferedImage image(Map<?, ?> result) throws Exception {
		for (Object block : (List<?>) result.get("content")) {
			Map<?, ?> content = (Map<?, ?>) block;
			if ("image".equals(content.get("type"))) {
				Map<?, ?> source = (Map<?, ?>) content.get("source");
				assertThat(source.get("media_type")).isEqualTo("image/png");
				return ImageIO.read(new ByteArrayInputStream(Base64.getDecoder().decode((String) source.get("data"))));
			}
		}
		throw new AssertionError("no image in " + result);
	}

	private Map<?, ?> post(Object body, int expectedStatus) throws Exception {
		HttpRequest.Builder request = HttpRequest
			.newBuilder(URI.create("http://127.0.0.1:" + this.port + "/agents/anthropic/computer"))
			.timeout(Duration.ofSeconds(60))
			.header("Content-Type", "application/json")
			.header("Authorization", "Bearer " + CLAUDE)
			.POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body)));
		if (session != null) {
			// one loop, one session: the input lease is the session's
			request.header("Deskhand-Session", session);
		}
		HttpResponse<String> response = this.http.send(request.build(), HttpResponse.BodyHandlers.ofString());
		assertThat(response.statusCode()).as(response.body()).isEqualTo(expectedStatus);
		response.headers().firstValue("Deskhand-Session").ifPresent((handle) -> session = handle);
		return JSON.readValue(response.body(), Map.class);
	}

}
