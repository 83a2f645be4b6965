package dev.deskhand.agents.gemini;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

import javax.imageio.ImageIO;

import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.json.JsonMapper;

import dev.deskhand.approval.ApprovalService;
import dev.deskhand.approval.Decision;
import dev.deskhand.approval.PendingApproval;
import dev.deskhand.testing.ScreenRect;
import dev.deskhand.testing.TestDesktop;
import dev.deskhand.testing.witness.WitnessExtension;
import dev.deskhand.testing.witness.WitnessWindow;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code POST /agents/gemini/computer} with Gemini 3.5's newer function forms on a
 * 1920x1080 Xvfb, checked by a Swing witness window in its own JVM: a click on the 0-999
 * grid lands where the grid says, {@code type} types at the focus and presses Enter only
 * when asked, {@code hotkey} presses one chord, {@code scroll} turns the wheel by its
 * magnitude's share of the screen; and a call flagged {@code require_confirmation} waits
 * for a person, runs nothing when denied and is acknowledged only when confirmed.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "management.server.port=0", "deskhand.display.managed=false", "deskhand.audit.enabled=false",
				"deskhand.approval.policies.pointer=allow", "deskhand.approval.policies.keyboard=allow",
				"deskhand.screenshot.settle=50ms", "deskhand.human.enabled=false",
				"deskhand.security.agent-tokens[0].name=gem",
				"deskhand.security.agent-tokens[0].token=" + GeminiComputerLiveTests.GEM,
				// an agent whose sessions read image pixels, not Gemini's grid
				"deskhand.security.agent-tokens[1].name=pix",
				"deskhand.security.agent-tokens[1].token=" + GeminiComputerLiveTests.PIX,
				"deskhand.profiles.agents.pix=anthropic",
				// the two agents' sessions take turns at the input lease
				"deskhand.input.lease-idle=1ms" })
@DirtiesContext(classMode = DirtiesContext.ClassMode.AFTER_CLASS)
class GeminiComputerLiveTests {

	static final String GEM = "gem-token-0123456789abcdef";

	static final String PIX = "pix-token-0123456789abcdef";

	private static final Duration WAIT = Duration.ofSeconds(10);

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private static final int WIDTH = 1920;

	private static final int HEIGHT = 1080;

	private static final Supplier<TestDesktop> DESKTOP = TestDesktop.onFirstUse(WIDTH + "x" + HEIGHT + "x24");

	@RegisterExtension
	static final WitnessExtension WITNESS = WitnessExtension.on(DESKTOP, "Deskhand Gemini witness", 500, 250, 900, 600);

	private static String session;

	private final HttpClient http = HttpClient.newHttpClient();

	@LocalServerPort
	private int port;

	@Autowired
	private ApprovalService approvals;

	@DynamicPropertySource
	static void display(DynamicPropertyRegistry registry) {
		registry.add("deskhand.display.name", () -> DESKTOP.get().display());
	}

	private static WitnessWindow witness() {
		return WITNESS.window();
	}

