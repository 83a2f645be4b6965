package dev.deskhand.tools;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.json.schema.JsonSchemaValidator;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

import dev.deskhand.elements.ElementListing;
import dev.deskhand.elements.ListedElement;
import dev.deskhand.platform.Rect;
import dev.deskhand.platform.elements.Element;
import dev.deskhand.platform.elements.ElementApp;
import dev.deskhand.platform.elements.ElementHandle;
import dev.deskhand.platform.elements.ElementRole;
import dev.deskhand.platform.elements.ElementState;
import dev.deskhand.screen.CoordinateSpace;
import dev.deskhand.screen.ImageBudget;
import dev.deskhand.screen.ImageFormat;
import dev.deskhand.screen.ModelProfile;
import dev.deskhand.screen.ScreenGeometry;
import dev.deskhand.screen.Screenshot;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The results the tools build — through the same ToolResults and tool code — against the
 * outputSchema their tool declares: each has structuredContent, it is the object its JSON
 * text holds, it validates, and every field in it is declared in the schema. A field
 * added to a result and not to its schema, a type changed, a required one dropped, fails
 * here (the live counterpart through MCP clients is StructuredResultsLiveTests).
 */
class ToolSchemasTests {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private static final JsonSchemaValidator VALIDATOR = McpJsonDefaults.getSchemaValidator();

	@Test
	void screenshotsInEveryCoordinateSpaceAndWithAWarning() {
		for (CoordinateSpace space : CoordinateSpace.values()) {
			assertConforms("screenshot", ToolResults.image(shot(space), Map.of()), 1);
		}
		assertConforms("screenshot", ToolResults.image(shot(CoordinateSpace.PIXELS),
				Map.of("warning", "display 7 is gone; the primary display instead")), 1);
		Map<String, Object> grid = structured(ToolResults.image(shot(CoordinateSpace.GRID_1000), Map.of()));
		assertThat(grid).containsEntry("coordinates", "grid-1000");
	}

	@Test
	void zoomsWithTheirRegion() {
		Map<String, Object> extra = new LinkedHashMap<>();
		extra.put("region", List.of(10, 20, 110, 70));
		assertConforms("zoom", ToolResults.image(shot(CoordinateSpace.GRID_1000), extra), 1);
	}

	@Test
	void elementListsWithAndWithoutTheirScreenshot() {
		ElementListing listing = new ElementListing(List.of(listed("e1", "Go", null, "0", List.of(10, 20, 30, 40)),
				listed("e2", "Name", "Ada", null, null)), true, List.of("app xterm offers no accessibility"));
		assertConforms("list_elements", ElementTools.result(listing, null), 0);
		assertConforms("find_elements", ElementTools.result(listing, null), 0);
		assertConforms("list_elements", ElementTools.result(listing, shot(CoordinateSpace.GRID_1000)), 1);
		assertConforms("element_at",
				ToolResults.json(Map.of("element", ElementTools.fields(listing.elements().get(0)))), 0);
	}

	@Test
	void profilesAndTheClipboard() {
		for (CoordinateSpace space : CoordinateSpace.values()) {
			for (ImageFormat format : ImageFormat.values()) {
				Map<String, Object> profile = ProfileTools
					.describe(new ModelProfile("p", new ImageBudget(1440, 900, 1_296_000), space, format, 0.8f));
				profile.put("profiles", List.of("anthropic", "p"));
				assertConforms("set_profile", ToolResults.json(profile), 0);
			}
		}
		// the clipboard's own text in content (not JSON), and in the object
		CallToolResult clipboard = ToolResults.text("line one\nline \"two\"", Map.of("text", "line one\nline \"two\""));
		assertThat(problems("read_clipboard", clipboard, -1)).isEmpty();
	}

	@Test
	void theCheckFailsAResultThatDoesNotFitItsSchema() {
		Map<String, Object> wrongType = new LinkedHashMap<>(
				structured(ToolResults.image(shot(CoordinateSpace.PIXELS), Map.of())));
		wrongType.put("width", "1280");
		assertThat(problems("screenshot", withText(wrongType), 0)).anyMatch((p) -> p.contains("width"));

		Map<String, Object> undeclared = new LinkedHashMap<>(wrongType);
		undeclared.put("width", 1280);
		undeclared.put("dpi", 96);
		assertThat(problems("screenshot", withText(undeclared), 0)).anyMatch((p) -> p.contains("dpi"));

		Map<String, Object> unknownSpace = new LinkedHashMap<>(undeclared);
		unknownSpace.remove("dpi");
		unknownSpace.put("coordinates", "grid-100");
		assertThat(problems("screenshot", withText(unknownSpace), 0)).isNotEmpty();

		CallToolResult textOnly = ToolResults.text("{\"coordinate\":[1,2],\"display_id\":\"0\"}");
		assertThat(problems("cursor_position", textOnly, 0)).anyMatch((p) -> p.contains("no structuredContent"));
	}

