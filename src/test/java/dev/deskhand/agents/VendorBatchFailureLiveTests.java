package dev.deskhand.agents;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.BooleanSupplier;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import java.util.zip.ZipOutputStream;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalManagementPort;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import dev.deskhand.testing.OperatorApi;
import dev.deskhand.testing.ScreenRect;
import dev.deskhand.testing.TestDesktop;
import dev.deskhand.testing.witness.WitnessExtension;
import dev.deskhand.testing.witness.WitnessWindow;
import dev.deskhand.trajectory.TrajectoryVerifier;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A vendor batch whose middle action fails at run time, through each vendor endpoint on
 * the shared 1920x1080 Xvfb: the operator trips the failsafe (the operator API) while the
 * middle action runs, which the test knows from what it can observe of the desktop (the
 * witness window, in a JVM of its own, got the first action's click; the X server holds
 * the key a {@code hold_key} holds). The reply marks the first action done, the middle
 * one failed and the last not executed, in the vendor's shape; the witness saw the first
 * and nothing after it (an xdotool marker typed afterwards is the next thing it got); and
 * the X server holds no key or button. Also: an endpoint's request is a step of its
 * session's record, its typed text redacted, the screenshot it answered kept as sent.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "management.server.port=0", "deskhand.display.managed=false",
				"deskhand.approval.policies.pointer=allow", "deskhand.approval.policies.keyboard=allow",
				"deskhand.screenshot.settle=50ms", "deskhand.human.enabled=false",
				"deskhand.security.operator-token=" + VendorBatchFailureLiveTests.OPERATOR_TOKEN,
				"deskhand.security.agent-tokens[0].name=vendor-loop",
				"deskhand.security.agent-tokens[0].token=" + VendorBatchFailureLiveTests.TOKEN })
@DirtiesContext(classMode = DirtiesContext.ClassMode.AFTER_CLASS)
class VendorBatchFailureLiveTests {

	static final String OPERATOR_TOKEN = "vendor-batch-operator-token";

	static final String TOKEN = "vendor-batch-token-0123456789abcdef";

	private static final String SECRET = "Geheim-Vendor-Text-41";

	private static final Duration WAIT = Duration.ofSeconds(15);

	private static final JsonMapper JSON = JsonMapper.builder().build();

	@TempDir
	static Path dir;

	@RegisterExtension
	static final WitnessExtension WITNESS = WitnessExtension.on(TestDesktop::shared, "Deskhand vendor batch witness",
			200, 150, 800, 500);

	@LocalServerPort
	private int port;

	@LocalManagementPort
	private int managementPort;

	private final HttpClient http = HttpClient.newHttpClient();

	@DynamicPropertySource
	static void properties(DynamicPropertyRegistry registry) {
		registry.add("deskhand.display.name", () -> TestDesktop.shared().display());
		registry.add("deskhand.audit.file", () -> dir.resolve("audit.jsonl").toString());
		registry.add("deskhand.audit.key-file", () -> dir.resolve("audit-key").toString());
		registry.add("deskhand.trajectory.dir", () -> dir.resolve("trajectories").toString());
	}

	@AfterEach
	void rearm() {
		operator().send("POST", "/actuator/failsafe", "{\"action\":\"reset\"}");
		// frees the input lease for the next test's new session
		operator().revokeAllSessions();
	}

	private static WitnessWindow witness() {
		return WITNESS.window();
	}