	@Test
	void theNewerFormsClickOnTheGridTypeAHotkeyAndScroll() throws Exception {
		// a loop's first look: the gemini profile's 1440x810 of the 1920x1080 desktop
		Map<?, ?> first = post(List.of(), 200);
		BufferedImage shot = image((List<?>) first.get("parts"));
		assertThat(shot.getWidth()).isEqualTo(1440);
		assertThat(shot.getHeight()).isEqualTo(810);

		String before = witness().text();
		ScreenRect area = witness().bounds();
		int desktopX = area.x() + 331;
		int desktopY = area.y() + 207;
		// the grid is normalised to the screen: one cell is 1.92 x 1.08 desktop pixels
		int gridX = (int) Math.round(desktopX * 1000.0 / WIDTH);
		int gridY = (int) Math.round(desktopY * 1000.0 / HEIGHT);
		Map<?, ?> reply = post(List.of(call("click", Map.of("x", gridX, "y", gridY, "intent", "focus the text area")),
				call("type", Map.of("text", "gem", "press_enter", true)), call("type", Map.of("text", "ini")),
				call("hotkey", Map.of("keys", List.of("Control", "Shift", "k"))),
				// 500 of 1000 of the 810-px screenshot is 405 px: 4 clicks of 100 px
				call("scroll", Map.of("x", gridX, "y", gridY, "direction", "down", "magnitude", 500))), 200);

		List<?> responses = (List<?>) reply.get("function_responses");
		assertThat(responses).hasSize(5);
		for (Object entry : responses) {
			assertThat(response(entry).get("status")).as("%s", entry).isEqualTo("done");
		}
		assertThat(response(responses.get(1)).get("text")).isEqualTo("typed 3 characters and pressed Enter");
		assertThat(String.valueOf(response(responses.get(4)).get("text"))).startsWith("scrolled 4 clicks down");
		// one screenshot, with the last call's response
		assertThat(image((List<?>) ((Map<?, ?>) responses.get(4)).get("parts")).getWidth()).isEqualTo(1440);

		Map<String, String> press = WitnessWindow
			.fields(witness().awaitEvent((event) -> event.startsWith("PRESS button=1"), WAIT));
		assertThat(Integer.parseInt(press.get("x"))).isCloseTo(desktopX, Offset.offset(2));
		assertThat(Integer.parseInt(press.get("y"))).isCloseTo(desktopY, Offset.offset(2));
		// Enter after "gem" only: the second type was not asked to press it
		witness().awaitText(before + "gem\nini", WAIT);
		String chord = witness().awaitEvent((event) -> event.startsWith("KEYDOWN code=K"), WAIT);
		assertThat(WitnessWindow.fields(chord).get("mods")).isEqualTo("Ctrl+Shift");
		witness().awaitEvents((event) -> event.startsWith("WHEEL rotation=1"), 4, WAIT);
		Thread.sleep(300);
		assertThat(witness().events().stream().filter((event) -> event.startsWith("WHEEL"))).hasSize(4);
		assertThat(DESKTOP.get().keysDown()).isEmpty();
		assertThat(DESKTOP.get().buttonsDownMask()).isZero();
	}

	@Test
	void typeTextAtClearsTheFieldWithTheDesktopsSelectAllFirst() throws Exception {
		ScreenRect area = witness().bounds();
		int gridX = (int) Math.round((area.x() + 200) * 1000.0 / WIDTH);
		int gridY = (int) Math.round((area.y() + 100) * 1000.0 / HEIGHT);
		String before = witness().text();
		post(List.of(call("click", Map.of("x", gridX, "y", gridY)), call("type", Map.of("text", "old words"))), 200);
		witness().awaitText(before + "old words", WAIT);

		Map<?, ?> reply = post(List.of(call("type_text_at", Map.of("x", gridX, "y", gridY, "text", "fresh"))), 200);

		assertThat(response(((List<?>) reply.get("function_responses")).get(0)).get("text"))
			.isEqualTo("typed 5 characters and pressed Enter");
		// everything that was there is gone: select-all, Delete, then the text and Enter
		witness().awaitText("fresh\n", WAIT);
		assertThat(DESKTOP.get().keysDown()).isEmpty();
	}

	@Test
	void theOtherButtonsAndAScreenshotCallLandOnTheGrid() throws Exception {
		post(List.of(), 200);
		ScreenRect area = witness().bounds();
		int desktopX = area.x() + 611;
		int desktopY = area.y() + 389;
		int gridX = (int) Math.round(desktopX * 1000.0 / WIDTH);
		int gridY = (int) Math.round(desktopY * 1000.0 / HEIGHT);
		Map<String, Object> point = Map.of("x", gridX, "y", gridY);
		Map<?, ?> reply = post(List.of(call("move", point), call("right_click", point), call("double_click", point),
				call("take_screenshot", Map.of("intent", "look again"))), 200);

		List<?> responses = (List<?>) reply.get("function_responses");
		assertThat(responses).allSatisfy((entry) -> assertThat(response(entry).get("status")).isEqualTo("done"));
		assertThat(image((List<?>) ((Map<?, ?>) responses.get(3)).get("parts")).getWidth()).isEqualTo(1440);
		Map<String, String> right = WitnessWindow
			.fields(witness().awaitEvent((event) -> event.startsWith("PRESS button=3"), WAIT));
		assertThat(Integer.parseInt(right.get("x"))).isCloseTo(desktopX, Offset.offset(2));
		assertThat(Integer.parseInt(right.get("y"))).isCloseTo(desktopY, Offset.offset(2));
		List<String> lefts = witness().awaitEvents((event) -> event.startsWith("PRESS button=1"), 2, WAIT);
		for (String left : lefts) {
			assertThat(Integer.parseInt(WitnessWindow.fields(left).get("x"))).isCloseTo(desktopX, Offset.offset(2));
		}
		assertThat(DESKTOP.get().buttonsDownMask()).isZero();
	}

