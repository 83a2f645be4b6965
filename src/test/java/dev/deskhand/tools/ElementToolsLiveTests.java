package dev.deskhand.tools;

import java.awt.image.BufferedImage;
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
import dev.deskhand.testing.AtspiDesktop;
import dev.deskhand.testing.AtspiWitness;
import dev.deskhand.testing.MixedText;
import dev.deskhand.testing.ScreenRect;

import static dev.deskhand.mcp.McpTestClients.call;
import static dev.deskhand.mcp.McpTestClients.text;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The element tools end to end: the whole application on an X display with an
 * accessibility bus, a real MCP client, and a GTK witness that reports what it received
 * and where its widgets are. 1920x1080 screenshots are 1280x720 images, so every bound is
 * two thirds of the witness's own rectangle.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "management.server.port=0", "deskhand.display.managed=false", "deskhand.platform.os=linux",
				"deskhand.platform.display-server=x11", "deskhand.approval.policies.pointer=allow",
				"deskhand.approval.policies.keyboard=allow", "deskhand.audit.enabled=false" })
class ElementToolsLiveTests {

	private static final Duration WAIT = Duration.ofSeconds(10);

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private static AtspiWitness witness;

	@LocalServerPort
	private int port;

	private McpSyncClient client;

	@DynamicPropertySource
	static void desktop(DynamicPropertyRegistry registry) {
		AtspiDesktop.pointApplicationAt(registry);
	}

	@BeforeAll
	static void openWitness() {
		witness = AtspiWitness.open(AtspiDesktop.shared(), "Deskhand element tools", false);
	}

	@AfterAll
	static void closeWitness() {
		if (witness != null) {
			witness.close();
		}
	}

	@BeforeEach
	void connect() {
		this.client = McpTestClients.streamable(this.port);
		AtspiDesktop.shared().run(WAIT, "wmctrl", "-i", "-a", witness.window().hexId()).requireSuccess("wmctrl");
	}

	@AfterEach
	void disconnect() {
		this.client.closeGracefully();
	}

	@Test
	void theFocusedWindowsElementsAreListedWithBoundsInScreenshotPixels() {
		CallToolResult result = call(this.client, "list_elements", Map.of("screenshot", true));
		assertThat(result.isError()).as(text(result)).isNotEqualTo(Boolean.TRUE);
		BufferedImage image = McpTestClients.image(result);
		assertThat(image.getWidth()).isEqualTo(1280);
		JsonNode listing = JSON.readTree(text(result));
		assertThat(listing.path("truncated").asBoolean()).isFalse();

		JsonNode button = element(listing, "push button", "Press me");
		JsonNode entry = element(listing, "text", "Name field");
		element(listing, "check box", "Remember me");
		element(listing, "label", "Status: idle");
		assertThat(button.path("actions").toString()).containsIgnoringCase("click");
		Map<String, ScreenRect> rects = witness.widgetRects();
		assertImageBounds(button, rects.get("button"));
		assertImageBounds(entry, rects.get("entry"));
		// A ref and a coordinate agree: the button's centre in the image is on the
		// button.
		assertThat(text(call(this.client, "element_at", Map.of("coordinate", centre(button)))))
			.contains("\"ref\":\"" + button.path("ref").asString() + "\"");
	}

	@Test
	void marksAreDrawnOnTheElementsInTheScreenshot() {
		CallToolResult result = call(this.client, "list_elements", Map.of("marks", true));
		BufferedImage image = McpTestClients.image(result);
		JsonNode button = element(JSON.readTree(text(result)), "push button", "Press me");
		JsonNode bounds = button.path("bounds");
		int x = bounds.get(0).asInt();
		int y = bounds.get(1).asInt();
		int right = x + bounds.get(2).asInt() - 1;
		int middle = y + bounds.get(3).asInt() / 2;
		// the outline on the left and right edges, not GTK's own grey
		assertThat(image.getRGB(x, middle) & 0xFFFFFF).isEqualTo(0xFF00FF);
		assertThat(image.getRGB(right, middle) & 0xFFFFFF).isEqualTo(0xFF00FF);
	}

