package dev.deskhand.agents.gemini;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.springframework.ai.tool.ToolCallback;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import dev.deskhand.inprocess.LatestScreenshots;
import dev.deskhand.inprocess.vendor.VendorToolCallbacks;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The in-process Gemini tools declare exactly the functions the endpoint serves, each
 * with exactly the arguments it accepts: a function or argument added on one side only
 * fails here (the model would be offered what the endpoint refuses, or never be told what
 * it takes).
 */
class GeminiToolSchemasTests {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	@Test
	void theInProcessToolsDeclareWhatTheEndpointAccepts() {
		List<ToolCallback> tools = VendorToolCallbacks.gemini((request) -> request, new LatestScreenshots());
		Map<String, Set<String>> declared = tools.stream()
			.collect(Collectors.toMap((tool) -> tool.getToolDefinition().name(),
					(tool) -> properties(tool.getToolDefinition().inputSchema())));
		assertThat(declared.keySet()).isEqualTo(GeminiActions.FIELDS.keySet());
		declared.forEach((name, arguments) -> {
			Set<String> accepted = new HashSet<>(GeminiActions.FIELDS.get(name));
			if (GeminiActions.WITH_INTENT.contains(name)) {
				accepted.add("intent");
			}
			assertThat(arguments).as(name).isEqualTo(accepted);
		});
	}

	private static Set<String> properties(String schema) {
		JsonNode properties = JSON.readTree(schema).path("properties");
		return new HashSet<>(properties.propertyNames());
	}

}