	@Test
	void errorsCarryNoStructuredContent() {
		CallToolResult error = ToolResults.error(dev.deskhand.errors.DeskhandException.args("region is empty"));
		assertThat(error.isError()).isTrue();
		assertThat(error.structuredContent()).isNull();
	}

	private static void assertConforms(String tool, CallToolResult result, int textBlock) {
		assertThat(problems(tool, result, textBlock)).as(tool).isEmpty();
	}

	/**
	 * What is wrong with a successful result of {@code tool}; {@code textBlock} is the
	 * index of its JSON text, or -1 when its text is not JSON.
	 */
	@SuppressWarnings("unchecked")
	private static List<String> problems(String tool, CallToolResult result, int textBlock) {
		Map<String, Object> schema = ToolCatalog.TOOLS.get(tool).outputSchema();
		List<String> problems = new ArrayList<>();
		if (result.structuredContent() == null) {
			problems.add("no structuredContent");
			return problems;
		}
		// as the client receives it: through JSON
		Object received = JSON.readValue(JSON.writeValueAsString(result.structuredContent()), Object.class);
		if (textBlock >= 0) {
			String text = ((McpSchema.TextContent) result.content().get(textBlock)).text();
			if (!JSON.readTree(text).equals(JSON.valueToTree(received))) {
				problems.add("structuredContent " + received + " is not the text " + text);
			}
		}
		JsonSchemaValidator.ValidationResponse verdict = VALIDATOR.validate(schema, received);
		if (!verdict.valid()) {
			problems.add(verdict.errorMessage());
		}
		undeclared("", schema, received, problems);
		return problems;
	}

	/** Fields present in {@code value} that {@code schema} does not name. */
	@SuppressWarnings("unchecked")
	private static void undeclared(String path, Map<String, Object> schema, Object value, List<String> problems) {
		if (value instanceof Map<?, ?> object) {
			Map<String, Object> properties = (Map<String, Object>) schema.get("properties");
			Object additional = schema.get("additionalProperties");
			for (Map.Entry<?, ?> field : object.entrySet()) {
				String name = (String) field.getKey();
				Map<String, Object> declared = (properties != null) ? (Map<String, Object>) properties.get(name) : null;
				if (declared == null && additional instanceof Map<?, ?> each) {
					declared = (Map<String, Object>) each;
				}
				if (declared == null) {
					problems.add(path + "/" + name + " is not declared in the schema");
				}
				else {
					undeclared(path + "/" + name, declared, field.getValue(), problems);
				}
			}
		}
		else if (value instanceof List<?> list && schema.get("items") instanceof Map<?, ?> items) {
			for (int i = 0; i < list.size(); i++) {
				undeclared(path + "/" + i, (Map<String, Object>) items, list.get(i), problems);
			}
		}
	}

	@SuppressWarnings("unchecked")
	private static Map<String, Object> structured(CallToolResult result) {
		return (Map<String, Object>) result.structuredContent();
	}

	private static CallToolResult withText(Map<String, Object> structured) {
		return ToolResults.json(structured);
	}

	private static Screenshot shot(CoordinateSpace space) {
		return new Screenshot(new byte[] { 1, 2, 3 }, ImageFormat.PNG, 1280, 720,
				new ScreenGeometry("0", new Rect(0, 0, 1920, 1080), 1280, 720, space));
	}

	private static ListedElement listed(String ref, String name, String value, String display, List<Integer> bounds) {
		Element element = new Element(new ElementHandle(":1.2", "/" + ref), ElementRole.PUSH_BUTTON, name,
				Set.of(ElementState.FOCUSED, ElementState.SHOWING), null, List.of("click"), value,
				new ElementApp("app", 1), false, false);
		return new ListedElement(ref, element, display, bounds);
	}

}