	@Test
	void aSafetyDecisionWaitsForAPersonAndADenialRunsNothing() throws Exception {
		post(List.of(), 200);
		ScreenRect area = witness().bounds();
		int desktopX = area.x() + 250;
		int desktopY = area.y() + 150;
		int gridX = (int) Math.round(desktopX * 1000.0 / WIDTH);
		int gridY = (int) Math.round(desktopY * 1000.0 / HEIGHT);
		Map<String, Object> flagged = new LinkedHashMap<>(Map.of("x", gridX, "y", gridY));
		flagged.put("safety_decision",
				Map.of("decision", "require_confirmation", "explanation", "The page asks to accept its cookies."));
		List<Map<String, Object>> calls = List.of(call("click", flagged), call("type", Map.of("text", "unsafe")));
		String before = witness().text();

		CompletableFuture<Map<?, ?>> denied = CompletableFuture.supplyAsync(() -> post(calls, 200));
		PendingApproval pending = awaitPending();
		assertThat(pending.request().summary()).contains("Gemini", "The page asks to accept its cookies.");
		assertThat(denied).isNotDone();
		this.approvals.decide(pending.id(), Decision.deny("operator"));
		List<?> refused = (List<?>) denied.get().get("function_responses");
		assertThat(String.valueOf(response(refused.get(0)).get("error"))).startsWith("E_DENIED");
		assertThat(response(refused.get(0)).containsKey("safety_acknowledgement")).isFalse();
		assertThat(response(refused.get(1)).get("status")).isEqualTo("not_executed");
		Thread.sleep(300);
		assertThat(witness().events()).noneMatch((event) -> event.startsWith("PRESS") || event.startsWith("KEYDOWN"));
		assertThat(witness().text()).isEqualTo(before);

		CompletableFuture<Map<?, ?>> approved = CompletableFuture.supplyAsync(() -> post(calls, 200));
		this.approvals.decide(awaitPending().id(), new Decision(true, Decision.Scope.ONCE, "operator"));
		List<?> done = (List<?>) approved.get().get("function_responses");
		assertThat(response(done.get(0)).get("status")).isEqualTo("done");
		assertThat(response(done.get(0)).get("safety_acknowledgement")).isEqualTo("true");
		assertThat(response(done.get(1)).containsKey("safety_acknowledgement")).isFalse();
		Map<String, String> press = WitnessWindow
			.fields(witness().awaitEvent((event) -> event.startsWith("PRESS button=1"), WAIT));
		assertThat(Integer.parseInt(press.get("x"))).isCloseTo(desktopX, Offset.offset(2));
		assertThat(Integer.parseInt(press.get("y"))).isCloseTo(desktopY, Offset.offset(2));
		witness().awaitText(before + "unsafe", WAIT);
		assertThat(DESKTOP.get().keysDown()).isEmpty();
	}

