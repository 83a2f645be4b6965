package dev.deskhand.agents.openai;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

import javax.imageio.ImageIO;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
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
 * {@code POST /agents/openai/computer} on a 2560x1440 Xvfb, checked by a Swing witness
 * window that records the presses and keys it receives. The {@code openai} profile sends
 * 1920x1080 (the default profile would send 1280x720), so a click in the screenshot's
 * pixels lands at 4/3 of them on the desktop only if the endpoint read it in the space of
 * the screenshot it served.
 */
@ExtendWith(OutputCaptureExtension.class)
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "management.server.port=0", "deskhand.display.managed=false", "deskhand.audit.enabled=false",
				"deskhand.approval.policies.pointer=allow", "deskhand.approval.policies.keyboard=allow",
				"deskhand.screenshot.settle=50ms", "deskhand.human.enabled=false",
				"deskhand.security.agent-tokens[0].name=alpha",
				"deskhand.security.agent-tokens[0].token=" + OpenAiComputerLiveTests.ALPHA,
				"deskhand.security.agent-tokens[1].name=beta",
				"deskhand.security.agent-tokens[1].token=" + OpenAiComputerLiveTests.BETA })
@DirtiesContext(classMode = DirtiesContext.ClassMode.AFTER_CLASS)
class OpenAiComputerLiveTests {

	static final String ALPHA = "alpha-token-0123456789abcdef";

	static final String BETA = "beta-token-0123456789abcdef";

	private static final Duration WAIT = Duration.ofSeconds(10);

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private static final Supplier<TestDesktop> DESKTOP = TestDesktop.onFirstUse("2560x1440x24");

	@RegisterExtension
	static final WitnessExtension WITNESS = WitnessExtension.on(DESKTOP, "Deskhand OpenAI witness", 600, 400, 1200,
			700);

	private static String alphaSession;

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
	void aBatchClicksWhereTheScreenshotShowedAndTypesAndAnswersOneScreenshot() throws Exception {
		Reply first = post(ALPHA, session(), call(List.of(Map.of("type", "screenshot"))), null);
		assertThat(first.status()).isEqualTo(200);
		assertThat(first.screenshot().getWidth()).isEqualTo(1920);
		assertThat(first.screenshot().getHeight()).isEqualTo(1080);
		String session = first.header();
		assertThat(session).isEqualTo(session()).isEqualTo(first.body().get("deskhand_session"));

		String before = witness().text();
		ScreenRect area = witness().bounds();
		int desktopX = area.x() + 400;
		int desktopY = area.y() + 300;
		// image pixels of the 1920-wide screenshot: 3/4 of the desktop's
		int x = desktopX * 3 / 4;
		int y = desktopY * 3 / 4;
		Reply batch = post(ALPHA, session,
				call(List.of(Map.of("type", "click", "x", x, "y", y, "button", "left"),
						Map.of("type", "type", "text", "hello"), Map.of("type", "keypress", "keys", List.of("ENTER")),
						Map.of("type", "scroll", "x", x, "y", y, "scroll_x", 0, "scroll_y", 300))),
				null);

		assertThat(batch.status()).isEqualTo(200);
		assertThat(batch.body().get("type")).isEqualTo("computer_call_output");
		assertThat(batch.body().get("call_id")).isEqualTo("call_1");
		Map<?, ?> deskhand = (Map<?, ?>) batch.body().get("deskhand");
		assertThat(deskhand.get("executed")).isEqualTo(4);
		assertThat(String.valueOf(deskhand.get("actions"))).contains("scrolled 3 clicks down (asked 300 px");
		assertThat(batch.screenshot().getWidth()).isEqualTo(1920);

		Map<String, String> press = WitnessWindow
			.fields(witness().awaitEvent((event) -> event.startsWith("PRESS button=1"), WAIT));
		assertThat(Integer.parseInt(press.get("x"))).isCloseTo(desktopX, org.assertj.core.data.Offset.offset(2));
		assertThat(Integer.parseInt(press.get("y"))).isCloseTo(desktopY, org.assertj.core.data.Offset.offset(2));
		witness().awaitText(before + "hello\n", WAIT);
		// three wheel clicks down
		witness().awaitEvents((event) -> event.startsWith("WHEEL rotation=1"), 3, WAIT);
		assertThat(DESKTOP.get().keysDown()).isEmpty();
		assertThat(DESKTOP.get().buttonsDownMask()).isZero();
	}

	@Test
	void aMalformedActionInTheMiddleRunsNothing() throws Exception {
		Reply reply = post(ALPHA, null, call(List.of(Map.of("type", "click", "x", 10, "y", 10),
				Map.of("type", "keypress", "keys", List.of("NOSUCHKEY")), Map.of("type", "type", "text", "never"))),
				null);

		assertThat(reply.status()).isEqualTo(400);
		// the action's own error, named by its index once: no inner batch index
		assertThat(String.valueOf(reply.body().get("error"))).startsWith("E_ARGS: actions[1]: ")
			.endsWith("nothing ran")
			.doesNotContain("actions[0]")
			.containsOnlyOnce("nothing ran");
		Thread.sleep(300);
		assertThat(witness().events()).noneMatch((event) -> event.startsWith("PRESS"));
		assertThat(witness().text()).doesNotContain("never");
	}