	@Test
	void clickElementPressesTheButtonByItsAction() {
		JsonNode button = element(list(), "push button", "Press me");
		int mark = witness.mark();
		CallToolResult result = call(this.client, "click_element", Map.of("ref", button.path("ref").asString()));
		assertThat(text(result)).contains("by its action");
		witness.awaitAfter(mark, "clicked", (e) -> e.path("widget").asString().equals("button"), WAIT);
	}

	@Test
	void setValueThenReadTextRoundTripsMixedUnicode() {
		String ref = element(list(), "text", "Name field").path("ref").asString();
		String value = MixedText.withEmoji(24, 12);
		int mark = witness.mark();
		CallToolResult set = call(this.client, "set_value", Map.of("ref", ref, "text", value));
		assertThat(set.isError()).as(text(set)).isNotEqualTo(Boolean.TRUE);
		assertThat(text(set)).contains("holds exactly the text asked for");
		witness.awaitAfter(mark, "changed", (e) -> e.path("text").asString().equals(value), WAIT);

		JsonNode read = JSON.readTree(text(call(this.client, "read_text", Map.of("ref", ref))));
		assertThat(read.path("text").asString()).isEqualTo(value);
	}

	@Test
	void setValueSaysWhatArrivedWhenTheAppRewritesIt() {
		String ref = element(list(), "text", "Name field").path("ref").asString();
		witness.upperCase(true);
		try {
			CallToolResult set = call(this.client, "set_value", Map.of("ref", ref, "text", "quiet words"));
			assertThat(set.isError()).isTrue();
			assertThat(text(set)).startsWith("E_FAIL").contains("\"QUIET WORDS\"");
		}
		finally {
			witness.upperCase(false);
		}
	}

	@Test
	void typingIntoTheFocusedFieldIsVerifiedAndAWrongArrivalIsReported() {
		String ref = element(list(), "text", "Name field").path("ref").asString();
		call(this.client, "set_value", Map.of("ref", ref, "text", ""));
		assertThat(text(call(this.client, "focus_element", Map.of("ref", ref)))).contains("focused " + ref);
		witness.awaitAfter(0, "focus", (e) -> e.path("widget").asString().equals("entry"), WAIT);

		assertThat(text(call(this.client, "type", Map.of("text", "plain words")))).contains("verified: the focused");

		witness.upperCase(true);
		try {
			assertThat(text(call(this.client, "type", Map.of("text", " more")))).contains("warning: the focused")
				.contains("MORE");
		}
		finally {
			witness.upperCase(false);
		}
	}

	@Test
	void thePasswordFieldIsNeverRead() {
		JsonNode password = element(list(), "password text", "Password");
		assertThat(password.has("value")).isFalse();
		CallToolResult read = call(this.client, "read_text", Map.of("ref", password.path("ref").asString()));
		assertThat(text(read)).startsWith("E_DENIED");
	}

	@Test
	void badRefsAreRefusedClearly() {
		assertThat(text(call(this.client, "click_element", Map.of("ref", "e99999")))).startsWith("E_NOT_FOUND")
			.contains("list the elements again");
		assertThat(text(call(this.client, "find_elements", Map.of("role", List.of("buton"))))).startsWith("E_ARGS")
			.contains("push button");
		String ref = element(list(), "push button", "Press me").path("ref").asString();
		McpSyncClient other = McpTestClients.customized(this.port, "another-agent", (spec) -> spec);
		try {
			assertThat(text(call(other, "click_element", Map.of("ref", ref)))).startsWith("E_NOT_FOUND");
		}
		finally {
			other.closeGracefully();
		}
	}

