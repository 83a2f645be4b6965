package dev.deskhand.tools;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import dev.deskhand.approval.Policy;
import dev.deskhand.screen.CoordinateSpace;

/**
 * The JSON Schemas of the tools' structured results ({@code outputSchema}), written to
 * match what {@link ToolResults} and the tool classes put in their text. Objects stay
 * open to fields added later (a client must not fail on one), but every field the tools
 * send today is declared, with its type (ToolSchemasTests checks both against real
 * results). Enumerations come from the enums themselves, so a new coordinate space or
 * policy cannot be missing here.
 */
final class ResultSchemas {

	private ResultSchemas() {
	}

	/** What every screenshot (and zoom) says about its image. */
	static Map<String, Object> geometry() {
		Map<String, Object> fields = new LinkedHashMap<>();
		fields.put("display_id", string("The display the image shows"));
		fields.put("width", integer("Image width in pixels"));
		fields.put("height", integer("Image height in pixels"));
		fields.put("scale", number("Image pixels per screen pixel"));
		fields.put("coordinates", described(
				Map.of("type", "string", "enum",
						Arrays.stream(CoordinateSpace.values()).map(CoordinateSpace::label).toList()),
				"Present when your coordinates are not this image's pixels: the space they are in (a profile's grid)"));
		fields.put("warning", string("Why the display chosen is not the one asked for, when it is not"));
		return fields;
	}

	static final Map<String, Object> SCREENSHOT = object(geometry(), "display_id", "width", "height", "scale");

	static final Map<String, Object> ZOOM = object(
			with(geometry(), "region", ints(4, "The region asked for, [x0, y0, x1, y1] in screenshot image pixels")),
			"display_id", "width", "height", "scale", "region");

	static final Map<String, Object> CURSOR = object(
			fields("coordinate", ints(2, "[x, y] in screenshot image pixels of display_id"), "display_id",
					string("The display the pointer is on")),
			"coordinate", "display_id");

	static final Map<String, Object> DISPLAYS = object(fields("displays",
			array(object(
					fields("id", string("Pass as display_id"), "name", string("The output's name"), "bounds",
							ints(4, "[x, y, width, height] on the desktop, in the display's own units"), "scale_factor",
							number("Device pixels per layout unit"), "primary", bool(), "screenshot_size",
							ints(2, "[width, height] of this display's screenshots")),
					"id", "name", "bounds", "scale_factor", "primary", "screenshot_size"))),
			"displays");

	static Map<String, Object> window() {
		return object(fields("id", string("The window id, 0x-hex"), "title", nullable("string"), "app",
				nullable("string"), "pid", integer("Process id, 0 when unknown"), "display_id", nullable("string"),
				"bounds",
				described(Map.of("type", List.of("array", "null"), "items", Map.of("type", "integer"), "minItems", 4,
						"maxItems", 4), "[x, y, width, height] in screenshot image pixels of display_id"),
				"focused", bool(), "masked", bool()), "id", "pid", "focused");
	}

	static final Map<String, Object> WINDOWS = object(fields("windows", array(window())), "windows");

	static final Map<String, Object> OPENED = object(fields("launched", bool(), "window", window()), "launched",
			"window");

	static Map<String, Object> element() {
		return object(fields("ref", string("For click_element, set_value, focus_element, read_text"), "role",
				string("AT-SPI role name"), "name", string(null), "states", array(Map.of("type", "string")), "bounds",
				described(Map.of("type", List.of("array", "null"), "items", Map.of("type", "integer"), "minItems", 4,
						"maxItems", 4), "[x, y, width, height] in screenshot image pixels of display_id"),
				"display_id", nullable("string"), "actions", array(Map.of("type", "string")), "value", string(null),
				"app", string(null)), "ref", "role", "name", "states", "actions");
	}

