package dev.deskhand.examples;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Anthropic's computer-use loop (Messages API, the {@code computer} tool) with Deskhand
 * doing the actions: the {@code tool_use} blocks of each assistant message go to
 * {@code POST /agents/anthropic/computer}, and the {@code tool_result} blocks Deskhand
 * answers (text, and a screenshot where the action makes one) go back as the next user
 * message.
 *
 * <pre>
 * ./mvnw -q test-compile dependency:build-classpath -Dmdep.includeScope=test -Dmdep.outputFile=target/test.classpath
 * DESKHAND_URL=http://127.0.0.1:8080 DESKHAND_TOKEN=... \
 *     java -cp target/test-classes:target/classes:$(cat target/test.classpath) dev.deskhand.examples.AnthropicComputerLoop
 * </pre>
 *
 * The model here replays {@code examples/anthropic-messages.json}; {@link #messages} is
 * where a real loop calls {@code POST https://api.anthropic.com/v1/messages}.
 */
public final class AnthropicComputerLoop {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private AnthropicComputerLoop() {
	}

	public static void main(String[] args) {
		String url = System.getenv().getOrDefault("DESKHAND_URL", "http://127.0.0.1:8080");
		RecordedReplies model = RecordedReplies.of("/examples/anthropic-messages.json");
		System.out.println(run(url, System.getenv("DESKHAND_TOKEN"), model, "Type hello into the witness window."));
	}

	/** Runs one task to the model's final message, and returns its text. */
	public static String run(String url, String token, RecordedReplies model, String task) {
		DeskhandEndpoint deskhand = new DeskhandEndpoint(url, "/agents/anthropic/computer", token);
		ObjectNode request = JSON.createObjectNode();
		// 1280x720: the screenshots of Deskhand's default profile on a 1920x1080 desktop
		request.putArray("tools")
			.addObject()
			.put("type", "computer_20250124")
			.put("name", "computer")
			.put("display_width_px", 1280)
			.put("display_height_px", 720);
		ArrayNode conversation = request.putArray("messages");
		conversation.addObject().put("role", "user").put("content", task);
		JsonNode message = messages(model, request);
		while ("tool_use".equals(message.path("stop_reason").asString())) {
			conversation.addObject().put("role", "assistant").set("content", message.get("content"));
			ArrayNode toolUses = JSON.createArrayNode();
			message.get("content").forEach((block) -> {
				if ("tool_use".equals(block.path("type").asString())) {
					toolUses.add(block);
				}
			});
			JsonNode results = deskhand.post(JSON.createObjectNode().set("tool_uses", toolUses));
			conversation.addObject().put("role", "user").set("content", results.get("tool_results"));
			message = messages(model, request);
		}
		return message.at("/content/0/text").asString();
	}

	/** {@code POST /v1/messages}: here, the recorded model. */
	private static JsonNode messages(RecordedReplies model, JsonNode request) {
		// a copy: the conversation grows after this call
		return model.reply(request.deepCopy());
	}

}
