package dev.deskhand.examples;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import javax.imageio.ImageIO;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.ai.chat.messages.Message;
import org.springframework.ai.chat.messages.ToolResponseMessage;
import org.springframework.ai.chat.messages.UserMessage;
import org.springframework.ai.content.Media;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;

import dev.deskhand.testing.TestDesktop;
import dev.deskhand.testing.witness.WitnessExtension;
import dev.deskhand.testing.witness.WitnessWindow;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Each example of docs/agents.md runs against a live Deskhand on Xvfb, with its recorded
 * model replies, and a witness window in another JVM reports what reached the desktop.
 * The witness covers the desktop from (280, 180) to (1080, 680); the recordings click
 * inside it.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "management.server.port=0", "deskhand.display.managed=false", "deskhand.audit.enabled=false",
				"deskhand.approval.policies.pointer=allow", "deskhand.approval.policies.keyboard=allow",
				// each example is a loop of its own, in a session of its own, one after
				// another: the input lease passes on as soon as one is done
				"deskhand.input.lease-idle=1ms", "deskhand.security.agent-tokens[0].name=examples",
				"deskhand.security.agent-tokens[0].token=" + ExamplesLiveTests.TOKEN })
class ExamplesLiveTests {

	static final String TOKEN = "examples-agent-token-0123456789";

	private static final Duration WAIT = Duration.ofSeconds(10);

	@RegisterExtension
	static final WitnessExtension WITNESS = WitnessExtension.on(TestDesktop::shared, "Deskhand examples witness", 280,
			180, 800, 500);

	@LocalServerPort
	private int port;

	@DynamicPropertySource
	static void display(DynamicPropertyRegistry registry) {
		registry.add("deskhand.display.name", () -> TestDesktop.shared().display());
	}

	private static WitnessWindow witness() {
		return WITNESS.window();
	}

	private String url() {
		return "http://127.0.0.1:" + this.port;
	}

	@Test
	void springAiOverMcpClicksWhereTheModelSaidAndShowsTheModelTheScreenshot() throws Exception {
		RecordedChatModel model = RecordedChatModel.replaying("/examples/spring-ai-mcp.json");

		String answer = SpringAiMcpAgent.run(url(), TOKEN, model, "Click into the witness window.");

		assertThat(answer).isEqualTo("I clicked into the witness window.");
		// 1920x1080 desktop, 1280x720 screenshots: image (400, 300) is desktop (600, 450)
		assertPressAt(600, 450, 1);
		assertNothingHeld();

		// The model read the screenshot as an image after the tool's text, not as base64.
		List<Message> second = model.prompts().get(1).getInstructions();
		assertThat(second).extracting((message) -> message.getMessageType().name())
			.as(() -> second.toString().substring(0, Math.min(3000, second.toString().length())))
			.endsWith("TOOL", "USER");
		ToolResponseMessage shot = (ToolResponseMessage) second.get(second.size() - 2);
		assertThat(shot.getResponses().get(0).responseData()).contains("width\\\":1280")
			.contains("[the image follows]")
			.hasSizeLessThan(2000);
		Media image = ((UserMessage) second.get(second.size() - 1)).getMedia().get(0);
		assertThat(image.getMimeType().toString()).isEqualTo("image/png");
		BufferedImage decoded = ImageIO.read(new ByteArrayInputStream(image.getDataAsByteArray()));
		assertThat(decoded.getWidth()).isEqualTo(1280);
		assertThat(decoded.getHeight()).isEqualTo(720);
		// The click's result went back to the model; it made no image, so no image
		// message.
		List<Message> third = model.prompts().get(2).getInstructions();
		assertThat(third.get(third.size() - 1)).isInstanceOf(ToolResponseMessage.class);
	}

