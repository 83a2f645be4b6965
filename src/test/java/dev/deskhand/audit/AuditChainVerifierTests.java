package dev.deskhand.audit;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.deskhand.audit.AuditChainVerifier.Verification;

import static org.assertj.core.api.Assertions.assertThat;

class AuditChainVerifierTests {

	@TempDir
	Path dir;

	private Path file;

	private List<String> lines;

	@BeforeEach
	void writeFiveRecords() {
		this.file = this.dir.resolve("audit.jsonl");
		AuditTrail trail = AuditFiles.trail(this.file, AuditFiles.events());
		for (int i = 1; i <= 5; i++) {
			trail.record("input", "alice", Map.of("tool", "type_text", "text", Redaction.of("secret " + i)));
		}
		this.lines = new ArrayList<>(AuditFiles.lines(this.file));
		assertThat(AuditChainVerifier.verify(this.file).valid()).isTrue();
	}

	@Test
	void oneEditedCharacterIsAHashMismatchAtItsLine() {
		String line = this.lines.get(2);
		this.lines.set(2, line.replace("\"type_text\"", "\"type_texT\""));
		assertThat(this.lines.get(2)).isNotEqualTo(line);
		AuditFiles.write(this.file, this.lines);

		Verification verification = AuditChainVerifier.verify(this.file);

		assertThat(verification.valid()).isFalse();
		assertThat(verification.firstBadLine()).isEqualTo(3);
		assertThat(verification.records()).isEqualTo(2);
		assertThat(verification.reason()).startsWith("hash mismatch");
	}

	@Test
	void aDeletedMiddleLineIsABrokenLink() {
		this.lines.remove(2);
		AuditFiles.write(this.file, this.lines);

		Verification verification = AuditChainVerifier.verify(this.file);

		assertThat(verification.valid()).isFalse();
		assertThat(verification.firstBadLine()).isEqualTo(3);
		assertThat(verification.reason()).startsWith("broken link").contains("line 2's hash");
	}

	@Test
	void swappedLinesAreABrokenLink() {
		Collections.swap(this.lines, 1, 2);
		AuditFiles.write(this.file, this.lines);

		Verification verification = AuditChainVerifier.verify(this.file);

		assertThat(verification.valid()).isFalse();
		assertThat(verification.firstBadLine()).isEqualTo(2);
		assertThat(verification.reason()).startsWith("broken link");
	}

	@Test
	void aDeletedFirstLineIsABrokenLink() {
		this.lines.remove(0);
		AuditFiles.write(this.file, this.lines);

		Verification verification = AuditChainVerifier.verify(this.file);

		assertThat(verification.firstBadLine()).isEqualTo(1);
		assertThat(verification.reason()).startsWith("broken link").contains("64 zeros");
	}

	@Test
	void aLineThatIsNotJsonIsBadJson() {
		this.lines.add(3, "{\"seq\":4,");
		AuditFiles.write(this.file, this.lines);

		Verification verification = AuditChainVerifier.verify(this.file);

		assertThat(verification.firstBadLine()).isEqualTo(4);
		assertThat(verification.reason()).startsWith("bad JSON");
	}

	@Test
	void aBlankLineIsBadJson() {
		this.lines.add(5, "");
		AuditFiles.write(this.file, this.lines);

		assertThat(AuditChainVerifier.verify(this.file).firstBadLine()).isEqualTo(6);
	}

	@Test
	void aHashFieldThatIsNotLastIsBadJson() {
		String line = this.lines.get(0);
		String hash = AuditFiles.json(line).get("hash").stringValue();
		String moved = "{\"hash\":\"" + hash + "\"," + line.substring(1, line.lastIndexOf(",\"hash\":\"")) + "}";
		this.lines.set(0, moved);
		AuditFiles.write(this.file, this.lines);

		Verification verification = AuditChainVerifier.verify(this.file);

		assertThat(verification.firstBadLine()).isEqualTo(1);
		assertThat(verification.reason()).isEqualTo("bad JSON: hash is not the last field of the line");
	}

	@Test
	void aDuplicatedFieldIsBadJson() {
		String line = this.lines.get(1);
		this.lines.set(1, line.replace("\"type\":\"input\"", "\"type\":\"input\",\"type\":\"other\""));
		AuditFiles.write(this.file, this.lines);

		Verification verification = AuditChainVerifier.verify(this.file);

		assertThat(verification.firstBadLine()).isEqualTo(2);
		assertThat(verification.reason()).startsWith("bad JSON").contains("type");
	}

	@Test
	void aFileAnotherToolWroteByTheDocumentedRuleVerifies() throws Exception {
		Path other = this.dir.resolve("other.jsonl");
		String first = independentLine(1, "0".repeat(64));
		String second = independentLine(2, AuditFiles.json(first).get("hash").stringValue());
		AuditFiles.write(other, List.of(first, second));

		assertThat(AuditChainVerifier.verify(other)).isEqualTo(new Verification(true, 2, 0, "2 records, chain intact"));
	}

	@Test
	void aSeqGapWithIntactHashesAndLinksIsReported() throws Exception {
		Path other = this.dir.resolve("other.jsonl");
		String first = independentLine(1, "0".repeat(64));
		String third = independentLine(3, AuditFiles.json(first).get("hash").stringValue());
		AuditFiles.write(other, List.of(first, third));

		Verification verification = AuditChainVerifier.verify(other);

		assertThat(verification.firstBadLine()).isEqualTo(2);
		assertThat(verification.reason()).isEqualTo("seq gap: expected seq 2, found 3");
	}

	@Test
	void missingAndEmptyFilesHoldNoRecords() throws Exception {
		assertThat(AuditChainVerifier.verify(this.dir.resolve("none.jsonl")).records()).isZero();
		Path empty = Files.createFile(this.dir.resolve("empty.jsonl"));
		assertThat(AuditChainVerifier.verify(empty)).isEqualTo(new Verification(true, 0, 0, "empty"));
	}

	@Test
	void verifiesOnlyTheGivenPrefix() throws Exception {
		Files.writeString(this.file, "{\"seq\":6,\"ti", StandardCharsets.UTF_8, StandardOpenOption.APPEND);
		long whole = Files.size(this.file) - "{\"seq\":6,\"ti".length();

		assertThat(AuditChainVerifier.verify(this.file).firstBadLine()).isEqualTo(6);
		assertThat(AuditChainVerifier.verify(this.file, whole).valid()).isTrue();
	}

	/**
	 * A record written the way the AuditTrail javadoc tells another tool to, without
	 * Deskhand's code.
	 */
	private static String independentLine(long seq, String prev) throws Exception {
		String content = "{\"seq\":" + seq + ",\"time\":\"2025-06-01T12:00:00Z\",\"type\":\"input\","
				+ "\"principal\":\"éva\",\"data\":{\"note\":\"naïve ✓\"},\"prev\":\"" + prev + "\"}";
		byte[] digest = MessageDigest.getInstance("SHA-256").digest(content.getBytes(StandardCharsets.UTF_8));
		return content.substring(0, content.length() - 1) + ",\"hash\":\"" + HexFormat.of().formatHex(digest) + "\"}";
	}

}
