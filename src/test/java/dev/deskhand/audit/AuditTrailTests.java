package dev.deskhand.audit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

import org.springframework.boot.actuate.audit.AuditEvent;
import org.springframework.boot.actuate.audit.listener.AuditApplicationEvent;

import dev.deskhand.audit.AuditChainVerifier.Verification;
import dev.deskhand.errors.DeskhandException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assumptions.assumeThat;

class AuditTrailTests {

	@TempDir
	Path dir;

	@Test
	void recordsAreChainedLinesWithConsecutiveSeq() throws Exception {
		Path file = this.dir.resolve("audit.jsonl");
		AuditTrail trail = AuditFiles.trail(file, AuditFiles.events());
		for (int i = 0; i < 5; i++) {
			trail.record("input", "alice", Map.of("tool", "click", "x", i));
		}

		List<String> lines = AuditFiles.lines(file);
		assertThat(lines).hasSize(5);
		String prev = "0".repeat(64);
		for (int i = 0; i < 5; i++) {
			JsonNode record = AuditFiles.json(lines.get(i));
			assertThat(record.propertyNames()).containsExactly("seq", "time", "type", "principal", "data", "prev",
					"hash");
			assertThat(record.get("seq").longValue()).isEqualTo(i + 1);
			assertThat(record.get("type").stringValue()).isEqualTo("input");
			assertThat(record.get("principal").stringValue()).isEqualTo("alice");
			assertThat(record.get("data").get("x").intValue()).isEqualTo(i);
			assertThat(record.get("prev").stringValue()).isEqualTo(prev);
			assertThat(record.get("hash").stringValue()).isEqualTo(AuditFiles.documentedHash(lines.get(i)));
			prev = record.get("hash").stringValue();
		}
		assertThat(AuditChainVerifier.verify(file)).isEqualTo(new Verification(true, 5, 0, "5 records, chain intact"));
	}

	@Test
	void recordsAreInTheFileAtOnceAndSyncedToDiskInTheBackground() {
		Path file = this.dir.resolve("audit.jsonl");
		AuditTrail trail = new AuditTrail(new AuditProperties(true, file, Duration.ofSeconds(30)), (event) -> {
		}, Clock.systemUTC());
		for (int i = 0; i < 20; i++) {
			trail.record("input", "alice", Map.of("i", i));
			assertThat(AuditFiles.lines(file)).hasSize(i + 1);
		}
		// 30 s away: nothing synced yet; closing syncs what is pending, once for all 20
		assertThat(trail.backgroundSyncs()).isZero();
		trail.close();
		assertThat(trail.backgroundSyncs()).isEqualTo(1);
		assertThat(AuditChainVerifier.verify(file).valid()).isTrue();
	}

	@Test
	void aZeroSyncIntervalSyncsEachRecordBeforeReturning() {
		Path file = this.dir.resolve("audit.jsonl");
		AuditTrail trail = new AuditTrail(new AuditProperties(true, file, Duration.ZERO), (event) -> {
		}, Clock.systemUTC());
		trail.record("input", "alice", Map.of("i", 1));
		trail.close();
		assertThat(trail.backgroundSyncs()).isZero();
		assertThat(AuditFiles.lines(file)).hasSize(1);
	}

	@Test
	void publishesTheSameEventItWrites() {
		Path file = this.dir.resolve("audit.jsonl");
		List<AuditEvent> events = AuditFiles.events();
		AuditTrail trail = AuditFiles.trail(file, events);

		trail.record("approval-granted", null, Map.of("capability", "keyboard"));

		assertThat(events).singleElement().satisfies((event) -> {
			assertThat(event.getType()).isEqualTo("approval-granted");
			assertThat(event.getPrincipal()).isEmpty();
			assertThat(event.getData()).containsExactly(Map.entry("capability", "keyboard"));
			JsonNode line = AuditFiles.json(AuditFiles.lines(file).get(0));
			assertThat(line.get("time").stringValue()).isEqualTo(event.getTimestamp().toString());
			assertThat(line.get("principal").stringValue()).isEmpty();
		});
	}