	@Test
	void openAiATripDuringTheMiddleWaitLeavesTheTypingUnexecutedAndNothingHeld() throws Exception {
		String before = witness().text();
		ScreenRect area = witness().bounds();
		// the openai profile sends the 1920x1080 desktop 1:1
		int x = area.x() + 400;
		int y = area.y() + 250;
		CompletableFuture<JsonNode> reply = postAsync("/agents/openai/computer",
				Map.of("type", "computer_call", "call_id", "call_mid", "actions",
						List.of(Map.of("type", "click", "x", x, "y", y), Map.of("type", "wait"),
								Map.of("type", "type", "text", "never"))));
		// the click is over (the witness got its release): the 2 s wait runs
		witness().awaitEvent((event) -> event.startsWith("RELEASE button=1"), WAIT);
		trip();

		JsonNode output = reply.get(WAIT.toSeconds(), java.util.concurrent.TimeUnit.SECONDS);
		assertThat(output.path("type").asString()).isEqualTo("computer_call_output");
		assertThat(output.path("call_id").asString()).isEqualTo("call_mid");
		JsonNode actions = output.path("deskhand").path("actions");
		assertThat(output.path("deskhand").path("executed").asInt()).isEqualTo(1);
		assertThat(actions.get(0).path("status").asString()).isEqualTo("done");
		assertThat(actions.get(1).path("status").asString()).isEqualTo("failed");
		assertThat(actions.get(1).path("error").asString()).startsWith("E_FAILSAFE: the failsafe tripped");
		assertThat(actions.get(2).path("status").asString()).isEqualTo("not_executed");
		assertThat(output.path("deskhand").path("error").asString()).startsWith("E_FAILSAFE");

		assertNothingHeld();
		assertTheNextThingTheWitnessGotIsTheMarker(before, 1);

		// the session's record has the request, ended as the failsafe ended it
		JsonNode step = lastStep(output.path("deskhand_session").asString(), 1);
		assertThat(step.path("tool").asString()).isEqualTo("openai_computer");
		assertThat(step.path("via").asString()).isEqualTo("/agents/openai/computer");
		assertThat(step.path("outcome").asString()).isEqualTo("E_FAILSAFE");
		// it verifies against the audit chain; a step made to say the batch went well
		// does not
		String id = recordOf(output.path("deskhand_session").asString(), 1).path("id").asString();
		byte[] zip = download(id);
		TrajectoryVerifier.Result valid = TrajectoryVerifier.verify(zip, dir.resolve("audit.jsonl"));
		assertThat(valid.valid()).as(valid.reason()).isTrue();
		byte[] forged = rewriteSteps(zip,
				(steps) -> steps.replace("\"outcome\":\"E_FAILSAFE\",\"message\"", "\"outcome\":\"ok\",\"message\""));
		TrajectoryVerifier.Result invalid = TrajectoryVerifier.verify(forged, dir.resolve("audit.jsonl"));
		assertThat(invalid.valid()).isFalse();
		assertThat(invalid.reason()).contains("openai_computer", "failed with E_FAILSAFE");
	}

	@Test
	void geminiATripDuringTheMiddleWaitLeavesTheTypingUnexecutedAndNothingHeld() throws Exception {
		String before = witness().text();
		ScreenRect area = witness().bounds();
		// the 0-999 grid over the 1920x1080 screenshot; each test clicks its own spot,
		// so that one test's click is never the second of a double click with the last
		int x = (area.x() + 480) * 1000 / 1920;
		int y = (area.y() + 300) * 1000 / 1080;
		CompletableFuture<JsonNode> reply = postAsync("/agents/gemini/computer",
				Map.of("function_calls",
						List.of(Map.of("name", "click_at", "args", Map.of("x", x, "y", y)),
								Map.of("name", "wait_5_seconds", "args", Map.of()), Map.of("name", "type_text_at",
										"args", Map.of("x", x, "y", y, "text", "never", "press_enter", false)))));
		witness().awaitEvent((event) -> event.startsWith("RELEASE button=1"), WAIT);
		trip();

		JsonNode responses = reply.get(WAIT.toSeconds(), java.util.concurrent.TimeUnit.SECONDS)
			.path("function_responses");
		assertThat(responses).hasSize(3);
		assertThat(responses.get(0).path("name").asString()).isEqualTo("click_at");
		assertThat(responses.get(0).path("response").path("status").asString()).isEqualTo("done");
		// the screen it left is on the last call that ran
		assertThat(responses.get(0).path("parts").get(0).path("inline_data").path("data").asString()).isNotBlank();
		assertThat(responses.get(1).path("response").path("error").asString()).startsWith("E_FAILSAFE");
		assertThat(responses.get(2).path("response").path("status").asString()).isEqualTo("not_executed");

		assertNothingHeld();
		// type_text_at would have clicked again
		assertTheNextThingTheWitnessGotIsTheMarker(before, 1);
	}

