package dev.deskhand.inprocess.vendor;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

import javax.imageio.ImageIO;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.model.ToolContext;
import org.springframework.ai.content.Media;
import org.springframework.ai.tool.ToolCallback;
import org.springframework.ai.tool.ToolCallbackProvider;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalManagementPort;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import dev.deskhand.approval.ApprovalService;
import dev.deskhand.approval.Decision;
import dev.deskhand.approval.PendingApproval;
import dev.deskhand.inprocess.DeskhandToolCallbacks;
import dev.deskhand.inprocess.LatestScreenshots;
import dev.deskhand.inprocess.ScriptedChatModel;
import dev.deskhand.testing.OperatorApi;
import dev.deskhand.testing.Pause;
import dev.deskhand.testing.ScreenRect;
import dev.deskhand.testing.TestDesktop;
import dev.deskhand.testing.witness.WitnessExtension;
import dev.deskhand.testing.witness.WitnessWindow;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The vendors' vocabularies in-process: a real Spring AI {@link ChatClient} on a scripted
 * chat model (no LLM, no network) is handed one vendor's tools from
 * {@link VendorComputerTools} and drives a 2560x1440 Xvfb, where a Swing witness window
 * in its own JVM records the presses and keys it receives. The three profiles send three
 * sizes of that desktop (openai 1920x1080, anthropic 1280x720, gemini 1440x810 read on
 * the 0-999 grid), so a click lands where the model meant only if the vendor's own code
 * read it in its profile's space.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "management.server.port=0", "deskhand.display.managed=false",
				"deskhand.approval.policies.pointer=allow", "deskhand.approval.policies.keyboard=allow",
				"deskhand.screenshot.settle=50ms", "deskhand.human.enabled=false",
				"deskhand.security.operator-token=" + VendorToolsLiveTests.OPERATOR_TOKEN,
				"deskhand.security.agent-tokens[0].name=alpha",
				"deskhand.security.agent-tokens[0].token=" + VendorToolsLiveTests.ALPHA })
@DirtiesContext(classMode = DirtiesContext.ClassMode.AFTER_CLASS)
class VendorToolsLiveTests {

	static final String OPERATOR_TOKEN = "vendor-tools-operator-token";

	static final String ALPHA = "alpha-token-0123456789abcdef";

	private static final Duration WAIT = Duration.ofSeconds(10);

	// How long a refused action gets to (wrongly) show up at the witness().
	private static final Duration QUIET = Duration.ofMillis(700);

	private static final JsonMapper JSON = JsonMapper.builder().build();

	@TempDir
	static Path auditDir;

	private static final Supplier<TestDesktop> DESKTOP = TestDesktop.onFirstUse("2560x1440x24");

	@RegisterExtension
	static final WitnessExtension WITNESS = WitnessExtension.on(DESKTOP, "Deskhand in-process vendor witness", 600, 400,
			1200, 700);

	@Autowired
	private VendorComputerTools vendorTools;

	@Autowired
	private DeskhandToolCallbacks deskhandTools;

	@Autowired
	private LatestScreenshots screenshots;

	@Autowired
	private ApprovalService approvals;

	@LocalServerPort
	private int port;

	@LocalManagementPort
	private int managementPort;

	@DynamicPropertySource
	static void display(DynamicPropertyRegistry registry) {
		registry.add("deskhand.display.name", () -> DESKTOP.get().display());
		registry.add("deskhand.audit.file", () -> auditDir.resolve("audit.jsonl").toString());
		registry.add("deskhand.audit.key-file", () -> auditDir.resolve("audit-key").toString());
		registry.add("deskhand.trajectory.dir", () -> auditDir.resolve("trajectories").toString());
	}

	@AfterEach
	void freeTheLease() {
		operator().revokeAllSessions();
	}

	private static WitnessWindow witness() {
		return WITNESS.window();
	}

