package dev.deskhand.tools;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A tool's input schema as a model reads it: every tool definition is sent with every
 * request, so what tells a model nothing is left out. That is the {@code $schema} dialect
 * URL (the same on all 35 tools), Java's {@code "format": "int32"/"int64"/...} on
 * integers and numbers (no model or validator acts on it), and an empty {@code required}
 * list. Together about 900 tokens of the tool list; docs/tools.md has the measurement.
 */
public final class ModelSchemas {

	private static final List<String> JAVA_FORMATS = List.of("int32", "int64", "float", "double");

	private ModelSchemas() {
	}

	/** A copy of {@code schema} without the parts that say nothing to a model. */
	public static Map<String, Object> trimmed(Map<String, Object> schema) {
		return trim(schema);
	}

	@SuppressWarnings("unchecked")
	private static Map<String, Object> trim(Map<String, Object> schema) {
		Map<String, Object> trimmed = new LinkedHashMap<>();
		schema.forEach((key, value) -> {
			if ("$schema".equals(key) || ("format".equals(key) && JAVA_FORMATS.contains(value))
					|| ("required".equals(key) && value instanceof List<?> list && list.isEmpty())) {
				return;
			}
			trimmed.put(key, trimValue(value));
		});
		return trimmed;
	}

	@SuppressWarnings("unchecked")
	private static Object trimValue(Object value) {
		if (value instanceof Map<?, ?> map) {
			return trim((Map<String, Object>) map);
		}
		if (value instanceof List<?> list) {
			return list.stream().map(ModelSchemas::trimValue).toList();
		}
		return value;
	}

}
