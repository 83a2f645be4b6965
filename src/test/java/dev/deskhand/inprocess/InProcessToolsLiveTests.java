package dev.deskhand.inprocess;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import javax.imageio.ImageIO;

import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.messages.Message;
import org.springframework.ai.chat.messages.ToolResponseMessage.ToolResponse;
import org.springframework.ai.chat.messages.UserMessage;
import org.springframework.ai.chat.model.ToolContext;
import org.springframework.ai.content.Media;
import org.springframework.ai.tool.ToolCallback;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalManagementPort;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.json.JsonMapper;

import dev.deskhand.mcp.McpTestClients;
import dev.deskhand.testing.OperatorApi;
import dev.deskhand.testing.Pause;
import dev.deskhand.testing.ScreenRect;
import dev.deskhand.testing.TestDesktop;
import dev.deskhand.testing.witness.WitnessExtension;
import dev.deskhand.testing.witness.WitnessWindow;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A Spring AI agent drives the desktop in-process: a real {@link ChatClient} on a
 * scripted chat model (no LLM) with Deskhand's {@link DeskhandToolCallbacks} as its
 * tools. The model's tool calls run through the same approval gate and input queue as MCP
 * calls, and a witness window in another JVM reports what really reached the desktop.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "management.server.port=0", "deskhand.display.managed=false",
				"deskhand.approval.policies.pointer=allow", "deskhand.approval.policies.keyboard=allow",
				"deskhand.approval.ask-timeout=20s",
				"deskhand.security.operator-token=" + InProcessToolsLiveTests.OPERATOR_TOKEN })
class InProcessToolsLiveTests {

	static final String OPERATOR_TOKEN = "in-process-operator-token";

	private static final Duration WAIT = Duration.ofSeconds(10);

	// How long a refused action gets to (wrongly) show up at the witness before we call
	// it absent.
	private static final Duration QUIET = Duration.ofMillis(700);

	// 1920x1080 display, 1280x720 screenshots: 1.5 screen pixels per image pixel.
	private static final double SCALE = 1.5;

	@TempDir
	static Path auditDir;

	@RegisterExtension
	static final WitnessExtension WITNESS = WitnessExtension.on(TestDesktop::shared, "Deskhand in-process witness", 280,
			180, 800, 500);

	@Autowired
	private DeskhandToolCallbacks tools;

	@Autowired
	private LatestScreenshots screenshots;

	@LocalServerPort
	private int port;

	@LocalManagementPort
	private int managementPort;

	@DynamicPropertySource
	static void properties(DynamicPropertyRegistry registry) {
		registry.add("deskhand.display.name", () -> TestDesktop.shared().display());
		registry.add("deskhand.audit.file", () -> auditDir.resolve("audit.jsonl").toString());
	}

	private static WitnessWindow witness() {
		return WITNESS.window();
	}

	@AfterEach
	void revokeSessions() {
		new OperatorApi(this.managementPort, OPERATOR_TOKEN).revokeAllSessions();
	}

	@Test
	void aScriptedAgentSeesClicksAndTypesIntoTheWitness() throws Exception {
		List<Integer> field = imagePoint(120, 80);
		ScriptedChatModel model = new ScriptedChatModel(ScriptedChatModel.toolCalls("screenshot", "{}"),
				ScriptedChatModel.toolCalls("left_click",
						"{\"coordinate\":[" + field.get(0) + "," + field.get(1) + "]}", "type", "{\"text\":\"hello\"}"),
				ScriptedChatModel.answer("typed hello into the witness"), ScriptedChatModel.answer("I see it"));
		ChatClient chat = ChatClient.create(model);

		String answer = chat.prompt()
			.user("Type hello into the witness window")
			.tools(this.tools)
			.toolContext(Map.of(DeskhandToolCallbacks.SESSION, "conversation-1"))
			.call()
			.content();

		assertThat(answer).isEqualTo("typed hello into the witness");
		Map<String, String> press = WitnessWindow.fields(witness().awaitEvent((e) -> e.startsWith("PRESS"), WAIT));
		// Witness events carry screen pixels.
		assertThat(Math.abs(Integer.parseInt(press.get("x")) / SCALE - field.get(0))).isLessThanOrEqualTo(1.0);
		assertThat(Math.abs(Integer.parseInt(press.get("y")) / SCALE - field.get(1))).isLessThanOrEqualTo(1.0);
		witness().awaitText("hello", WAIT);

		// The model was offered Deskhand's tools and got every result back as text.
		assertThat(model.toolsOffered(0)).contains("screenshot", "left_click", "type", "hold_key", "computer_batch");
		ToolResponse shot = model.lastToolResponses(1).get(0);
		assertThat(shot.name()).isEqualTo("screenshot");
		assertThat(shot.responseData()).contains("\"width\":1280", "\"height\":720", "\"display_id\":")
			.contains("image: kept for the application");
		assertThat(model.lastToolResponses(2)).extracting(ToolResponse::name).containsExactly("left_click", "type");
		assertThat(model.lastToolResponses(2)).extracting(ToolResponse::responseData)
			.noneMatch((text) -> text.startsWith("E_"))
			.anyMatch((text) -> text.contains("typed 5 characters"));

		// The image is the application's to attach to the next message, as
		// docs/spring-ai.md shows.
		Media image = this.screenshots.take("conversation-1").orElseThrow();
		assertThat(this.screenshots.take("conversation-1")).isEmpty();
		chat.prompt()
			.user((user) -> user.text("This is the screen you asked for.").media(image))
			.tools(this.tools)
			.toolContext(Map.of(DeskhandToolCallbacks.SESSION, "conversation-1"))
			.call()
			.content();
		Message next = model.prompts()
			.get(3)
			.getInstructions()
			.get(model.prompts().get(3).getInstructions().size() - 1);
		assertThat(next).isInstanceOf(UserMessage.class);
		Media attached = ((UserMessage) next).getMedia().get(0);
		assertThat(attached.getMimeType().toString()).isEqualTo("image/png");
		BufferedImage decoded = ImageIO.read(new ByteArrayInputStream(attached.getDataAsByteArray()));
		assertThat(decoded.getWidth()).isEqualTo(1280);
		assertThat(decoded.getHeight()).isEqualTo(720);
	}