	@Test
	void aRefWhoseWidgetWasDestroyedIsStaleAndNothingIsPressed() {
		String ref = element(list(), "push button", "Vanishing button").path("ref").asString();
		witness.destroyVanishingButton();
		int mark = witness.mark();
		CallToolResult result = call(this.client, "click_element", Map.of("ref", ref));
		assertThat(text(result)).startsWith("E_NOT_FOUND").contains("stale ref " + ref);
		assertThat(witness.reportedAfter(mark, "clicked")).isFalse();
	}

	@Test
	void findElementsSearchesByRoleAndName() {
		JsonNode found = JSON.readTree(text(call(this.client, "find_elements",
				Map.of("role", List.of("push button"), "name_regex", "^press", "app", "deskhand-atspi-witness"))));
		assertThat(found.path("elements")).hasSize(1);
		assertThat(found.path("elements").get(0).path("name").asString()).isEqualTo("Press me");
	}

	@Test
	void findElementsTakesARoleAsAStringAndTheNamesOtherPlatformsUse() {
		// models send "role": "button" as often as a list, and say "button", "AXButton"
		// (macOS), "Button" (UI Automation) as often as AT-SPI's "push button"
		for (Object role : List.of("button", "AXButton", List.of("Button"), "PushButton", "push_button")) {
			CallToolResult result = call(this.client, "find_elements",
					Map.of("role", role, "name", "Press me", "app", "deskhand-atspi-witness"));
			assertThat(result.isError()).as(role + ": " + text(result)).isNotEqualTo(Boolean.TRUE);
			JsonNode found = JSON.readTree(text(result));
			assertThat(found.path("elements")).as(role.toString()).hasSize(1);
			assertThat(found.path("elements").get(0).path("role").asString()).isEqualTo("push button");
		}
		JsonNode fields = JSON.readTree(text(call(this.client, "find_elements",
				Map.of("role", "textbox", "app", "deskhand-atspi-witness", "states", "editable"))));
		assertThat(fields.path("elements").valueStream().map((element) -> element.path("name").asString()))
			.contains("Name field");
		assertThat(fields.path("elements").valueStream().map((element) -> element.path("role").asString()))
			.allSatisfy((found) -> assertThat(found).isIn("entry", "text", "password text"));
		assertThat(text(call(this.client, "find_elements", Map.of("role", 7)))).startsWith("E_ARGS: role must be");
	}

	private JsonNode list() {
		CallToolResult result = call(this.client, "list_elements", Map.of("window", witness.window().hexId()));
		assertThat(result.isError()).as(text(result)).isNotEqualTo(Boolean.TRUE);
		return JSON.readTree(text(result));
	}

	private static JsonNode element(JsonNode listing, String role, String name) {
		for (JsonNode element : listing.path("elements")) {
			if (role.equals(element.path("role").asString()) && name.equals(element.path("name").asString())) {
				return element;
			}
		}
		throw new AssertionError("no " + role + " '" + name + "' in " + listing);
	}

	private static void assertImageBounds(JsonNode element, ScreenRect screen) {
		JsonNode bounds = element.path("bounds");
		// image = screen * 2/3, each edge rounded within a pixel
		assertThat(bounds.get(0).asInt()).isCloseTo(screen.x() * 2 / 3, org.assertj.core.data.Offset.offset(1));
		assertThat(bounds.get(1).asInt()).isCloseTo(screen.y() * 2 / 3, org.assertj.core.data.Offset.offset(1));
		assertThat(bounds.get(2).asInt()).isCloseTo(screen.width() * 2 / 3, org.assertj.core.data.Offset.offset(2));
		assertThat(bounds.get(3).asInt()).isCloseTo(screen.height() * 2 / 3, org.assertj.core.data.Offset.offset(2));
	}

	private static List<Integer> centre(JsonNode element) {
		JsonNode bounds = element.path("bounds");
		return List.of(bounds.get(0).asInt() + bounds.get(2).asInt() / 2,
				bounds.get(1).asInt() + bounds.get(3).asInt() / 2);
	}

}
