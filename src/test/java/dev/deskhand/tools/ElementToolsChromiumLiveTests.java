package dev.deskhand.tools;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import dev.deskhand.mcp.McpTestClients;
import dev.deskhand.testing.A11yChromium;
import dev.deskhand.testing.AtspiDesktop;
import dev.deskhand.testing.MixedText;
import dev.deskhand.testing.ScreenRect;

import static dev.deskhand.mcp.McpTestClients.call;
import static dev.deskhand.mcp.McpTestClients.text;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The element tools on a web page in a real Chromium started with accessibility on. Web
 * fields have no editable-text interface, so set_value types into them and reads them
 * back; the page logs on its console what it received.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "management.server.port=0", "deskhand.display.managed=false", "deskhand.platform.os=linux",
				"deskhand.platform.display-server=x11", "deskhand.approval.policies.pointer=allow",
				"deskhand.approval.policies.keyboard=allow", "deskhand.audit.enabled=false" })
class ElementToolsChromiumLiveTests {

	private static final Duration WAIT = Duration.ofSeconds(10);

	private static final JsonMapper JSON = JsonMapper.builder().build();

	// Below the other fixtures' places on the shared 1920x1080 desktop.
	private static final ScreenRect WINDOW = new ScreenRect(560, 120, 1100, 760);

	private static A11yChromium chromium;

	@LocalServerPort
	private int port;

	private McpSyncClient client;

	@DynamicPropertySource
	static void desktop(DynamicPropertyRegistry registry) {
		AtspiDesktop.pointApplicationAt(registry);
	}

	@BeforeAll
	static void startBrowser() {
		chromium = A11yChromium.open(AtspiDesktop.shared().environment(), A11yChromium.TEST_PAGE, WINDOW);
	}

	@AfterAll
	static void stopBrowser() {
		if (chromium != null) {
			chromium.close();
		}
	}

	@BeforeEach
	void connect() {
		this.client = McpTestClients.streamable(this.port);
		chromium.events().clear();
	}

	@AfterEach
	void disconnect() {
		this.client.closeGracefully();
	}

	@Test
	void aWebButtonIsPressedByRef() {
		String go = ref(list(), "push button", "Go");
		CallToolResult pressed = call(this.client, "click_element", Map.of("ref", go));
		assertThat(text(pressed)).contains("by its action");
		chromium.await(A11yChromium.event("click", "go"), WAIT);
	}

	@Test
	void setValueTypesIntoAWebFieldAndReadsItBack() {
		String search = ref(list(), "entry", "Search");
		call(this.client, "set_value", Map.of("ref", search, "text", "first"));
		String value = MixedText.of(16, 7);
		CallToolResult set = call(this.client, "set_value", Map.of("ref", search, "text", value));
		assertThat(set.isError()).as(text(set)).isNotEqualTo(Boolean.TRUE);
		assertThat(text(set)).contains("by typing", "holds exactly the text asked for");
		chromium.await((e) -> A11yChromium.event("input", "search").test(e) && value.equals(e.path("value").asString()),
				WAIT);
	}

	@Test
	void aWebFieldThatRewritesItsInputIsAMismatch() {
		String shout = ref(list(), "entry", "Shout field");
		CallToolResult set = call(this.client, "set_value", Map.of("ref", shout, "text", "quiet"));
		assertThat(set.isError()).isTrue();
		assertThat(text(set)).startsWith("E_FAIL").contains("\"QUIET\"");
	}

	@Test
	void typingIntoAWebFieldIsVerifiedCharacterForCharacter() {
		// Each of these needs keymap rebinds: the first key after one was lost before the
		// X11 driver waited for the client to fetch the new keymap.
		String search = ref(list(), "entry", "Search");
		for (String typed : List.of("àbc", "xàbc", "éé", "Ωmega ✓")) {
			call(this.client, "set_value", Map.of("ref", search, "text", ""));
			call(this.client, "focus_element", Map.of("ref", search));
			assertThat(text(call(this.client, "type", Map.of("text", typed)))).as(typed)
				.contains("verified: the focused entry 'Search' received exactly the typed text");
		}
	}

	private JsonNode list() {
		CallToolResult result = call(this.client, "list_elements",
				Map.of("window", "0x" + Long.toHexString(chromium.windowId())));
		assertThat(result.isError()).as(text(result)).isNotEqualTo(Boolean.TRUE);
		return JSON.readTree(text(result));
	}

	private static String ref(JsonNode listing, String role, String name) {
		for (JsonNode element : listing.path("elements")) {
			if (role.equals(element.path("role").asString()) && name.equals(element.path("name").asString())) {
				return element.path("ref").asString();
			}
		}
		throw new AssertionError("no " + role + " '" + name + "' in " + listing);
	}

}