	@Test
	void anthropicATripWhileAKeyIsHeldReleasesItAndLeavesTheNextToolUseUnexecuted() throws Exception {
		String before = witness().text();
		ScreenRect area = witness().bounds();
		// the default profile sends the 1920x1080 desktop as 1280x720
		int x = (area.x() + 560) * 2 / 3;
		int y = (area.y() + 350) * 2 / 3;
		CompletableFuture<JsonNode> reply = postAsync("/agents/anthropic/computer",
				Map.of("tool_uses",
						List.of(toolUse("toolu_1", Map.of("action", "left_click", "coordinate", List.of(x, y))),
								toolUse("toolu_2", Map.of("action", "hold_key", "text", "shift", "duration", 30)),
								toolUse("toolu_3", Map.of("action", "type", "text", "never")))));
		// the X server holds shift: the second tool_use runs
		await(() -> !TestDesktop.shared().keysDown().isEmpty(), "shift held");
		trip();

		JsonNode results = reply.get(WAIT.toSeconds(), java.util.concurrent.TimeUnit.SECONDS).path("tool_results");
		assertThat(results).hasSize(3);
		assertThat(results.get(0).path("tool_use_id").asString()).isEqualTo("toolu_1");
		assertThat(results.get(0).path("is_error").asBoolean()).isFalse();
		assertThat(results.get(1).path("is_error").asBoolean()).isTrue();
		assertThat(results.get(1).path("content").get(0).path("text").asString()).startsWith("E_FAILSAFE");
		assertThat(results.get(2).path("is_error").asBoolean()).isTrue();
		assertThat(results.get(2).path("content").get(0).path("text").asString()).startsWith("not executed");

		assertNothingHeld();
		assertThat(witness().events()).anyMatch((event) -> event.startsWith("KEYUP") && event.contains("Shift"));
		assertTheNextThingTheWitnessGotIsTheMarker(before, 1);
	}