	@Test
	void aSecondTrailOnTheSameFileContinuesTheChain() {
		Path file = this.dir.resolve("audit.jsonl");
		AuditTrail first = AuditFiles.trail(file, AuditFiles.events());
		first.record("input", "alice", Map.of("n", 1));
		first.record("input", "alice", Map.of("n", 2));

		AuditTrail second = AuditFiles.trail(file, AuditFiles.events());
		second.record("input", "bob", Map.of("n", 3));
		// The first one again, after the second wrote: it must notice and not fork the
		// chain.
		first.record("input", "alice", Map.of("n", 4));

		List<String> lines = AuditFiles.lines(file);
		assertThat(lines).extracting((line) -> AuditFiles.json(line).get("seq").longValue())
			.containsExactly(1L, 2L, 3L, 4L);
		assertThat(AuditChainVerifier.verify(file).valid()).isTrue();
		assertThat(AuditChainVerifier.verify(file).records()).isEqualTo(4);
	}

	@Test
	void concurrentRecordsStayWholeAndChained() throws Exception {
		Path file = this.dir.resolve("audit.jsonl");
		List<AuditEvent> events = AuditFiles.events();
		AuditTrail trail = AuditFiles.trail(file, events);
		ExecutorService pool = Executors.newFixedThreadPool(8);
		CountDownLatch start = new CountDownLatch(1);
		List<Future<?>> futures = new ArrayList<>();
		for (int t = 0; t < 8; t++) {
			int thread = t;
			futures.add(pool.submit(() -> {
				start.await();
				for (int i = 0; i < 200; i++) {
					trail.record("input", "agent-" + thread, Map.of("thread", thread, "i", i, "pad", "x".repeat(300)));
				}
				return null;
			}));
		}
		start.countDown();
		for (Future<?> future : futures) {
			future.get(2, TimeUnit.MINUTES);
		}
		pool.shutdown();

		Verification verification = AuditChainVerifier.verify(file);
		assertThat(verification.valid()).as(verification.reason()).isTrue();
		assertThat(verification.records()).isEqualTo(1600);
		List<String> lines = AuditFiles.lines(file);
		Set<String> written = new HashSet<>();
		for (String line : lines) {
			JsonNode record = AuditFiles.json(line);
			written.add(record.get("data").get("thread").intValue() + "/" + record.get("data").get("i").intValue());
		}
		assertThat(lines).hasSize(1600);
		assertThat(written).hasSize(1600);
		assertThat(events).hasSize(1600);
	}

	@Test
	void aCorruptLastLineStartsANewSegmentThatVerificationReports() throws Exception {
		Path file = this.dir.resolve("audit.jsonl");
		AuditTrail first = AuditFiles.trail(file, AuditFiles.events());
		first.record("input", "alice", Map.of());
		first.record("input", "alice", Map.of());
		Files.writeString(file, "not json\n", StandardCharsets.UTF_8, StandardOpenOption.APPEND);

		AuditFiles.trail(file, AuditFiles.events()).record("input", "alice", Map.of());

		List<String> lines = AuditFiles.lines(file);
		assertThat(lines).hasSize(4);
		JsonNode after = AuditFiles.json(lines.get(3));
		assertThat(after.get("seq").longValue()).isEqualTo(4);
		assertThat(after.get("prev").stringValue()).isEqualTo(ChainLine.sha256Hex("not json".getBytes()));
		Verification verification = AuditChainVerifier.verify(file);
		assertThat(verification.valid()).isFalse();
		assertThat(verification.firstBadLine()).isEqualTo(3);
		assertThat(verification.records()).isEqualTo(2);
		assertThat(verification.reason()).startsWith("bad JSON");
	}

	@Test
	void aTornLastLineKeepsItsOwnLine() {
		Path file = this.dir.resolve("audit.jsonl");
		AuditFiles.trail(file, AuditFiles.events()).record("input", "alice", Map.of());
		// A crash in the middle of a write leaves a line without its newline.
		AuditFiles.write(file, List.of(AuditFiles.lines(file).get(0)));
		String torn = "{\"seq\":2,\"time\":\"2025-";
		appendRaw(file, torn);

		AuditFiles.trail(file, AuditFiles.events()).record("input", "alice", Map.of("after", "crash"));

		List<String> lines = AuditFiles.lines(file);
		assertThat(lines).hasSize(3);
		assertThat(lines.get(1)).isEqualTo(torn);
		assertThat(AuditFiles.json(lines.get(2)).get("data").get("after").stringValue()).isEqualTo("crash");
		assertThat(AuditChainVerifier.verify(file).firstBadLine()).isEqualTo(2);
	}