	@Test
	void aPolicyDenialIsAToolResultAndNothingHappens() {
		ScriptedChatModel model = new ScriptedChatModel(ScriptedChatModel.toolCalls("key", "{\"text\":\"alt+F4\"}"),
				ScriptedChatModel.answer("could not close it"));

		ChatClient.create(model).prompt().user("Close the window").tools(this.tools).call().content();

		ToolResponse denied = model.lastToolResponses(1).get(0);
		assertThat(denied.responseData()).startsWith("E_DENIED: ").contains("system_keys");
		assertNothingArrives();
	}

	@Test
	void anAskWaitsForTheOperatorNeverForTheAgent() throws Exception {
		ToolCallback writeClipboard = tool("write_clipboard");
		String text = "in-process clipboard " + System.nanoTime();
		CompletableFuture<String> written = CompletableFuture.supplyAsync(() -> writeClipboard
			.call("{\"text\":\"" + text + "\"}", new ToolContext(Map.of(DeskhandToolCallbacks.SESSION, "asker"))));

		OperatorApi operator = new OperatorApi(this.managementPort, OPERATOR_TOKEN);
		String pending = awaitBody(operator, "/actuator/approvals", "\"tool\":\"write_clipboard\"");
		assertThat(pending).contains("\"principal\":\"in-process\"", "\"client\":\"spring-ai-in-process\"");
		assertThat(written).isNotDone();
		String id = pending.replaceAll("(?s).*\"id\":\"(a\\d+)\".*", "$1");
		assertThat(operator.send("POST", "/actuator/approvals/" + id, "{\"decision\":\"approve\",\"scope\":\"once\"}")
			.statusCode()).isEqualTo(200);

		assertThat(written.get(10, TimeUnit.SECONDS)).doesNotStartWith("E_").contains("clipboard holds");
		String clipboard = TestDesktop.shared()
			.run(WAIT, "timeout", "5", "xclip", "-o", "-selection", "clipboard")
			.requireSuccess()
			.stdout();
		assertThat(clipboard).isEqualTo(text);
	}

	@Test
	void argumentsAreCheckedAgainstTheSchemaBeforeAnythingRuns() {
		String result = tool("left_click").call("{\"coordinate\":\"not a point\"}", new ToolContext(Map.of()));
		assertThat(result).startsWith("E_ARGS: ");
		assertThat(tool("type").call("not json", new ToolContext(Map.of()))).startsWith("E_ARGS: ");
		assertNothingArrives();
	}

	@Test
	@SuppressWarnings("unchecked")
	void theToolsAreTheMcpServersWithTheSameSchemas() {
		McpSyncClient client = McpTestClients.streamable(this.port);
		try {
			List<McpSchema.Tool> mcpTools = client.listTools().tools();
			List<ToolCallback> inProcess = Arrays.asList(this.tools.getToolCallbacks());
			assertThat(inProcess).extracting((tool) -> tool.getToolDefinition().name())
				.containsExactlyInAnyOrderElementsOf(mcpTools.stream().map(McpSchema.Tool::name).toList());
			JsonMapper json = JsonMapper.builder().build();
			for (McpSchema.Tool mcp : mcpTools) {
				ToolCallback local = tool(mcp.name());
				assertThat(local.getToolDefinition().description()).isEqualTo(mcp.description());
				Map<String, Object> schema = json.readValue(local.getToolDefinition().inputSchema(), Map.class);
				assertThat(json.writeValueAsString(schema)).as(mcp.name())
					.isEqualTo(json.writeValueAsString(json.convertValue(mcp.inputSchema(), Map.class)));
			}
		}
		finally {
			client.closeGracefully();
		}
	}

	private ToolCallback tool(String name) {
		return Arrays.stream(this.tools.getToolCallbacks())
			.filter((tool) -> tool.getToolDefinition().name().equals(name))
			.findFirst()
			.orElseThrow(() -> new AssertionError("no in-process tool " + name));
	}

	private static List<Integer> imagePoint(int dx, int dy) {
		ScreenRect area = witness().bounds();
		return List.of((int) Math.round((area.x() + dx) / SCALE), (int) Math.round((area.y() + dy) / SCALE));
	}

	private static void assertNothingArrives() {
		Pause.of(QUIET);
		assertThat(witness().events()).noneMatch(
				(e) -> e.startsWith("PRESS") || e.startsWith("KEYDOWN") || e.startsWith("TEXT") && !e.equals("TEXT "));
		assertThat(TestDesktop.shared().keysDown()).isEmpty();
	}

	private static String awaitBody(OperatorApi operator, String path, String expected) {
		long deadline = System.nanoTime() + WAIT.toNanos();
		while (true) {
			String body = operator.get(path).body();
			if (body.contains(expected)) {
				return body;
			}
			if (System.nanoTime() > deadline) {
				throw new AssertionError(path + " never showed " + expected + ": " + body);
			}
			Pause.of(Duration.ofMillis(50));
		}
	}

}
