package dev.deskhand.inprocess;

import java.time.Duration;
import java.util.Arrays;
import java.util.Map;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.ai.chat.model.ToolContext;
import org.springframework.ai.tool.ToolCallback;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import dev.deskhand.testing.AtspiDesktop;
import dev.deskhand.testing.AtspiWitness;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A Spring AI agent in the same JVM uses the element tools as tool callbacks: it lists
 * the witness's elements, fills its field and presses its button by ref, and the GTK
 * witness reports both.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "management.server.port=0", "deskhand.display.managed=false", "deskhand.platform.os=linux",
				"deskhand.platform.display-server=x11", "deskhand.approval.policies.pointer=allow",
				"deskhand.approval.policies.keyboard=allow", "deskhand.audit.enabled=false" })
class ElementInProcessLiveTests {

	private static final Duration WAIT = Duration.ofSeconds(10);

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private static AtspiWitness witness;

	@Autowired
	private DeskhandToolCallbacks tools;

	@DynamicPropertySource
	static void desktop(DynamicPropertyRegistry registry) {
		AtspiDesktop.pointApplicationAt(registry);
	}

	@BeforeAll
	static void openWitness() {
		witness = AtspiWitness.open(AtspiDesktop.shared(), "Deskhand in-process elements", false);
	}

	@AfterAll
	static void closeWitness() {
		if (witness != null) {
			witness.close();
		}
	}

	@Test
	void aSpringAiAgentFillsAndPressesElementsByRef() {
		JsonNode listing = JSON.readTree(call("list_elements", "{\"window\":\"" + witness.window().hexId() + "\"}"));
		String field = ref(listing, "Name field");
		String button = ref(listing, "Press me");

		int mark = witness.mark();
		assertThat(call("set_value", "{\"ref\":\"" + field + "\",\"text\":\"in-process ✓\"}"))
			.contains("holds exactly the text asked for");
		witness.awaitAfter(mark, "changed", (e) -> e.path("text").asString().equals("in-process ✓"), WAIT);
		assertThat(call("click_element", "{\"ref\":\"" + button + "\"}")).contains("by its action");
		witness.awaitAfter(mark, "clicked", (e) -> e.path("widget").asString().equals("button"), WAIT);
	}

	private String call(String tool, String arguments) {
		ToolCallback callback = Arrays.stream(this.tools.getToolCallbacks())
			.filter((candidate) -> candidate.getToolDefinition().name().equals(tool))
			.findFirst()
			.orElseThrow(() -> new AssertionError("no in-process tool " + tool));
		return callback.call(arguments, new ToolContext(Map.of(DeskhandToolCallbacks.SESSION, "agent-1")));
	}

	private static String ref(JsonNode listing, String name) {
		for (JsonNode element : listing.path("elements")) {
			if (element.path("name").asString().equals(name)) {
				return element.path("ref").asString();
			}
		}
		throw new AssertionError("no element '" + name + "' in " + listing);
	}

}
