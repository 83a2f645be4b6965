package dev.deskhand.inprocess.vendor;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.springframework.ai.tool.ToolCallback;
import org.springframework.ai.tool.definition.ToolDefinition;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

import dev.deskhand.inprocess.LatestScreenshots;

/**
 * The vendors' computer-use vocabularies as in-process Spring AI tools, for a
 * {@code ChatClient} in Deskhand's JVM whose model speaks its vendor's actions rather
 * than Deskhand's MCP tools: OpenAI's {@code computer_call} batch, Anthropic's
 * {@code computer} tool, Gemini's computer-use functions by name. Each call goes through
 * the vendor endpoint's own code (same validation, approvals, lease, queue and failsafe
 * as over HTTP) in the session named by the {@code ToolContext} entry
 * {@code deskhand_session}, and answers the vendor's result shape as text, its images
 * kept in {@link LatestScreenshots}. The {@link VendorComputerTools} bean holds them over
 * the endpoints' own beans.
 */
public final class VendorToolCallbacks {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	/** The newer Gemini forms' optional reason for a step. */
	private static final String INTENT = ",\"intent\":{\"type\":\"string\"}";

	/**
	 * Gemini's computer-use functions that act on a desktop, and their arguments: the
	 * legacy forms, then the newer ones of Gemini 3.5 Flash (which may carry an
	 * {@code intent}).
	 */
	static final Map<String, String> GEMINI_FUNCTIONS = Map.ofEntries(Map.entry("click_at", point("")),
			Map.entry("hover_at", point("")),
			Map.entry("type_text_at",
					point(",\"text\":{\"type\":\"string\"},\"press_enter\":{\"type\":\"boolean\"},"
							+ "\"clear_before_typing\":{\"type\":\"boolean\"}")),
			Map.entry("key_combination",
					"{\"type\":\"object\",\"properties\":{\"keys\":{\"type\":\"string\"}},\"required\":[\"keys\"]}"),
			Map.entry("scroll_at",
					point(",\"direction\":{\"type\":\"string\",\"enum\":[\"up\",\"down\",\"left\",\"right\"]},"
							+ "\"magnitude\":{\"type\":\"integer\"}")),
			Map.entry("scroll_document",
					"{\"type\":\"object\",\"properties\":{\"direction\":{\"type\":\"string\",\"enum\":[\"up\",\"down\",\"left\",\"right\"]}},\"required\":[\"direction\"]}"),
			Map.entry("drag_and_drop",
					point(",\"destination_x\":{\"type\":\"integer\"},\"destination_y\":{\"type\":\"integer\"}"
							+ INTENT)),
			Map.entry("wait_5_seconds", "{\"type\":\"object\",\"properties\":{}}"), Map.entry("click", point(INTENT)),
			Map.entry("double_click", point(INTENT)), Map.entry("triple_click", point(INTENT)),
			Map.entry("right_click", point(INTENT)), Map.entry("middle_click", point(INTENT)),
			Map.entry("move", point(INTENT)),
			Map.entry("type",
					"{\"type\":\"object\",\"properties\":{\"text\":{\"type\":\"string\"},"
							+ "\"press_enter\":{\"type\":\"boolean\"}" + INTENT + "},\"required\":[\"text\"]}"),
			Map.entry("press_key",
					"{\"type\":\"object\",\"properties\":{\"key\":{\"type\":\"string\"}" + INTENT
							+ "},\"required\":[\"key\"]}"),
			Map.entry("hotkey",
					"{\"type\":\"object\",\"properties\":{\"keys\":{\"type\":\"array\",\"items\":{\"type\":\"string\"}}"
							+ INTENT + "},\"required\":[\"keys\"]}"),
			Map.entry("scroll",
					point(",\"direction\":{\"type\":\"string\",\"enum\":[\"up\",\"down\",\"left\",\"right\"]},"
							+ "\"magnitude\":{\"type\":\"integer\"}" + INTENT)),
			Map.entry("wait",
					"{\"type\":\"object\",\"properties\":{\"seconds\":{\"type\":\"integer\"}" + INTENT + "}}"),
			Map.entry("take_screenshot", "{\"type\":\"object\",\"properties\":{" + INTENT.substring(1) + "}}"));