	/** list_elements and find_elements; with a screenshot, its geometry too. */
	static final Map<String, Object> ELEMENTS = object(with(
			with(with(geometry(), "elements", array(element())), "truncated",
					described(Map.of("type", "boolean"), "More matched than max_count")),
			"notes", array(Map.of("type", "string"))), "elements", "truncated");

	static final Map<String, Object> ELEMENT = object(fields("element", element()), "element");

	static final Map<String, Object> TEXT_OF_ELEMENT = object(fields("ref", string(null), "text", string(null)), "ref",
			"text");

	static final Map<String, Object> CLIPBOARD = object(fields("text", string("The clipboard's text, \"\" if none")),
			"text");

	static final Map<String, Object> PROFILE = object(
			fields("profile", string(null), "max_width", integer(null), "max_height", integer(null), "max_pixels",
					integer(null), "coordinates",
					Map.of("type", "string", "enum",
							Arrays.stream(CoordinateSpace.values()).map(CoordinateSpace::label).toList()),
					"format", string("Image encoding of the screenshots"), "profiles", array(Map.of("type", "string"))),
			"profile", "max_width", "max_height", "max_pixels", "coordinates", "format");

	static final Map<String, Object> GRANTS = object(
			fields("session", string("The session's handle"), "apps", described(Map
				.of("type", List.of("array", "null"), "items", Map.of("type", "string")),
					"The applications input is restricted to; null when it is not restricted"), "capabilities",
					Map.of("type", "object", "additionalProperties",
							object(fields("policy",
									Map.of("type", "string", "enum",
											Arrays.stream(Policy.values())
												.map((policy) -> policy.name().toLowerCase(Locale.ROOT))
												.toList()),
									"granted_until", nullable("string")), "policy"))),
			"session", "apps", "capabilities");

	static final Map<String, Object> DEFAULT_DISPLAY = object(fields("default_display",
			string("A display id, or \"auto\""), "display_id", string("The display tools act on now")),
			"default_display", "display_id");

	static final Map<String, Object> HUMAN = object(
			fields("outcome", Map.of("type", "string", "enum", List.of("done", "declined"))), "outcome");

	static Map<String, Object> object(Map<String, Object> properties, String... required) {
		Map<String, Object> schema = new LinkedHashMap<>();
		schema.put("type", "object");
		schema.put("properties", properties);
		schema.put("required", List.of(required));
		return schema;
	}

	private static Map<String, Object> fields(Object... namesAndSchemas) {
		Map<String, Object> fields = new LinkedHashMap<>();
		for (int i = 0; i < namesAndSchemas.length; i += 2) {
			fields.put((String) namesAndSchemas[i], namesAndSchemas[i + 1]);
		}
		return fields;
	}

	private static Map<String, Object> with(Map<String, Object> fields, String name, Map<String, Object> schema) {
		Map<String, Object> more = new LinkedHashMap<>(fields);
		more.put(name, schema);
		return more;
	}

	private static Map<String, Object> string(String description) {
		return described(Map.of("type", "string"), description);
	}

	private static Map<String, Object> integer(String description) {
		return described(Map.of("type", "integer"), description);
	}

	private static Map<String, Object> number(String description) {
		return described(Map.of("type", "number"), description);
	}

	private static Map<String, Object> bool() {
		return Map.of("type", "boolean");
	}

	private static Map<String, Object> nullable(String type) {
		return Map.of("type", List.of(type, "null"));
	}

	private static Map<String, Object> array(Map<String, Object> items) {
		return Map.of("type", "array", "items", items);
	}

	private static Map<String, Object> ints(int count, String description) {
		return described(
				Map.of("type", "array", "items", Map.of("type", "integer"), "minItems", count, "maxItems", count),
				description);
	}

	private static Map<String, Object> described(Map<String, Object> schema, String description) {
		if (description == null) {
			return schema;
		}
		Map<String, Object> described = new LinkedHashMap<>(schema);
		described.put("description", description);
		return described;
	}

}