	@Test
	void openAiLoopRunsTheBatchAndFeedsTheScreenshotBack() {
		RecordedReplies model = RecordedReplies.of("/examples/openai-responses.json");

		String answer = OpenAiComputerLoop.run(url(), TOKEN, model, "Type hello into the witness window.");

		assertThat(answer).isEqualTo("I typed hello into the witness window.");
		// the openai profile sends a 1920x1080 desktop 1:1
		assertPressAt(600, 450, 1);
		assertTyped("hello");
		assertNothingHeld();
		// the model got each batch's computer_call_output, without Deskhand's own fields
		JsonNode output = model.sent().get(2).at("/input/0");
		assertThat(output.path("type").asString()).isEqualTo("computer_call_output");
		assertThat(output.path("call_id").asString()).isEqualTo("call_2");
		assertThat(output.at("/output/image_url").asString()).startsWith("data:image/png;base64,");
		assertThat(output.has("deskhand")).isFalse();
		assertThat(model.sent().get(2).path("previous_response_id").asString()).isEqualTo("resp_2");
	}

	@Test
	void anthropicLoopSendsEachToolResultBackWithTheScreenshot() {
		RecordedReplies model = RecordedReplies.of("/examples/anthropic-messages.json");

		String answer = AnthropicComputerLoop.run(url(), TOKEN, model, "Type hello into the witness window.");

		assertThat(answer).isEqualTo("I typed hello into the witness window.");
		// 1280x720 screenshots of a 1920x1080 desktop: image (400, 300) is (600, 450)
		assertPressAt(600, 450, 1);
		assertTyped("hello");
		assertNothingHeld();
		JsonNode conversation = model.sent().get(1).get("messages");
		JsonNode result = conversation.get(conversation.size() - 1).at("/content/0");
		assertThat(result.path("type").asString()).isEqualTo("tool_result");
		assertThat(result.path("tool_use_id").asString()).isEqualTo("toolu_1");
		assertThat(result.toString()).contains("\"media_type\":\"image/png\"");
	}

	@Test
	void geminiLoopClicksOnTheGridAndAnswersFunctionResponses() {
		RecordedReplies model = RecordedReplies.of("/examples/gemini-responses.json");

		String answer = GeminiComputerLoop.run(url(), TOKEN, model, "Type hello into the witness window.");

		assertThat(answer).isEqualTo("I typed hello into the witness window.");
		// grid cell (312, 416) of a 1920x1080 desktop: (600, 449), one cell is 1.9 x 1.1
		// px
		assertPressAt(600, 449, 2);
		assertTyped("hello");
		assertNothingHeld();
		// the first turn showed the screen; each later one answers the calls by name
		assertThat(model.sent().get(0).at("/contents/0/parts/1/inline_data/mime_type").asString())
			.isEqualTo("image/png");
		JsonNode contents = model.sent().get(1).get("contents");
		JsonNode response = contents.get(contents.size() - 1).at("/parts/0/function_response");
		assertThat(response.path("name").asString()).isEqualTo("click_at");
		assertThat(response.at("/response/status").asString()).isEqualTo("done");
		assertThat(response.at("/parts/0/inline_data/mime_type").asString()).isEqualTo("image/png");
	}

	/**
	 * The keys this example typed, as the witness received them since the test began (its
	 * text is no witness here: the examples click the same spot one after another, a
	 * multi-click selects the text before it, and typing replaces it).
	 */
	private static void assertTyped(String expected) {
		List<String> downs = witness().awaitEvents((event) -> event.startsWith("KEYDOWN"), expected.length(), WAIT);
		StringBuilder typed = new StringBuilder();
		for (String down : downs) {
			typed.appendCodePoint(Integer.parseInt(WitnessWindow.fields(down).get("keychar").substring(2), 16));
		}
		assertThat(typed.toString()).isEqualTo(expected);
	}

	private static void assertNothingHeld() {
		assertThat(TestDesktop.shared().buttonsDownMask()).isZero();
		assertThat(TestDesktop.shared().keysDown()).isEmpty();
	}

	private static void assertPressAt(int x, int y, int tolerance) {
		Map<String, String> press = WitnessWindow.fields(witness().awaitEvent((e) -> e.startsWith("PRESS"), WAIT));
		assertThat(press.get("button")).isEqualTo("1");
		assertThat(Math.abs(Integer.parseInt(press.get("x")) - x)).as("x of " + press).isLessThanOrEqualTo(tolerance);
		assertThat(Math.abs(Integer.parseInt(press.get("y")) - y)).as("y of " + press).isLessThanOrEqualTo(tolerance);
	}

}
