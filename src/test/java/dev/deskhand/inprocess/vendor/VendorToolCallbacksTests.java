package dev.deskhand.inprocess.vendor;

import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.springframework.ai.chat.model.ToolContext;
import org.springframework.ai.content.Media;
import org.springframework.ai.tool.ToolCallback;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import dev.deskhand.inprocess.DeskhandToolCallbacks;
import dev.deskhand.inprocess.LatestScreenshots;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The in-process vendor tools against a recording endpoint: the request each builds from
 * the model's input (as the HTTP endpoint takes it, with the session), and the vendor's
 * reply as text with its image kept for the application.
 */
class VendorToolCallbacksTests {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private static final byte[] PNG = { (byte) 0x89, 'P', 'N', 'G', 1, 2, 3 };

	private static final String BASE64 = Base64.getEncoder().encodeToString(PNG);

	private final List<JsonNode> requests = new ArrayList<>();

	private final LatestScreenshots screenshots = new LatestScreenshots();

	private VendorEndpoint answering(String reply) {
		return (request) -> {
			this.requests.add(request);
			return JSON.readTree(reply);
		};
	}

	private static ToolContext session(String name) {
		return new ToolContext(Map.of(DeskhandToolCallbacks.SESSION, name));
	}

	@Test
	void openAiComputerSendsTheComputerCallAndKeepsTheScreenshot() {
		ToolCallback tool = VendorToolCallbacks.openAiComputer(answering("{\"type\":\"computer_call_output\","
				+ "\"call_id\":\"call_1\",\"output\":{\"type\":\"computer_screenshot\",\"image_url\":\"data:image/png;base64,"
				+ BASE64 + "\"},\"deskhand\":{\"executed\":1}}"), this.screenshots);

		String result = tool.call("{\"call_id\":\"call_1\",\"actions\":[{\"type\":\"click\",\"x\":10,\"y\":20}]}",
				session("s1"));

		assertThat(tool.getToolDefinition().name()).isEqualTo("openai_computer");
		JsonNode request = this.requests.get(0);
		assertThat(request.path("type").asString()).isEqualTo("computer_call");
		assertThat(request.path("call_id").asString()).isEqualTo("call_1");
		assertThat(request.at("/actions/0/x").asInt()).isEqualTo(10);
		assertThat(request.path("deskhand_session").asString()).isEqualTo("s1");
		assertThat(result).contains("computer_call_output", "\"executed\":1", VendorToolCallback.IMAGE_NOTE)
			.doesNotContain(BASE64);
		assertKept("s1", "openai_computer");
	}

	@Test
	void anthropicComputerWrapsTheInputInAToolUseAndKeepsTheImageBlock() {
		ToolCallback tool = VendorToolCallbacks
			.anthropicComputer(answering("{\"tool_results\":[{\"type\":\"tool_result\","
					+ "\"tool_use_id\":\"toolu_in_process\",\"is_error\":false,\"content\":[{\"type\":\"text\",\"text\":\"clicked\"},"
					+ "{\"type\":\"image\",\"source\":{\"type\":\"base64\",\"media_type\":\"image/png\",\"data\":\""
					+ BASE64 + "\"}}]}]}"), this.screenshots);

		String result = tool.call("{\"action\":\"left_click\",\"coordinate\":[100,200]}", null);

		assertThat(tool.getToolDefinition().name()).isEqualTo("computer");
		JsonNode request = this.requests.get(0);
		assertThat(request.path("type").asString()).isEqualTo("tool_use");
		assertThat(request.path("name").asString()).isEqualTo("computer");
		assertThat(request.at("/input/coordinate/1").asInt()).isEqualTo(200);
		assertThat(request.path("deskhand_session").asString()).isEqualTo(DeskhandToolCallbacks.DEFAULT_SESSION);
		assertThat(result).contains("\"clicked\"", VendorToolCallback.IMAGE_NOTE).doesNotContain(BASE64);
		assertKept(DeskhandToolCallbacks.DEFAULT_SESSION, "computer");
	}

	@Test
	void geminiFunctionsAreToolsByNameWhoseInputIsTheArgs() {
		List<ToolCallback> tools = VendorToolCallbacks.gemini(answering("{\"function_responses\":[{\"id\":\"1\","
				+ "\"name\":\"click_at\",\"response\":{\"url\":\"\",\"status\":\"done\"},\"parts\":[{\"inline_data\":"
				+ "{\"mime_type\":\"image/png\",\"data\":\"" + BASE64 + "\"}}]}]}"), this.screenshots);
		assertThat(tools).extracting((tool) -> tool.getToolDefinition().name())
			.contains("click_at", "type_text_at", "key_combination", "scroll_at", "drag_and_drop");
		ToolCallback click = tools.stream()
			.filter((tool) -> tool.getToolDefinition().name().equals("click_at"))
			.findFirst()
			.orElseThrow();

		String result = click.call("{\"x\":500,\"y\":300}", session("g"));

		JsonNode call = this.requests.get(0).at("/function_calls/0");
		assertThat(call.path("name").asString()).isEqualTo("click_at");
		assertThat(call.at("/args/x").asInt()).isEqualTo(500);
		assertThat(this.requests.get(0).path("deskhand_session").asString()).isEqualTo("g");
		assertThat(result).contains("\"status\":\"done\"", VendorToolCallback.IMAGE_NOTE).doesNotContain(BASE64);
		assertKept("g", "click_at");
	}

	@Test
	void inputThatIsNotAJsonObjectIsRefusedBeforeTheEndpoint() {
		ToolCallback tool = VendorToolCallbacks.anthropicComputer(answering("{}"), this.screenshots);
		assertThat(tool.call("not json", null)).startsWith("E_ARGS: ");
		assertThat(tool.call("[1,2]", null)).startsWith("E_ARGS: ");
		assertThat(this.requests).isEmpty();
	}

	private void assertKept(String session, String tool) {
		Media image = this.screenshots.take(session).orElseThrow();
		assertThat(image.getMimeType().toString()).isEqualTo("image/png");
		assertThat(image.getDataAsByteArray()).isEqualTo(PNG);
		assertThat(image.getName()).isEqualTo(tool);
	}

}