	@Test
	void openAiComputerRunsABatchInOpenAiPixelsAndAnswersTheComputerCallOutput() throws Exception {
		ScreenRect area = witness().bounds();
		int desktopX = area.x() + 400;
		int desktopY = area.y() + 300;
		// the openai profile's 1920x1080 of the 2560x1440 desktop: 3/4 of its pixels
		String click = "{\"type\":\"click\",\"x\":" + (desktopX * 3 / 4) + ",\"y\":" + (desktopY * 3 / 4)
				+ ",\"button\":\"left\"}";
		ScriptedChatModel model = new ScriptedChatModel(
				ScriptedChatModel.toolCalls("openai_computer",
						"{\"call_id\":\"call_1\",\"actions\":[{\"type\":\"screenshot\"}]}"),
				ScriptedChatModel.toolCalls("openai_computer",
						"{\"call_id\":\"call_2\",\"actions\":[" + click + ",{\"type\":\"type\",\"text\":\"openai\"}]}"),
				ScriptedChatModel.answer("typed openai"));

		String answer = chat(model, this.vendorTools.openAi(), "openai-conversation");

		assertThat(answer).isEqualTo("typed openai");
		assertPressAt(desktopX, desktopY, 2);
		assertTyped("openai");
		assertNothingHeld();
		assertThat(model.toolsOffered(0)).containsExactly("openai_computer");
		JsonNode look = result(model, 1);
		assertThat(look.path("type").asString()).isEqualTo("computer_call_output");
		assertThat(look.path("call_id").asString()).isEqualTo("call_1");
		assertThat(look.at("/output/type").asString()).isEqualTo("computer_screenshot");
		assertThat(look.at("/output/image_url").asString()).isEqualTo(VendorToolCallback.IMAGE_NOTE);
		assertThat(look.at("/deskhand/width").asInt()).isEqualTo(1920);
		JsonNode batch = result(model, 2);
		assertThat(batch.path("call_id").asString()).isEqualTo("call_2");
		assertThat(batch.at("/deskhand/executed").asInt()).as("%s", batch).isEqualTo(2);
		assertThat(batch.path("acknowledged_safety_checks").isEmpty()).isTrue();
		assertImage("openai-conversation", "openai_computer", 1920, 1080);

		// the operator's view: the batch is audited as the in-process principal's, its
		// text redacted
		JsonNode status = JSON.readTree(operator().get("/actuator/deskhand").body());
		JsonNode latest = status.path("recent_actions").path(0);
		assertThat(latest.path("type").asString()).as("%s", latest).isEqualTo("input-action");
		assertThat(latest.path("principal").asString()).isEqualTo("in-process");
		JsonNode typed = latest.path("data").path("actions").path(1);
		assertThat(typed.path("tool").asString()).as("%s", latest).isEqualTo("type");
		assertThat(typed.path("text").path("length").asInt()).isEqualTo("openai".length());
		assertThat(latest.toString()).doesNotContain("\"openai\"");

		// ... and each call is a step of the session's record, as an HTTP request is
		String handle = batch.path("deskhand_session").asString();
		JsonNode record = recordOf(handle, 2);
		JsonNode step = record.path("steps").get(record.path("steps").size() - 1);
		assertThat(step.path("tool").asString()).isEqualTo("openai_computer");
		assertThat(step.path("via").asString()).isEqualTo("in-process");
		assertThat(step.path("outcome").asString()).isEqualTo("ok");
		assertThat(step.path("arguments").path("actions").get(1).path("text").path("length").asInt())
			.isEqualTo("openai".length());
		assertThat(step.path("audit").toString()).contains("input-action", "computer_batch");
		HttpResponse<String> verify = operator()
			.get("/actuator/trajectories/" + record.path("id").asString() + "/verify");
		assertThat(verify.body()).as(verify.body()).contains("\"valid\":true");
	}

	@Test
	void aMalformedActionInTheMiddleRunsNothingAndAnswersTheEndpointsError() {
		ToolCallback openAi = this.vendorTools.openAi().getToolCallbacks()[0];
		String result = openAi.call(
				"{\"call_id\":\"call_1\",\"actions\":[{\"type\":\"click\",\"x\":10,\"y\":10},"
						+ "{\"type\":\"keypress\",\"keys\":[\"NOSUCHKEY\"]},{\"type\":\"type\",\"text\":\"never\"}]}",
				new ToolContext(Map.of(DeskhandToolCallbacks.SESSION, "malformed")));

		assertThat(JSON.readTree(result).path("error").asString()).startsWith("E_ARGS: actions[1]:")
			.endsWith("nothing ran");
		assertNothingArrives();
	}

