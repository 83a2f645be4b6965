package dev.deskhand.audit;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.deskhand.audit.AuditChainVerifier.Verification;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Lines cut out of the middle of an audit file verify as a segment; the ids a listener
 * hears are those lines' seq and hash.
 */
class AuditSegmentTests {

	@TempDir
	Path dir;

	@Test
	void aListenerHearsEachRecordsSeqAndHashAsWrittenAndAMiddleStretchVerifies() {
		Path file = this.dir.resolve("audit.jsonl");
		AuditTrail trail = AuditFiles.trail(file, AuditFiles.events());
		List<AuditRecordId> heard = new ArrayList<>();
		trail.addListener((id, type, data) -> heard.add(id));
		for (int i = 1; i <= 6; i++) {
			trail.record("input", "alice", Map.of("n", i));
		}
		List<String> lines = AuditFiles.lines(file);
		assertThat(heard).hasSize(6);
		for (int i = 0; i < 6; i++) {
			assertThat(heard.get(i).seq()).isEqualTo(i + 1);
			assertThat(heard.get(i).hash()).isEqualTo(AuditFiles.json(lines.get(i)).get("hash").stringValue());
		}
		Verification middle = AuditChainVerifier.verifySegment(bytes(lines.subList(2, 5)));
		assertThat(middle.valid()).as(middle.reason()).isTrue();
		assertThat(middle.records()).isEqualTo(3);
	}

	@Test
	void aGapOrAnEditInTheSegmentFailsAtItsLine() {
		Path file = this.dir.resolve("audit.jsonl");
		AuditTrail trail = AuditFiles.trail(file, AuditFiles.events());
		for (int i = 1; i <= 5; i++) {
			trail.record("input", "alice", Map.of("n", i));
		}
		List<String> lines = AuditFiles.lines(file);
		List<String> gap = List.of(lines.get(0), lines.get(2));
		Verification broken = AuditChainVerifier.verifySegment(bytes(gap));
		assertThat(broken.valid()).isFalse();
		assertThat(broken.firstBadLine()).isEqualTo(2);
		assertThat(broken.reason()).startsWith("broken link");
		List<String> edited = new ArrayList<>(lines.subList(1, 4));
		edited.set(1, edited.get(1).replace("\"n\":3", "\"n\":4"));
		Verification mismatch = AuditChainVerifier.verifySegment(bytes(edited));
		assertThat(mismatch.valid()).isFalse();
		assertThat(mismatch.reason()).startsWith("hash mismatch");
	}

	private static List<byte[]> bytes(List<String> lines) {
		return lines.stream().map((line) -> line.getBytes(StandardCharsets.UTF_8)).toList();
	}

}
