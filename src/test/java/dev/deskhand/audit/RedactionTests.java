package dev.deskhand.audit;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class RedactionTests {

	@Test
	void keepsLengthAndAShortHashButNeverTheText() throws Exception {
		String secret = "hunter2-Päßwörd-🔑";

		Map<String, Object> redacted = Redaction.of(secret);

		String sha = HexFormat.of()
			.formatHex(MessageDigest.getInstance("SHA-256").digest(secret.getBytes(StandardCharsets.UTF_8)));
		assertThat(redacted).containsExactly(Map.entry("length", 17), Map.entry("sha256", sha.substring(0, 16)));
		assertThat(redacted.toString()).doesNotContain(secret).doesNotContain("hunter2");
		assertThat(AuditFiles.JSON.writeValueAsString(redacted)).doesNotContain("hunter2");
	}

	@Test
	void sameTextSameHashOtherTextOtherHash() {
		assertThat(Redaction.of("abc")).isEqualTo(Redaction.of("abc")).isNotEqualTo(Redaction.of("abd"));
		assertThat(Redaction.of("")).containsEntry("length", 0);
	}

	@Test
	void summaryKeepsShortTextWhole() {
		assertThat(Redaction.summary("hello", 5)).isEqualTo("hello");
		assertThat(Redaction.summary("", 0)).isEmpty();
	}

	@Test
	void summaryShortensLongTextAndSaysHowLongItWas() {
		assertThat(Redaction.summary("hello world", 5)).isEqualTo("hello… (11 characters)");
		assertThat(Redaction.summary("abc", 0)).isEqualTo("… (3 characters)");
	}

	@Test
	void summaryCountsCodePointsAndNeverSplitsASurrogatePair() {
		assertThat(Redaction.summary("🔑🔑🔑", 2)).isEqualTo("🔑🔑… (3 characters)");
	}

	@Test
	void summaryShowsWhatAPromptCouldOtherwiseHide() {
		assertThat(Redaction.summary("ls\n", 10)).isEqualTo("ls⏎");
		assertThat(Redaction.summary("a\tb", 10)).isEqualTo("a⇥b");
		// A right-to-left override would make "rm -rf ~ #txt.exe" read differently on
		// screen.
		assertThat(Redaction.summary("x\u202Ey\u200Bz\u001B", 10)).isEqualTo("x\\u{202E}y\\u{200B}z\\u{001B}");
	}

	@Test
	void summaryRejectsANegativeMax() {
		assertThatIllegalArgumentException().isThrownBy(() -> Redaction.summary("x", -1));
	}

}