	@Test
	void anthropicComputerClicksInTheImagePixelsAndAnswersToolResults() throws Exception {
		ScreenRect area = witness().bounds();
		int desktopX = area.x() + 500;
		int desktopY = area.y() + 250;
		// the anthropic profile's 1280x720: half the desktop's pixels
		ScriptedChatModel model = new ScriptedChatModel(
				ScriptedChatModel.toolCalls("computer", "{\"action\":\"screenshot\"}"),
				ScriptedChatModel.toolCalls("computer",
						"{\"action\":\"left_click\",\"coordinate\":[" + (desktopX / 2) + "," + (desktopY / 2) + "]}",
						"computer", "{\"action\":\"type\",\"text\":\"claude\"}"),
				ScriptedChatModel.answer("typed claude"));

		String answer = chat(model, this.vendorTools.anthropic(), "anthropic-conversation");

		assertThat(answer).isEqualTo("typed claude");
		assertPressAt(desktopX, desktopY, 2);
		assertTyped("claude");
		assertNothingHeld();
		assertThat(model.toolsOffered(0)).containsExactly("computer");
		JsonNode look = result(model, 1).at("/tool_results/0");
		assertThat(look.path("type").asString()).isEqualTo("tool_result");
		assertThat(look.path("is_error").asBoolean()).isFalse();
		assertThat(look.toString()).contains("\"media_type\":\"image/png\"", VendorToolCallback.IMAGE_NOTE);
		List<JsonNode> acted = new ArrayList<>();
		model.lastToolResponses(2).forEach((response) -> acted.add(JSON.readTree(response.responseData())));
		assertThat(acted).hasSize(2)
			.allSatisfy(
					(reply) -> assertThat(reply.at("/tool_results/0/is_error").asBoolean()).as("%s", reply).isFalse());
		assertImage("anthropic-conversation", "computer", 1280, 720);
	}

	@Test
	void geminiFunctionsAreReadOnTheGridAndAnswerFunctionResponses() throws Exception {
		ScreenRect area = witness().bounds();
		int desktopX = area.x() + 300;
		int desktopY = area.y() + 350;
		// the 0-999 grid over the whole screenshot, whatever its size
		int gridX = desktopX * 1000 / 2560;
		int gridY = desktopY * 1000 / 1440;
		ScriptedChatModel model = new ScriptedChatModel(
				ScriptedChatModel.toolCalls("type_text_at",
						"{\"x\":" + gridX + ",\"y\":" + gridY
								+ ",\"text\":\"gemini\",\"press_enter\":false,\"clear_before_typing\":false}"),
				ScriptedChatModel.answer("typed gemini"));

		String answer = chat(model, this.vendorTools.gemini(), "gemini-conversation");

		assertThat(answer).isEqualTo("typed gemini");
		// one grid cell is 2.56 x 1.44 desktop pixels
		assertPressAt(desktopX, desktopY, 3);
		assertTyped("gemini");
		assertNothingHeld();
		assertThat(model.toolsOffered(0)).contains("click_at", "type_text_at", "key_combination", "scroll_at",
				"drag_and_drop");
		JsonNode response = result(model, 1).at("/function_responses/0");
		assertThat(response.path("name").asString()).isEqualTo("type_text_at");
		assertThat(response.at("/response/status").asString()).as("%s", response).isEqualTo("done");
		assertThat(response.at("/parts/0/inline_data/data").asString()).isEqualTo(VendorToolCallback.IMAGE_NOTE);
		assertImage("gemini-conversation", "type_text_at", 1440, 810);
	}