	private VendorToolCallbacks() {
	}

	/**
	 * {@code openai_computer}: the input is one {@code computer_call} ({@code actions[]},
	 * {@code pending_safety_checks}); the result a {@code computer_call_output}.
	 */
	public static ToolCallback openAiComputer(VendorEndpoint endpoint, LatestScreenshots screenshots) {
		ToolDefinition definition = ToolDefinition.builder()
			.name("openai_computer")
			.description("Runs one OpenAI computer_call (its actions[] in order, then one screenshot) on the desktop "
					+ "and answers its computer_call_output.")
			.inputSchema("{\"type\":\"object\",\"properties\":{\"call_id\":{\"type\":\"string\"},"
					+ "\"actions\":{\"type\":\"array\",\"items\":{\"type\":\"object\"}},\"action\":{\"type\":\"object\"},"
					+ "\"pending_safety_checks\":{\"type\":\"array\",\"items\":{\"type\":\"object\"}}}}")
			.build();
		return new VendorToolCallback(definition, (input) -> {
			ObjectNode call = ((ObjectNode) input).deepCopy();
			call.put("type", "computer_call");
			if (!call.has("call_id")) {
				call.put("call_id", "call_in_process");
			}
			return call;
		}, endpoint, screenshots);
	}

	/**
	 * {@code computer}: the input is the Anthropic computer tool's ({@code action},
	 * {@code coordinate}, {@code text}, ...); the result a {@code tool_result}.
	 */
	public static ToolCallback anthropicComputer(VendorEndpoint endpoint, LatestScreenshots screenshots) {
		ToolDefinition definition = ToolDefinition.builder()
			.name("computer")
			.description("Anthropic's computer tool on the desktop: screenshot, left_click, type, key, scroll, "
					+ "left_click_drag, mouse_move, ... Coordinates are in the pixels of the last screenshot.")
			.inputSchema("{\"type\":\"object\",\"properties\":{\"action\":{\"type\":\"string\"},"
					+ "\"coordinate\":{\"type\":\"array\",\"items\":{\"type\":\"integer\"}},\"text\":{\"type\":\"string\"}},"
					+ "\"required\":[\"action\"]}")
			.build();
		return new VendorToolCallback(definition, (input) -> {
			ObjectNode use = JSON.createObjectNode().put("type", "tool_use").put("id", "toolu_in_process");
			use.put("name", "computer").set("input", input);
			return use;
		}, endpoint, screenshots);
	}

	/**
	 * One tool per Gemini computer-use function, named as Gemini names it; the input is
	 * the call's {@code args} (x/y on the 0-999 grid), the result its function response.
	 */
	public static List<ToolCallback> gemini(VendorEndpoint endpoint, LatestScreenshots screenshots) {
		List<ToolCallback> callbacks = new ArrayList<>();
		GEMINI_FUNCTIONS.keySet().stream().sorted().forEach((name) -> {
			ToolDefinition definition = ToolDefinition.builder()
				.name(name)
				.description("Gemini computer use: " + name
						+ " on the desktop; x and y are on the 0-999 grid over the last screenshot.")
				.inputSchema(GEMINI_FUNCTIONS.get(name))
				.build();
			callbacks.add(new VendorToolCallback(definition, (args) -> {
				ObjectNode body = JSON.createObjectNode();
				body.putArray("function_calls").addObject().put("id", "1").put("name", name).set("args", args);
				return body;
			}, endpoint, screenshots));
		});
		return callbacks;
	}

	private static String point(String more) {
		return "{\"type\":\"object\",\"properties\":{\"x\":{\"type\":\"integer\"},\"y\":{\"type\":\"integer\"}" + more
				+ "},\"required\":[\"x\",\"y\"]}";
	}

}
