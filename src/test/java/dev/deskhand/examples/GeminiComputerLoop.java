package dev.deskhand.examples;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Gemini's computer-use loop ({@code generateContent} with the {@code computer_use} tool)
 * with Deskhand doing the actions: the function calls of each candidate go to
 * {@code POST /agents/gemini/computer}, and the function responses Deskhand answers (the
 * screenshot with the last one) go back as the next user turn. Coordinates are Gemini's
 * 0-999 grid over the screenshot; Deskhand's {@code gemini} profile reads them so.
 *
 * <pre>
 * ./mvnw -q test-compile dependency:build-classpath -Dmdep.includeScope=test -Dmdep.outputFile=target/test.classpath
 * DESKHAND_URL=http://127.0.0.1:8080 DESKHAND_TOKEN=... \
 *     java -cp target/test-classes:target/classes:$(cat target/test.classpath) dev.deskhand.examples.GeminiComputerLoop
 * </pre>
 *
 * The model here replays {@code examples/gemini-responses.json}; {@link #generate} is
 * where a real loop calls {@code POST .../models/<model>:generateContent}.
 */
public final class GeminiComputerLoop {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private GeminiComputerLoop() {
	}

	public static void main(String[] args) {
		String url = System.getenv().getOrDefault("DESKHAND_URL", "http://127.0.0.1:8080");
		RecordedReplies model = RecordedReplies.of("/examples/gemini-responses.json");
		System.out.println(run(url, System.getenv("DESKHAND_TOKEN"), model, "Type hello into the witness window."));
	}

	/** Runs one task to the model's final text, and returns it. */
	public static String run(String url, String token, RecordedReplies model, String task) {
		DeskhandEndpoint deskhand = new DeskhandEndpoint(url, "/agents/gemini/computer", token);
		ObjectNode request = JSON.createObjectNode();
		request.putArray("tools").addObject().putObject("computer_use").put("environment", "ENVIRONMENT_BROWSER");
		ArrayNode contents = request.putArray("contents");
		// The first turn shows the screen: an empty list of calls answers a screenshot.
		JsonNode screen = deskhand.post(JSON.createObjectNode().putArray("function_calls"));
		ObjectNode first = contents.addObject().put("role", "user");
		first.putArray("parts").addObject().put("text", task);
		first.withArray("parts").addAll((ArrayNode) screen.at("/parts"));
		JsonNode content = generate(model, request).at("/candidates/0/content");
		while (hasFunctionCalls(content)) {
			contents.add(content);
			ArrayNode calls = JSON.createArrayNode();
			content.get("parts").forEach((part) -> {
				if (part.has("functionCall")) {
					calls.add(part.get("functionCall"));
				}
			});
			JsonNode answered = deskhand.post(JSON.createObjectNode().set("function_calls", calls));
			ArrayNode parts = contents.addObject().put("role", "user").putArray("parts");
			answered.get("function_responses")
				.forEach((response) -> parts.addObject().set("function_response", response));
			content = generate(model, request).at("/candidates/0/content");
		}
		return content.at("/parts/0/text").asString();
	}

	/** {@code generateContent}: here, the recorded model. */
	private static JsonNode generate(RecordedReplies model, JsonNode request) {
		// a copy: the conversation grows after this call
		return model.reply(request.deepCopy());
	}

	private static boolean hasFunctionCalls(JsonNode content) {
		for (JsonNode part : content.path("parts")) {
			if (part.has("functionCall")) {
				return true;
			}
		}
		return false;
	}

}