	@Test
	void anOpenAiRequestIsAStepOfItsSessionsRecordWithItsTypedTextRedacted() throws Exception {
		String before = witness().text();
		ScreenRect area = witness().bounds();
		JsonNode output = postAsync("/agents/openai/computer",
				Map.of("type", "computer_call", "call_id", "call_rec", "actions",
						List.of(Map.of("type", "click", "x", area.x() + 300, "y", area.y() + 200),
								Map.of("type", "type", "text", SECRET))))
			.get(WAIT.toSeconds(), java.util.concurrent.TimeUnit.SECONDS);
		assertThat(output.path("deskhand").path("executed").asInt()).as("%s", output.path("deskhand")).isEqualTo(2);
		witness().awaitText(before + SECRET, WAIT);
		String session = output.path("deskhand_session").asString();

		JsonNode step = lastStep(session, 1);
		assertThat(step.path("tool").asString()).isEqualTo("openai_computer");
		assertThat(step.path("via").asString()).isEqualTo("/agents/openai/computer");
		assertThat(step.path("session").asString()).isEqualTo(session);
		assertThat(step.path("outcome").asString()).isEqualTo("ok");
		assertThat(step.path("desktop_changed").asBoolean()).isTrue();
		JsonNode typed = step.path("arguments").path("actions").get(1);
		assertThat(typed.path("type").asString()).isEqualTo("type");
		// the audit's redaction: a length and a keyed hash
		assertThat(typed.path("text").path("length").asInt()).isEqualTo(SECRET.length());
		assertThat(step.toString()).doesNotContain(SECRET);
		// the approval and the batch's input action are tied to the step
		assertThat(step.path("audit").toString()).contains("input-action", "computer_batch");
		// the screenshot the reply carried, byte for byte
		String url = output.path("output").path("image_url").asString();
		byte[] sent = Base64.getDecoder().decode(url.substring(url.indexOf(',') + 1));
		assertThat(step.path("sent").get(0).path("sha256").asString()).isEqualTo(sha256(sent));

		try (Stream<Path> files = Files.walk(dir.resolve("trajectories"))) {
			for (Path file : files.filter(Files::isRegularFile).toList()) {
				assertThat(new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1)).as(file.toString())
					.doesNotContain(SECRET);
			}
		}
		String id = recordOf(session, 1).path("id").asString();
		HttpResponse<String> verify = operator().get("/actuator/trajectories/" + id + "/verify");
		assertThat(verify.body()).as(verify.body()).contains("\"valid\":true");
	}

	private byte[] download(String id) throws Exception {
		HttpRequest request = HttpRequest
			.newBuilder(URI
				.create("http://127.0.0.1:" + this.managementPort + "/actuator/trajectories/" + id + "/download.zip"))
			.header("Authorization", "Bearer " + OPERATOR_TOKEN)
			.build();
		HttpResponse<byte[]> response = this.http.send(request, HttpResponse.BodyHandlers.ofByteArray());
		assertThat(response.statusCode()).isEqualTo(200);
		return response.body();
	}

	private static byte[] rewriteSteps(byte[] zip, UnaryOperator<String> change) throws IOException {
		ByteArrayOutputStream out = new ByteArrayOutputStream();
		try (ZipInputStream in = new ZipInputStream(new ByteArrayInputStream(zip));
				ZipOutputStream rewritten = new ZipOutputStream(out)) {
			for (ZipEntry entry = in.getNextEntry(); entry != null; entry = in.getNextEntry()) {
				byte[] bytes = in.readAllBytes();
				if (entry.getName().equals("steps.jsonl")) {
					String before = new String(bytes, StandardCharsets.UTF_8);
					String after = change.apply(before);
					assertThat(after).as("the forgery changed something").isNotEqualTo(before);
					bytes = after.getBytes(StandardCharsets.UTF_8);
				}
				rewritten.putNextEntry(new ZipEntry(entry.getName()));
				rewritten.write(bytes);
				rewritten.closeEntry();
			}
		}
		return out.toByteArray();
	}

	private static String sha256(byte[] bytes) throws Exception {
		return java.util.HexFormat.of().formatHex(java.security.MessageDigest.getInstance("SHA-256").digest(bytes));
	}

	private static Map<String, Object> toolUse(String id, Map<String, Object> input) {
		return Map.of("type", "tool_use", "id", id, "name", "computer", "input", input);
	}

	private void trip() {
		HttpResponse<String> tripped = operator().send("POST", "/actuator/failsafe", "{\"action\":\"trip\"}");
		assertThat(tripped.statusCode()).as(tripped.body()).isEqualTo(200);
	}

	private static void assertNothingHeld() {
		assertThat(TestDesktop.shared().keysDown()).as("keys down").isEmpty();
		assertThat(TestDesktop.shared().buttonsDownMask()).as("buttons down").isZero();
	}

	/**
	 * Types a marker with xdotool (not Deskhand) and waits for the witness to get it: had
	 * the batch's later actions run, their events would have come before it.
	 */
	private static void assertTheNextThingTheWitnessGotIsTheMarker(String textBefore, int presses) {
		witness().focus();
		TestDesktop.shared().run(WAIT, "xdotool", "type", "--delay", "20", "Q");
		witness().awaitText(textBefore + "Q", WAIT);
		assertThat(witness().text()).isEqualTo(textBefore + "Q");
		assertThat(witness().events().stream().filter((event) -> event.startsWith("PRESS button="))).as("presses")
			.hasSize(presses);
	}

	private JsonNode lastStep(String session, int steps) throws Exception {
		JsonNode record = recordOf(session, steps);
		JsonNode all = record.path("steps");
		return all.get(all.size() - 1);
	}

	private JsonNode recordOf(String session, int steps) throws Exception {
		long deadline = System.nanoTime() + WAIT.toNanos();
		while (true) {
			JsonNode list = JSON.readTree(operator().get("/actuator/trajectories").body());
			for (JsonNode summary : list.path("sessions")) {
				if (session.equals(summary.path("session").asString()) && summary.path("steps").asInt() >= steps) {
					HttpResponse<String> one = operator()
						.get("/actuator/trajectories/" + summary.path("id").asString());
					assertThat(one.statusCode()).isEqualTo(200);
					return JSON.readTree(one.body());
				}
			}
			assertThat(System.nanoTime()).as("a record of session " + session + ": " + list).isLessThan(deadline);
			Thread.sleep(50);
		}
	}

	private static void await(BooleanSupplier condition, String what) throws InterruptedException {
		long deadline = System.nanoTime() + WAIT.toNanos();
		while (!condition.getAsBoolean()) {
			assertThat(System.nanoTime()).as(what).isLessThan(deadline);
			Thread.sleep(10);
		}
	}

	private CompletableFuture<JsonNode> postAsync(String path, Map<String, Object> body) {
		HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + this.port + path))
			.timeout(Duration.ofSeconds(60))
			.header("Content-Type", "application/json")
			.header("Authorization", "Bearer " + TOKEN)
			.POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body)))
			.build();
		return this.http.sendAsync(request, HttpResponse.BodyHandlers.ofString()).thenApply((response) -> {
			assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
			return JSON.readTree(response.body());
		});
	}

	private OperatorApi operator() {
		return new OperatorApi(this.managementPort, OPERATOR_TOKEN);
	}

}
