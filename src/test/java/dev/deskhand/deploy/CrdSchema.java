package dev.deskhand.deploy;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * The {@code openAPIV3Schema} of one served version of a CustomResourceDefinition,
 * applied as strictly as {@code kubectl apply --validate=strict} does: a field the schema
 * does not declare is an error (the API server would silently prune it), as is a wrong
 * type, a value outside an enum or a missing required field. Defaults, formats and CEL
 * rules are not checked: no manifest here relies on them.
 */
final class CrdSchema {

	private final String apiVersion;

	private final String kind;

	private final Map<String, Object> schema;

	private CrdSchema(String apiVersion, String kind, Map<String, Object> schema) {
		this.apiVersion = apiVersion;
		this.kind = kind;
		this.schema = schema;
	}

	/** The schema of the CRD's storage version, from a vendored CRD file. */
	@SuppressWarnings("unchecked")
	static CrdSchema load(String resource) throws IOException {
		try (InputStream in = CrdSchema.class.getResourceAsStream(resource)) {
			if (in == null) {
				throw new IllegalStateException("no CRD at " + resource);
			}
			Map<String, Object> crd = new Yaml(new SafeConstructor(new LoaderOptions())).load(in);
			Map<String, Object> spec = (Map<String, Object>) crd.get("spec");
			String group = (String) spec.get("group");
			String kind = (String) ((Map<String, Object>) spec.get("names")).get("kind");
			for (Map<String, Object> version : (List<Map<String, Object>>) spec.get("versions")) {
				if (Boolean.TRUE.equals(version.get("storage"))) {
					Map<String, Object> schema = (Map<String, Object>) ((Map<String, Object>) version.get("schema"))
						.get("openAPIV3Schema");
					return new CrdSchema(group + "/" + version.get("name"), kind, schema);
				}
			}
			throw new IllegalStateException(resource + " has no storage version");
		}
	}

	String apiVersion() {
		return this.apiVersion;
	}

	String kind() {
		return this.kind;
	}

	/** Every way {@code document} breaks the schema, as {@code path: problem}. */
	List<String> violations(Map<String, Object> document) {
		List<String> errors = new ArrayList<>();
		if (!this.apiVersion.equals(document.get("apiVersion")) || !this.kind.equals(document.get("kind"))) {
			errors.add("$: not a " + this.apiVersion + " " + this.kind);
		}
		check(document, this.schema, "$", errors);
		return errors;
	}

	@SuppressWarnings("unchecked")
	private static void check(Object value, Map<String, Object> schema, String path, List<String> errors) {
		if (Boolean.TRUE.equals(schema.get("x-kubernetes-int-or-string"))) {
			if (!(value instanceof Integer || value instanceof Long || value instanceof String)) {
				errors.add(path + ": expected an integer or a string, got " + describe(value));
			}
			return;
		}
		List<Object> allowed = (List<Object>) schema.get("enum");
		if (allowed != null && !allowed.contains(value)) {
			errors.add(path + ": " + value + " is not one of " + allowed);
		}
		String type = (String) schema.get("type");
		if (type == null) {
			return;
		}
		switch (type) {
			case "object" -> checkObject(value, schema, path, errors);
			case "array" -> {
				if (!(value instanceof List<?> items)) {
					errors.add(path + ": expected an array, got " + describe(value));
					return;
				}
				Map<String, Object> itemSchema = (Map<String, Object>) schema.get("items");
				for (int i = 0; i < items.size(); i++) {
					if (itemSchema != null) {
						check(items.get(i), itemSchema, path + "[" + i + "]", errors);
					}
				}
			}
			case "string" -> expect(value instanceof String, "a string", value, path, errors);
			case "integer" ->
				expect(value instanceof Integer || value instanceof Long, "an integer", value, path, errors);
			case "number" -> expect(value instanceof Number, "a number", value, path, errors);
			case "boolean" -> expect(value instanceof Boolean, "a boolean", value, path, errors);
			default -> errors.add(path + ": the schema has a type this check does not know: " + type);
		}
	}

	@SuppressWarnings("unchecked")
	private static void checkObject(Object value, Map<String, Object> schema, String path, List<String> errors) {
		if (!(value instanceof Map<?, ?> object)) {
			errors.add(path + ": expected an object, got " + describe(value));
			return;
		}
		Map<String, Map<String, Object>> properties = (Map<String, Map<String, Object>>) schema.get("properties");
		Object additional = schema.get("additionalProperties");
		boolean open = Boolean.TRUE.equals(schema.get("x-kubernetes-preserve-unknown-fields"));
		for (Map.Entry<?, ?> field : object.entrySet()) {
			String name = String.valueOf(field.getKey());
			String at = path + "." + name;
			if (properties != null && properties.containsKey(name)) {
				check(field.getValue(), properties.get(name), at, errors);
			}
			else if (additional instanceof Map<?, ?> valueSchema) {
				check(field.getValue(), (Map<String, Object>) valueSchema, at, errors);
			}
			else if (properties != null && !open) {
				errors.add(at + ": unknown field");
			}
		}
		for (String required : (List<String>) schema.getOrDefault("required", List.of())) {
			if (!object.containsKey(required)) {
				errors.add(path + ": missing required field " + required);
			}
		}
	}

	private static void expect(boolean ok, String expected, Object value, String path, List<String> errors) {
		if (!ok) {
			errors.add(path + ": expected " + expected + ", got " + describe(value));
		}
	}

	private static String describe(Object value) {
		return (value != null) ? value.getClass().getSimpleName() + " " + value : "null";
	}

}
