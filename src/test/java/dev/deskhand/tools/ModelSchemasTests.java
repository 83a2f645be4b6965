package dev.deskhand.tools;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What a model reads of an input schema: the dialect URL, Java's number formats and an
 * empty required list go; everything that constrains an argument stays, a parameter named
 * {@code format} included.
 */
class ModelSchemasTests {

	@Test
	void leavesOutWhatSaysNothingAndKeepsEveryConstraint() {
		Map<String, Object> schema = Map.of("$schema", "https://json-schema.org/draft/2020-12/schema", "type", "object",
				"properties",
				Map.of("coordinate",
						Map.of("type", "array", "items", Map.of("type", "integer", "format", "int32"), "description",
								"[x, y]"),
						"format", Map.of("type", "string", "enum", List.of("png", "jpeg")), "when",
						Map.of("type", "string", "format", "date-time")),
				"required", List.of());
		Map<String, Object> trimmed = ModelSchemas.trimmed(schema);
		assertThat(trimmed).containsOnlyKeys("type", "properties");
		assertThat(trimmed.get("properties")).isEqualTo(Map.of("coordinate",
				Map.of("type", "array", "items", Map.of("type", "integer"), "description", "[x, y]"), "format",
				Map.of("type", "string", "enum", List.of("png", "jpeg")), "when",
				Map.of("type", "string", "format", "date-time")));
		assertThat(ModelSchemas.trimmed(Map.of("type", "object", "required", List.of("coordinate"))))
			.containsEntry("required", List.of("coordinate"));
	}

}
