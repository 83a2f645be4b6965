package dev.deskhand.tools;

import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;

import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import tools.jackson.databind.json.JsonMapper;

import dev.deskhand.actions.ActionOutcome;
import dev.deskhand.errors.DeskhandException;
import dev.deskhand.screen.CoordinateSpace;
import dev.deskhand.screen.Screenshot;

/**
 * How tool results look on the wire: short JSON text, image blocks,
 * {@code E_CODE: message} errors. A data result carries its JSON twice: as text, for
 * clients that read only content, and as {@code structuredContent}, the same object, for
 * those that read the tool's {@code outputSchema} (ToolCatalog says which tools these
 * are).
 */
final class ToolResults {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private ToolResults() {
	}

	static CallToolResult text(String text) {
		return CallToolResult.builder().addTextContent(text).build();
	}

	static CallToolResult json(Map<String, ?> value) {
		return CallToolResult.builder().addTextContent(JSON.writeValueAsString(value)).structuredContent(value).build();
	}

	/**
	 * Text that is not JSON (a clipboard's text as it is), with the object
	 * {@code structured} that holds it.
	 */
	static CallToolResult text(String text, Map<String, ?> structured) {
		return CallToolResult.builder().addTextContent(text).structuredContent(structured).build();
	}

	static CallToolResult error(DeskhandException ex) {
		return CallToolResult.builder().isError(true).addTextContent(ex.render()).build();
	}

	/** An image block followed by its geometry as JSON text (and any extra fields). */
	static CallToolResult image(Screenshot shot, Map<String, ?> extra) {
		Map<String, Object> geometry = describe(shot, extra);
		return CallToolResult.builder()
			.addContent(imageContent(shot))
			.addTextContent(JSON.writeValueAsString(geometry))
			.structuredContent(geometry)
			.build();
	}

	/**
	 * A desktop action's outcome: its text, and the screenshot after it when there is
	 * one.
	 */
	static CallToolResult outcome(ActionOutcome outcome) {
		return (outcome.screenshot() != null) ? withScreenshot(outcome.text(), outcome.screenshot())
				: text(outcome.text());
	}

	/** The text of an action's result with the screenshot taken after it. */
	static CallToolResult withScreenshot(String text, Screenshot shot) {
		return CallToolResult.builder()
			.addTextContent(text)
			.addContent(imageContent(shot))
			.addTextContent(JSON.writeValueAsString(describe(shot, Map.of())))
			.build();
	}

	static McpSchema.ImageContent imageContent(Screenshot shot) {
		return McpSchema.ImageContent
			.builder(Base64.getEncoder().encodeToString(shot.image()), shot.format().mimeType())
			.build();
	}

	static Map<String, Object> describe(Screenshot shot, Map<String, ?> extra) {
		Map<String, Object> fields = new LinkedHashMap<>();
		fields.put("display_id", shot.geometry().displayId());
		fields.put("width", shot.width());
		fields.put("height", shot.height());
		fields.put("scale", Math.round(shot.geometry().scaleX() * 10000) / 10000.0);
		if (shot.geometry().space() != CoordinateSpace.PIXELS) {
			// the agent's coordinates are not this image's pixels: say what they are
			fields.put("coordinates", shot.geometry().space().label());
		}
		fields.putAll(extra);
		return fields;
	}

	static String toJson(Object value) {
		return JSON.writeValueAsString(value);
	}

}