	@Test
	void oneNameIsOneSessionForDeskhandsToolsAndAVendorsAndNoHttpAgentReachesIt() throws Exception {
		int before = inProcessSessions();
		ToolCallback openAi = this.vendorTools.openAi().getToolCallbacks()[0];
		ToolContext mixed = new ToolContext(Map.of(DeskhandToolCallbacks.SESSION, "mixed"));
		ScreenRect area = witness().bounds();
		int firstX = area.x() + 200;
		int firstY = area.y() + 200;
		JsonNode clicked = JSON.readTree(openAi.call("{\"call_id\":\"call_1\",\"actions\":[{\"type\":\"click\",\"x\":"
				+ (firstX * 3 / 4) + ",\"y\":" + (firstY * 3 / 4) + "}]}", mixed));
		assertThat(clicked.at("/deskhand/executed").asInt()).as("%s", clicked).isEqualTo(1);
		assertPressAt(firstX, firstY, 2);
		String handle = clicked.path("deskhand_session").asString();
		assertThat(handle).startsWith("s-");

		// the same session: the openai profile the vendor's tool chose, its geometry
		assertThat(deskhandTool("screenshot").call("{}", mixed)).contains("\"width\":1920");
		witness().clearEvents();
		int secondX = area.x() + 640;
		int secondY = area.y() + 480;
		String second = deskhandTool("left_click")
			.call("{\"coordinate\":[" + (secondX * 3 / 4) + "," + (secondY * 3 / 4) + "]}", mixed);
		assertThat(second).doesNotStartWith("E_");
		assertPressAt(secondX, secondY, 2);
		// ... and its input lease: another conversation waits for it
		witness().clearEvents();
		assertThat(deskhandTool("left_click").call("{\"coordinate\":[10,10]}",
				new ToolContext(Map.of(DeskhandToolCallbacks.SESSION, "another"))))
			.startsWith("E_BUSY");

		// two names, two sessions, as the operator sees them
		assertThat(inProcessSessions()).isEqualTo(before + 2);
		JsonNode session = operatorSession(handle);
		assertThat(session.path("client").asString()).isEqualTo("spring-ai-in-process");
		assertThat(session.path("profile").asString()).isEqualTo("openai");
		assertThat(session.path("holds_lease").asBoolean()).isTrue();

		// one record: the vendor's step and Deskhand's tools' steps
		List<String> tools = new ArrayList<>();
		recordOf(handle, 3).path("steps").forEach((step) -> tools.add(step.path("tool").asString()));
		assertThat(tools).containsExactly("openai_computer", "screenshot", "left_click");

		// over HTTP an agent reaches neither the session's handle nor its name
		for (String stolen : List.of(handle, "mixed")) {
			HttpResponse<String> response = post(stolen);
			assertThat(response.statusCode()).as(stolen).isEqualTo(404);
			assertThat(response.body()).contains("E_NOT_FOUND");
		}
		assertNothingArrives();
	}

	@Test
	void aSafetyCheckWaitsForAPersonAndADenialRunsNothing() throws Exception {
		ToolCallback openAi = this.vendorTools.openAi().getToolCallbacks()[0];
		ToolContext careful = new ToolContext(Map.of(DeskhandToolCallbacks.SESSION, "careful"));
		String call = "{\"call_id\":\"call_1\",\"actions\":[{\"type\":\"type\",\"text\":\"unsafe\"}],"
				+ "\"pending_safety_checks\":[{\"id\":\"cu_sc_1\",\"code\":\"malicious_instructions\","
				+ "\"message\":\"The page asks to ...\"}]}";

		CompletableFuture<String> denied = CompletableFuture.supplyAsync(() -> openAi.call(call, careful));
		PendingApproval pending = awaitPending();
		assertThat(pending.request().session().principal()).isEqualTo("in-process");
		assertThat(pending.request().summary()).contains("malicious_instructions");
		Pause.of(QUIET);
		assertThat(denied).isNotDone();
		this.approvals.decide(pending.id(), Decision.deny("operator"));
		JsonNode refused = JSON.readTree(denied.get(10, TimeUnit.SECONDS));
		assertThat(refused.at("/deskhand/error").asString()).startsWith("E_DENIED");
		assertThat(refused.at("/deskhand/executed").asInt()).isZero();
		assertThat(refused.path("acknowledged_safety_checks").isEmpty()).isTrue();
		assertNothingArrives();

		CompletableFuture<String> confirmed = CompletableFuture.supplyAsync(() -> openAi.call(call, careful));
		this.approvals.decide(awaitPending().id(), new Decision(true, Decision.Scope.ONCE, "operator"));
		JsonNode done = JSON.readTree(confirmed.get(10, TimeUnit.SECONDS));
		assertThat(done.at("/acknowledged_safety_checks/0/id").asString()).as("%s", done).isEqualTo("cu_sc_1");
		assertTyped("unsafe");
		assertNothingHeld();
	}

	private OperatorApi operator() {
		return new OperatorApi(this.managementPort, OPERATOR_TOKEN);
	}

	private int inProcessSessions() {
		int count = 0;
		for (JsonNode session : JSON.readTree(operator().get("/actuator/deskhand").body()).path("sessions")) {
			if (session.path("principal").asString().equals("in-process")) {
				count++;
			}
		}
		return count;
	}

	private JsonNode operatorSession(String handle) {
		for (JsonNode session : JSON.readTree(operator().get("/actuator/deskhand").body()).path("sessions")) {
			if (session.path("session").asString().equals(handle)) {
				return session;
			}
		}
		throw new AssertionError("the operator sees no session " + handle);
	}