	@Test
	void aWholeLastRecordWithoutItsNewlineIsContinued() {
		Path file = this.dir.resolve("audit.jsonl");
		AuditTrail trail = AuditFiles.trail(file, AuditFiles.events());
		trail.record("input", "alice", Map.of());
		trail.record("input", "alice", Map.of());
		List<String> lines = AuditFiles.lines(file);
		AuditFiles.write(file, List.of(lines.get(0)));
		appendRaw(file, lines.get(1));

		AuditFiles.trail(file, AuditFiles.events()).record("input", "alice", Map.of());

		assertThat(AuditChainVerifier.verify(file)).isEqualTo(new Verification(true, 3, 0, "3 records, chain intact"));
	}

	@Test
	void anUnwritableFileDoesNotStopTheEventNorTheCallerAndLosesNothing() throws Exception {
		Path blocker = this.dir.resolve("blocker");
		Files.writeString(blocker, "a file where the audit directory should be");
		Path file = blocker.resolve("audit.jsonl");
		List<AuditEvent> events = AuditFiles.events();
		// Tries the file again on every record.
		AuditTrail trail = new AuditTrail(new AuditProperties(true, file, Duration.ofMillis(100), Duration.ZERO, null),
				(event) -> events.add(((AuditApplicationEvent) event).getAuditEvent()), new AuditFiles.TickingClock());

		trail.record("input", "alice", Map.of("n", 1));
		trail.record("input", "alice", Map.of("n", 2));
		assertThat(events).hasSize(2);
		assertThat(Files.exists(file)).isFalse();

		assertThatExceptionOfType(DeskhandException.class).isThrownBy(trail::requireWritable)
			.withMessageContaining("(a file is in the way)");

		Files.delete(blocker);
		trail.record("input", "alice", Map.of("n", 3));
		assertThat(events).hasSize(4);
		// The two held records, the one that ends the outage, then the new one.
		assertThat(AuditChainVerifier.verify(file)).isEqualTo(new Verification(true, 4, 0, "4 records, chain intact"));
		assertThat(AuditFiles.lines(file)).extracting((line) -> AuditFiles.json(line).get("type").stringValue())
			.containsExactly("input", "input", "input", AuditTrail.RESUMED);
		trail.requireWritable();
	}

	@Test
	void disabledPublishesEventsAndTouchesNoFile() {
		Path file = this.dir.resolve("sub").resolve("audit.jsonl");
		List<Object> events = new ArrayList<>();
		AuditTrail trail = new AuditTrail(new AuditProperties(false, file), events::add, Clock.systemUTC());

		trail.record("input", "alice", Map.of("n", 1));

		assertThat(events).hasSize(1);
		assertThat(this.dir.resolve("sub")).doesNotExist();
	}

	@Test
	void dataJacksonCannotWriteIsKeptAsText() {
		Path file = this.dir.resolve("audit.jsonl");
		AuditTrail trail = AuditFiles.trail(file, AuditFiles.events());
		Object opaque = new Object() {
			@Override
			public String toString() {
				return "opaque";
			}
		};

		trail.record("input", "alice", Map.of("thing", opaque));

		assertThat(AuditFiles.json(AuditFiles.lines(file).get(0)).get("data").get("thing").stringValue())
			.isEqualTo("opaque");
		assertThat(AuditChainVerifier.verify(file).valid()).isTrue();
	}

	@Test
	void theFileAndItsDirectoryAreTheOwnersOnly() throws Exception {
		assumeThat(this.dir.getFileSystem().supportedFileAttributeViews()).contains("posix");
		Path file = this.dir.resolve("deskhand").resolve("audit.jsonl");

		AuditFiles.trail(file, AuditFiles.events()).record("input", "alice", Map.of());

		assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).isEqualTo("rw-------");
		assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file.getParent())))
			.isEqualTo("rwx------");
	}

	private static void appendRaw(Path file, String text) {
		try {
			Files.writeString(file, text, StandardCharsets.UTF_8, StandardOpenOption.APPEND);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