	@Test
	void aSessionInImagePixelsStillGetsTheCellGeminiMeant() throws Exception {
		// the agent's configured anthropic profile: 1280x720 screenshots in pixels
		Map<?, ?> first = post(PIX, null, List.of(), 200);
		assertThat(image((List<?>) first.get("parts")).getWidth()).isEqualTo(1280);
		String handle = String.valueOf(first.get("deskhand_session"));
		ScreenRect area = witness().bounds();
		int desktopX = area.x() + 420;
		int desktopY = area.y() + 310;
		int gridX = (int) Math.round(desktopX * 1000.0 / WIDTH);
		int gridY = (int) Math.round(desktopY * 1000.0 / HEIGHT);
		// read as pixels of 1280x720 it would land at 2/3 of the cell's pixel
		Map<?, ?> reply = post(PIX, handle, List.of(call("click_at", Map.of("x", gridX, "y", gridY))), 200);
		assertThat(response(((List<?>) reply.get("function_responses")).get(0)).get("status")).isEqualTo("done");
		Map<String, String> press = WitnessWindow
			.fields(witness().awaitEvent((event) -> event.startsWith("PRESS button=1"), WAIT));
		// a cell is 1.92 x 1.08 desktop pixels, an image pixel 1.5
		assertThat(Integer.parseInt(press.get("x"))).isCloseTo(desktopX, Offset.offset(3));
		assertThat(Integer.parseInt(press.get("y"))).isCloseTo(desktopY, Offset.offset(3));
		assertThat(DESKTOP.get().buttonsDownMask()).isZero();
	}

	@Test
	void aHeldButtonOrKeyIsRefusedAndNothingRuns() throws Exception {
		String before = witness().text();
		Map<?, ?> reply = post(List.of(call("type", Map.of("text", "never")), call("key_down", Map.of("key", "shift"))),
				400);
		assertThat(String.valueOf(reply.get("error"))).startsWith("E_UNSUPPORTED: function_calls[1]:")
			.contains("hotkey")
			.endsWith("nothing ran");
		Thread.sleep(300);
		assertThat(witness().text()).isEqualTo(before);
		assertThat(witness().events()).noneMatch((event) -> event.startsWith("KEYDOWN"));
	}

	private PendingApproval awaitPending() throws InterruptedException {
		long deadline = System.nanoTime() + WAIT.toNanos();
		while (System.nanoTime() < deadline) {
			List<PendingApproval> pending = new ArrayList<>(this.approvals.pending());
			if (!pending.isEmpty()) {
				return pending.get(0);
			}
			Thread.sleep(20);
		}
		throw new AssertionError("no approval was asked for");
	}

	private static Map<String, Object> call(String name, Map<String, Object> args) {
		return Map.of("name", name, "args", args);
	}

	private static Map<?, ?> response(Object entry) {
		return (Map<?, ?>) ((Map<?, ?>) entry).get("response");
	}

	private static BufferedImage image(List<?> parts) throws Exception {
		Map<?, ?> data = (Map<?, ?>) ((Map<?, ?>) parts.get(0)).get("inline_data");
		assertThat(data.get("mime_type")).isEqualTo("image/png");
		return ImageIO.read(new ByteArrayInputStream(Base64.getDecoder().decode((String) data.get("data"))));
	}

	private Map<?, ?> post(List<?> calls, int expectedStatus) {
		Map<?, ?> reply = post(GEM, session, calls, expectedStatus);
		if (reply.get("deskhand_session") instanceof String handle) {
			session = handle;
		}
		return reply;
	}

	private Map<?, ?> post(String token, String handle, List<?> calls, int expectedStatus) {
		try {
			HttpRequest.Builder request = HttpRequest
				.newBuilder(URI.create("http://127.0.0.1:" + this.port + "/agents/gemini/computer"))
				.timeout(Duration.ofSeconds(60))
				.header("Content-Type", "application/json")
				.header("Authorization", "Bearer " + token)
				.POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(Map.of("function_calls", calls))));
			if (handle != null) {
				// one loop, one session: the input lease is the session's
				request.header("Deskhand-Session", handle);
			}
			HttpResponse<String> response = this.http.send(request.build(), HttpResponse.BodyHandlers.ofString());
			assertThat(response.statusCode()).as(response.body()).isEqualTo(expectedStatus);
			return JSON.readValue(response.body(), Map.class);
		}
		catch (Exception ex) {
			throw new IllegalStateException(ex);
		}
	}

}