	private JsonNode recordOf(String session, int steps) {
		long deadline = System.nanoTime() + WAIT.toNanos();
		while (true) {
			JsonNode list = JSON.readTree(operator().get("/actuator/trajectories").body());
			for (JsonNode summary : list.path("sessions")) {
				if (session.equals(summary.path("session").asString()) && summary.path("steps").asInt() >= steps) {
					return JSON
						.readTree(operator().get("/actuator/trajectories/" + summary.path("id").asString()).body());
				}
			}
			assertThat(System.nanoTime()).as("a record of session " + session + ": " + list).isLessThan(deadline);
			Pause.of(Duration.ofMillis(50));
		}
	}

	private static String chat(ScriptedChatModel model, ToolCallbackProvider tools, String session) {
		return ChatClient.create(model)
			.prompt()
			.user("Type into the witness window")
			.toolCallbacks(tools)
			.toolContext(Map.of(DeskhandToolCallbacks.SESSION, session))
			.call()
			.content();
	}

	/** The first tool result the tool loop fed back in the model's {@code n}th prompt. */
	private static JsonNode result(ScriptedChatModel model, int n) {
		return JSON.readTree(model.lastToolResponses(n).get(0).responseData());
	}

	private void assertImage(String session, String tool, int width, int height) throws Exception {
		Media image = this.screenshots.take(session).orElseThrow();
		assertThat(image.getName()).isEqualTo(tool);
		assertThat(image.getMimeType().toString()).isEqualTo("image/png");
		BufferedImage decoded = ImageIO.read(new ByteArrayInputStream(image.getDataAsByteArray()));
		assertThat(decoded.getWidth()).isEqualTo(width);
		assertThat(decoded.getHeight()).isEqualTo(height);
	}

	private ToolCallback deskhandTool(String name) {
		return Arrays.stream(this.deskhandTools.getToolCallbacks())
			.filter((tool) -> tool.getToolDefinition().name().equals(name))
			.findFirst()
			.orElseThrow(() -> new AssertionError("no in-process tool " + name));
	}

	private HttpResponse<String> post(String session) throws Exception {
		HttpRequest request = HttpRequest
			.newBuilder(URI.create("http://127.0.0.1:" + this.port + "/agents/openai/computer"))
			.timeout(Duration.ofSeconds(30))
			.header("Content-Type", "application/json")
			.header("Authorization", "Bearer " + ALPHA)
			.header("Deskhand-Session", session)
			.POST(HttpRequest.BodyPublishers.ofString("{\"type\":\"computer_call\",\"call_id\":\"call_9\","
					+ "\"actions\":[{\"type\":\"click\",\"x\":10,\"y\":10}]}"))
			.build();
		return HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofString());
	}

	private PendingApproval awaitPending() {
		long deadline = System.nanoTime() + WAIT.toNanos();
		while (System.nanoTime() < deadline) {
			List<PendingApproval> pending = new ArrayList<>(this.approvals.pending());
			if (!pending.isEmpty()) {
				return pending.get(0);
			}
			Pause.of(Duration.ofMillis(20));
		}
		throw new AssertionError("no approval was asked for");
	}

	/**
	 * The keys typed since the test began, from the witness's key events (a click into
	 * the witness may select what an earlier test typed, so its text is no witness).
	 */
	private static void assertTyped(String expected) {
		List<String> downs = witness().awaitEvents((event) -> event.startsWith("KEYDOWN"), expected.length(), WAIT);
		StringBuilder typed = new StringBuilder();
		for (String down : downs) {
			typed.appendCodePoint(Integer.parseInt(WitnessWindow.fields(down).get("keychar").substring(2), 16));
		}
		assertThat(typed.toString()).isEqualTo(expected);
	}

	private static void assertPressAt(int x, int y, int tolerance) {
		Map<String, String> press = WitnessWindow.fields(witness().awaitEvent((e) -> e.startsWith("PRESS"), WAIT));
		assertThat(press.get("button")).isEqualTo("1");
		assertThat(Math.abs(Integer.parseInt(press.get("x")) - x)).as("x of " + press).isLessThanOrEqualTo(tolerance);
		assertThat(Math.abs(Integer.parseInt(press.get("y")) - y)).as("y of " + press).isLessThanOrEqualTo(tolerance);
	}

	private static void assertNothingHeld() {
		assertThat(DESKTOP.get().buttonsDownMask()).isZero();
		assertThat(DESKTOP.get().keysDown()).isEmpty();
	}

	private static void assertNothingArrives() {
		Pause.of(QUIET);
		assertThat(witness().events()).noneMatch((e) -> e.startsWith("PRESS") || e.startsWith("KEYDOWN"));
		assertNothingHeld();
	}

}
