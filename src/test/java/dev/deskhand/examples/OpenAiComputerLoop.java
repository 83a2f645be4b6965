package dev.deskhand.examples;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * OpenAI's computer-use loop (Responses API, the {@code computer} tool) with Deskhand
 * doing the actions: each {@code computer_call} the model answers goes as it is to
 * {@code POST /agents/openai/computer}, and the {@code computer_call_output} Deskhand
 * answers (the screenshot after the batch) goes back to the model as the next input.
 *
 * <pre>
 * ./mvnw -q test-compile dependency:build-classpath -Dmdep.includeScope=test -Dmdep.outputFile=target/test.classpath
 * DESKHAND_URL=http://127.0.0.1:8080 DESKHAND_TOKEN=... \
 *     java -cp target/test-classes:target/classes:$(cat target/test.classpath) dev.deskhand.examples.OpenAiComputerLoop
 * </pre>
 *
 * The model here replays {@code examples/openai-responses.json}; {@link #responses} is
 * where a real loop calls {@code POST https://api.openai.com/v1/responses}.
 */
public final class OpenAiComputerLoop {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private OpenAiComputerLoop() {
	}

	public static void main(String[] args) {
		String url = System.getenv().getOrDefault("DESKHAND_URL", "http://127.0.0.1:8080");
		RecordedReplies model = RecordedReplies.of("/examples/openai-responses.json");
		System.out.println(run(url, System.getenv("DESKHAND_TOKEN"), model, "Click into the witness window."));
	}

	/** Runs one task to the model's final message, and returns its text. */
	public static String run(String url, String token, RecordedReplies model, String task) {
		DeskhandEndpoint deskhand = new DeskhandEndpoint(url, "/agents/openai/computer", token);
		ObjectNode request = JSON.createObjectNode();
		request.putArray("tools").addObject().put("type", "computer");
		request.putArray("input").addObject().put("role", "user").put("content", task);
		JsonNode response = responses(model, request);
		while (true) {
			JsonNode call = first(response.path("output"), "computer_call");
			if (call == null) {
				return first(response.path("output"), "message").at("/content/0/text").asString();
			}
			// Deskhand runs the whole batch and answers one screenshot after it. A
			// pending safety check waits for the human at the desk, never for the agent.
			ObjectNode output = (ObjectNode) deskhand.post(call);
			// OpenAI takes the item without Deskhand's own fields.
			output.remove("deskhand");
			output.remove("deskhand_session");
			ObjectNode next = JSON.createObjectNode().put("previous_response_id", response.path("id").asString());
			next.putArray("tools").addObject().put("type", "computer");
			next.putArray("input").add(output);
			response = responses(model, next);
		}
	}

	/** {@code POST /v1/responses}: here, the recorded model. */
	private static JsonNode responses(RecordedReplies model, JsonNode request) {
		return model.reply(request);
	}

	private static JsonNode first(JsonNode items, String type) {
		for (JsonNode item : items) {
			if (type.equals(item.path("type").asString())) {
				return item;
			}
		}
		return null;
	}

}
