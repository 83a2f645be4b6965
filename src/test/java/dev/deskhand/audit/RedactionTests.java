package dev.deskhand.audit;

import java.io.IOException;
import java.io.OutputStream;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.Map;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assumptions.assumeThat;

class RedactionTests {

	private static final byte[] KEY_A = HexFormat.of().parseHex("00112233445566778899aabbccddeeff".repeat(2));

	private static final byte[] KEY_B = HexFormat.of().parseHex("ffeeddccbbaa99887766554433221100".repeat(2));

	private byte[] previous;

	@BeforeEach
	void installKeyA() {
		this.previous = Redaction.installed();
		Redaction.install(KEY_A);
	}

	// Other tests in this JVM compare hashes made by a running Deskhand with their own.
	@AfterEach
	void restoreKey() {
		Redaction.install(this.previous);
	}

	@Test
	void keepsLengthAndAShortKeyedHashButNeverTheText() throws Exception {
		String secret = "hunter2-Päßwörd-🔑";

		Map<String, Object> redacted = Redaction.of(secret);

		assertThat(redacted).containsExactly(Map.entry("length", 17), Map.entry("hmac", hmac(KEY_A, secret)));
		assertThat(redacted.toString()).doesNotContain(secret).doesNotContain("hunter2");
		assertThat(AuditFiles.JSON.writeValueAsString(redacted)).doesNotContain("hunter2");
	}

	@Test
	void neverTheUnkeyedHashAGuesserCouldCompute() throws Exception {
		String secret = "hunter2";
		String unkeyed = HexFormat.of()
			.formatHex(MessageDigest.getInstance("SHA-256").digest(secret.getBytes(StandardCharsets.UTF_8)))
			.substring(0, 16);

		assertThat(Redaction.of(secret)).doesNotContainKey("sha256").doesNotContainValue(unkeyed);
	}

	@Test
	void sameTextSameHashUnderOneKeyOtherTextOtherHash() {
		assertThat(Redaction.of("abc")).isEqualTo(Redaction.of("abc")).isNotEqualTo(Redaction.of("abd"));
		assertThat(Redaction.of("")).containsEntry("length", 0);
	}

	@Test
	void anotherKeyGivesAnotherHash() {
		Map<String, Object> underA = Redaction.of("correct horse");
		Redaction.install(KEY_B);
		Map<String, Object> underB = Redaction.of("correct horse");

		assertThat(underB.get("hmac")).isNotEqualTo(underA.get("hmac"));
		assertThat(underB.get("length")).isEqualTo(underA.get("length"));
	}

	@Test
	void beforeAnyKeyIsInstalledHashesAreKeyedWithARandomOne() throws Exception {
		// What the class starts with, seen from a fresh class loader.
		try (URLClassLoader fresh = new URLClassLoader(
				new URL[] { Redaction.class.getProtectionDomain().getCodeSource().getLocation() }, null)) {
			Class<?> redaction = fresh.loadClass(Redaction.class.getName());
			Method of = redaction.getMethod("of", String.class);
			@SuppressWarnings("unchecked")
			Map<String, Object> fromFresh = (Map<String, Object>) of.invoke(null, "hunter2");
			String unkeyed = HexFormat.of()
				.formatHex(MessageDigest.getInstance("SHA-256").digest("hunter2".getBytes(StandardCharsets.UTF_8)))
				.substring(0, 16);
			assertThat(fromFresh.get("hmac")).isNotEqualTo(unkeyed).isNotEqualTo(Redaction.of("hunter2").get("hmac"));
		}
	}

	@Test
	void theDocumentedOpensslCommandConfirmsACandidate() throws Exception {
		String secret = "hunter2-Päßwörd-🔑";
		Process openssl;
		try {
			openssl = new ProcessBuilder("openssl", "dgst", "-sha256", "-mac", "HMAC", "-macopt",
					"hexkey:" + HexFormat.of().formatHex(KEY_A))
				.redirectErrorStream(true)
				.start();
		}
		catch (IOException ex) {
			assumeThat(ex).as("openssl is not installed").isNull();
			return;
		}
		try (OutputStream in = openssl.getOutputStream()) {
			in.write(secret.getBytes(StandardCharsets.UTF_8));
		}
		String out = new String(openssl.getInputStream().readAllBytes(), StandardCharsets.US_ASCII).strip();
		assertThat(openssl.waitFor()).isZero();
		// "HMAC-SHA2-256(stdin)= <64 hex>"
		assertThat(out.substring(out.lastIndexOf(' ') + 1, out.lastIndexOf(' ') + 17))
			.isEqualTo(Redaction.of(secret).get("hmac"));
	}

	@Test
	void aKeyShorterThan32BytesIsRefused() {
		assertThatIllegalArgumentException().isThrownBy(() -> Redaction.install(new byte[16]));
	}

	private static String hmac(byte[] key, String text) throws Exception {
		Mac mac = Mac.getInstance("HmacSHA256");
		mac.init(new SecretKeySpec(key, "HmacSHA256"));
		return HexFormat.of().formatHex(mac.doFinal(text.getBytes(StandardCharsets.UTF_8))).substring(0, 16);
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
	void charactersThatDrawNothingAreSpelledOutThoughUnicodeCallsThemLettersOrMarks() {
		assertThat(Redaction.summary("a\u3164b\u115Fc\u2800d\u034Fe\uFE0Ff", 20))
			.isEqualTo("a\\u{3164}b\\u{115F}c\\u{2800}d\\u{034F}e\\u{FE0F}f");
		// accented letters, decomposed or not, stay as they are
		assertThat(Redaction.summary("e\u0301 é ß 日本", 20)).isEqualTo("e\u0301 é ß 日本");
	}

	@Test
	void summaryRejectsANegativeMax() {
		assertThatIllegalArgumentException().isThrownBy(() -> Redaction.summary("x", -1));
	}

}