	@Test
	void aSafetyCheckWaitsForAPersonAndADenialRunsNothing(CapturedOutput output) throws Exception {
		Map<String, Object> call = new java.util.LinkedHashMap<>(
				call(List.of(Map.of("type", "type", "text", "unsafe"))));
		call.put("pending_safety_checks",
				List.of(Map.of("id", "cu_sc_1", "code", "malicious_instructions", "message", "The page asks to ...")));

		// the lease is the session's: one loop keeps one session
		String session = session();
		String before = witness().text();
		CompletableFuture<Reply> denied = CompletableFuture.supplyAsync(() -> post(ALPHA, session, call, null));
		PendingApproval pending = awaitPending();
		assertThat(pending.request().summary()).contains("malicious_instructions");
		assertThat(denied).isNotDone();
		// A vendor's loop has no channel back to a person: the log says where the
		// operator answers.
		assertThat(output.getOut()).contains("approval " + pending.id() + " waits for an operator: agent 'alpha'")
			.contains("/actuator/console or with POST http://127.0.0.1:")
			.contains("/actuator/approvals/" + pending.id());
		this.approvals.decide(pending.id(), Decision.deny("operator"));
		Reply reply = denied.get();
		assertThat(reply.status()).isEqualTo(200);
		assertThat(String.valueOf(reply.body().get("deskhand"))).contains("E_DENIED", "executed=0");
		assertThat(reply.body().get("acknowledged_safety_checks")).isEqualTo(List.of());
		assertThat(witness().text()).doesNotContain("unsafe");

		CompletableFuture<Reply> approved = CompletableFuture.supplyAsync(() -> post(ALPHA, session, call, null));
		this.approvals.decide(awaitPending().id(), new Decision(true, Decision.Scope.ONCE, "operator"));
		Reply done = approved.get();
		assertThat(done.body().get("acknowledged_safety_checks")).as("%s", done.body().get("deskhand"))
			.asString()
			.contains("cu_sc_1");
		witness().awaitText(before + "unsafe", WAIT);
	}

	@Test
	void tokensOriginAndAnotherAgentsSessionAreRefused() throws Exception {
		Map<String, Object> call = call(List.of(Map.of("type", "screenshot")));
		assertThat(post(null, null, call, null).status()).isEqualTo(401);
		assertThat(post(ALPHA, null, call, "http://evil.example").status()).isEqualTo(403);
		String alphas = post(ALPHA, null, call, null).header();
		Reply stolen = post(BETA, alphas, call, null);
		assertThat(stolen.status()).isEqualTo(404);
		assertThat(String.valueOf(stolen.body().get("error"))).startsWith("E_NOT_FOUND");
	}

	@Test
	void aBodyOfTheWrongShapeAndAnUnknownVendorAreNamed() throws Exception {
		Reply array = post(ALPHA, null, "/agents/openai/computer", List.of(call(List.of())), null);
		assertThat(array.status()).isEqualTo(400);
		assertThat(String.valueOf(array.body().get("error"))).startsWith("E_ARGS").contains("computer_call");
		Reply unknown = post(ALPHA, null, "/agents/mistral/computer", call(List.of()), null);
		assertThat(unknown.status()).isEqualTo(404);
		assertThat(String.valueOf(unknown.body().get("error"))).startsWith("E_NOT_FOUND")
			.contains("'mistral'")
			.contains("anthropic, gemini, openai");
	}

	/**
	 * Alpha's one session, as its loop would keep it (the input lease is a session's).
	 */
	private synchronized String session() {
		if (alphaSession == null) {
			Reply first = post(ALPHA, null, call(List.of(Map.of("type", "screenshot"))), null);
			assertThat(first.status()).isEqualTo(200);
			alphaSession = first.header();
			assertThat(alphaSession).isNotBlank();
		}
		return alphaSession;
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

	private static Map<String, Object> call(List<Map<String, Object>> actions) {
		return Map.of("type", "computer_call", "id", "cu_1", "call_id", "call_1", "actions", actions);
	}

	private Reply post(String token, String session, Map<String, Object> call, String origin) {
		return post(token, session, "/agents/openai/computer", call, origin);
	}

	private Reply post(String token, String session, String path, Object call, String origin) {
		try {
			HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + this.port + path))
				.timeout(Duration.ofSeconds(60))
				.header("Content-Type", "application/json")
				.POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(call)));
			if (token != null) {
				request.header("Authorization", "Bearer " + token);
			}
			if (session != null) {
				request.header("Deskhand-Session", session);
			}
			if (origin != null) {
				request.header("Origin", origin);
			}
			HttpResponse<String> response = this.http.send(request.build(), HttpResponse.BodyHandlers.ofString());
			Map<?, ?> body = response.body().isBlank() ? Map.of() : JSON.readValue(response.body(), Map.class);
			return new Reply(response.statusCode(), response.headers().firstValue("Deskhand-Session").orElse(null),
					body);
		}
		catch (Exception ex) {
			throw new IllegalStateException(ex);
		}
	}

	private record Reply(int status, String header, Map<?, ?> body) {

		BufferedImage screenshot() throws Exception {
			String url = (String) ((Map<?, ?>) this.body.get("output")).get("image_url");
			assertThat(url).startsWith("data:image/png;base64,");
			return ImageIO
				.read(new ByteArrayInputStream(Base64.getDecoder().decode(url.substring(url.indexOf(',') + 1))));
		}

	}

}
