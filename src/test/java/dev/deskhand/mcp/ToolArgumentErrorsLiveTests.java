package dev.deskhand.mcp;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import dev.deskhand.testing.Pointer;
import dev.deskhand.testing.TestDesktop;

import static dev.deskhand.mcp.McpTestClients.call;
import static dev.deskhand.mcp.McpTestClients.text;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every tool, every argument, every wrong JSON type and an oversized value, through a
 * real MCP client: each failure is {@code E_*: message}, bounded, and nothing reaches the
 * desktop (every desktop-changing capability is denied, so a call that gets past its
 * arguments stops at approval). Before, about two thirds of such failures answered in the
 * SDK's words ("input validation failed", "Conversion from JSON to java.util.List
 * failed") and echoed a 1 MB value in full.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "management.server.port=0", "deskhand.display.managed=false", "deskhand.audit.enabled=false",
				"deskhand.approval.policies.pointer=deny", "deskhand.approval.policies.keyboard=deny",
				"deskhand.approval.policies.launch=deny", "deskhand.approval.policies.clipboard-read=deny",
				"deskhand.approval.policies.clipboard-write=deny" })
class ToolArgumentErrorsLiveTests {

	private static final String HUGE = "x".repeat(1_000_000);

	private static final List<Object> WRONG_VALUES = Arrays.asList("not-a-number", 12345, -7.5, true, List.of(1, 2, 3),
			List.of("a", "b"), Map.of("a", 1), HUGE);

	@LocalServerPort
	private int port;

	private McpSyncClient client;

	@DynamicPropertySource
	static void display(DynamicPropertyRegistry registry) {
		registry.add("deskhand.display.name", () -> TestDesktop.shared().display());
	}

	@BeforeEach
	void connect() {
		this.client = McpTestClients.streamable(this.port);
	}

	@AfterEach
	void disconnect() {
		this.client.closeGracefully();
	}

	/**
	 * What a model reads first must match what the tool accepts: every argument is
	 * described, and an argument name a description mentions (a snake_case word that is
	 * some tool's argument) is one this tool takes, unless it names another tool or is
	 * one of the mentions below, each of which speaks of the other tools' argument.
	 */
	@Test
	@SuppressWarnings("unchecked")
	void everyArgumentIsDescribedAndEveryArgumentADescriptionNamesIsAccepted() {
		List<McpSchema.Tool> tools = this.client.listTools().tools();
		java.util.Set<String> toolNames = new java.util.HashSet<>();
		java.util.Set<String> argumentNames = new java.util.HashSet<>();
		for (McpSchema.Tool tool : tools) {
			toolNames.add(tool.name());
			argumentNames.addAll(((Map<String, Object>) tool.inputSchema().get("properties")).keySet());
		}
		// "Pass an id as display_id to the other tools"; "tools given no display_id then
		// act on it"; each window's display_id in the answer
		java.util.Set<String> othersArguments = java.util.Set.of("list_displays display_id",
				"switch_display display_id", "list_windows display_id");
		List<String> wrong = new ArrayList<>();
		for (McpSchema.Tool tool : tools) {
			Map<String, Object> properties = (Map<String, Object>) tool.inputSchema().get("properties");
			properties.forEach((name, schema) -> {
				Object description = ((Map<String, Object>) schema).get("description");
				if (!(description instanceof String text) || text.isBlank()) {
					wrong.add(tool.name() + "." + name + ": no description");
				}
			});
			java.util.regex.Matcher words = java.util.regex.Pattern.compile("\\b[a-z]+(?:_[a-z]+)+\\b")
				.matcher(tool.description());
			while (words.find()) {
				String word = words.group();
				if (argumentNames.contains(word) && !properties.containsKey(word) && !toolNames.contains(word)
						&& !othersArguments.contains(tool.name() + " " + word)) {
					wrong.add(tool.name() + ": its description names '" + word + "', which it does not accept");
				}
			}
		}
		assertThat(wrong).isEmpty();
	}

	@Test
	@SuppressWarnings("unchecked")
	void everyFailureIsAnErrorCodeWithABoundedMessageAndNothingHappens() {
		Pointer before = TestDesktop.shared().pointerLocation();
		List<String> wrong = new ArrayList<>();
		int failures = 0;
		for (McpSchema.Tool tool : this.client.listTools().tools()) {
			Map<String, Object> properties = (Map<String, Object>) tool.inputSchema().get("properties");
			if (tool.name().equals("wait")) {
				continue; // each wait really waits; covered below
			}
			if (tool.name().equals("request_human")) {
				continue; // any reason is valid and waits for a person; DeskLiveTests
							// covers its errors
			}
			for (String argument : properties.keySet()) {
				for (Object value : WRONG_VALUES) {
					Map<String, Object> arguments = new java.util.HashMap<>();
					arguments.put(argument, value);
					CallToolResult result = call(this.client, tool.name(), arguments);
					if (!Boolean.TRUE.equals(result.isError())) {
						continue;
					}
					failures++;
					String text = text(result);
					if (!text.matches("^E_[A-Z_]+: (?s).*") || text.length() > 2_000) {
						wrong.add(tool.name() + "." + argument + "=" + abbreviate(value) + " -> "
								+ text.substring(0, Math.min(200, text.length())) + " (" + text.length() + " chars)");
					}
				}
			}
		}
		assertThat(failures).as("the wrong values were refused").isGreaterThan(300);
		assertThat(wrong).as("failures that are not E_* or echo too much").isEmpty();
		assertThat(TestDesktop.shared().pointerLocation()).isEqualTo(before);
		assertThat(TestDesktop.shared().keysDown()).isEmpty();
		assertThat(TestDesktop.shared().buttonsDownMask()).isZero();
	}

	@Test
	void unknownValuesAreRefusedNotIgnored() {
		assertThat(text(call(this.client, "wait", Map.of("duration", 0.05, "display_id", "nope"))))
			.startsWith("E_NOT_FOUND: ");
		assertThat(text(call(this.client, "screenshot", Map.of("display_id", "nope")))).startsWith("E_NOT_FOUND: ");
		assertThat(text(call(this.client, "screenshot", Map.of("format", "bmp")))).startsWith("E_ARGS: ");
		assertThat(text(call(this.client, "zoom", Map.of("region", List.of(0, 0, 10, 10), "display_id", "nope"))))
			.startsWith("E_NOT_FOUND: ");
		assertThat(text(call(this.client, "zoom", Map.of("region", List.of(0, 0, 10, 10), "format", "gif"))))
			.startsWith("E_ARGS: ");
		// An enumeration matches exactly: a lenient trim once took "png\0" for "png".
		assertThat(text(call(this.client, "screenshot", Map.of("format", "png\u0000")))).startsWith("E_ARGS: ");
		assertThat(text(call(this.client, "zoom", Map.of("region", List.of(0, 0, 10, 10), "format", "png\u0000"))))
			.startsWith("E_ARGS: ");
		assertThat(text(call(this.client, "key", Map.of("text", HUGE)))).startsWith("E_ARGS: ").hasSizeLessThan(2_000);
	}

	private static String abbreviate(Object value) {
		String text = String.valueOf(value);
		return (text.length() > 30) ? text.substring(0, 30) + "…" : text;
	}

}
