package dev.deskhand.trajectory;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import dev.deskhand.audit.Redaction;

/**
 * A tool call's arguments as a record may keep them: every string under a key that
 * carries text an agent types, pastes or sets ({@code text}, {@code value}), at any depth
 * (a batch's actions), becomes the audit's redaction (length and keyed hash). Secure by
 * default: a chord named {@code text} ({@code key}, {@code hold_key}) is redacted too;
 * the audit record of the call still names the chord.
 */
final class ArgumentRedaction {

	static final Set<String> SECRET_KEYS = Set.of("text", "value");

	private ArgumentRedaction() {
	}

	static Map<String, Object> redact(Map<String, Object> arguments) {
		if (arguments == null) {
			return Map.of();
		}
		Map<String, Object> redacted = new LinkedHashMap<>();
		arguments.forEach((key, value) -> redacted.put(key, redact(key, value)));
		return Collections.unmodifiableMap(redacted);
	}

	@SuppressWarnings("unchecked")
	private static Object redact(String key, Object value) {
		if (value instanceof String text && key != null && SECRET_KEYS.contains(key)) {
			return Redaction.of(text);
		}
		if (value instanceof Map<?, ?> map) {
			return redact((Map<String, Object>) map);
		}
		if (value instanceof List<?> list) {
			List<Object> items = new ArrayList<>(list.size());
			// Items of a list under a secret key are as secret as the key.
			list.forEach((item) -> items.add(redact(key, item)));
			return Collections.unmodifiableList(items);
		}
		return value;
	}

}
