package dev.deskhand.trajectory;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.deskhand.audit.Redaction;

import static org.assertj.core.api.Assertions.assertThat;

class ArgumentRedactionTests {

	@Test
	void typedTextBecomesTheAuditsRedactionAndNothingElseChanges() {
		Map<String, Object> redacted = ArgumentRedaction
			.redact(Map.of("text", "correct horse", "screenshot_after", true, "coordinate", List.of(10, 20)));
		assertThat(redacted).containsEntry("text", Redaction.of("correct horse"))
			.containsEntry("screenshot_after", true)
			.containsEntry("coordinate", List.of(10, 20));
		assertThat(redacted.toString()).doesNotContain("correct horse");
	}

	@Test
	void aBatchsActionsAreRedactedAtAnyDepthAndValuesToo() {
		Map<String, Object> redacted = ArgumentRedaction.redact(Map.of("actions",
				List.of(Map.of("action", "type", "text", "s3cret"), Map.of("action", "set_value", "value", "pin 1234")),
				"texts", "not a secret key"));
		assertThat(redacted.toString()).doesNotContain("s3cret", "pin 1234").contains("not a secret key");
		@SuppressWarnings("unchecked")
		List<Map<String, Object>> actions = (List<Map<String, Object>>) redacted.get("actions");
		assertThat(actions.get(0)).containsEntry("text", Redaction.of("s3cret")).containsEntry("action", "type");
		assertThat(actions.get(1)).containsEntry("value", Redaction.of("pin 1234"));
	}

	@Test
	void aListUnderASecretKeyIsRedactedItemByItem() {
		Map<String, Object> redacted = ArgumentRedaction.redact(Map.of("text", List.of("one", "two")));
		assertThat(redacted.get("text")).isEqualTo(List.of(Redaction.of("one"), Redaction.of("two")));
	}

	@Test
	void noArgumentsAreNoArguments() {
		assertThat(ArgumentRedaction.redact(null)).isEmpty();
	}

}
