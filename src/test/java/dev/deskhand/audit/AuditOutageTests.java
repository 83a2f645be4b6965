package dev.deskhand.audit;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

import org.springframework.boot.actuate.audit.AuditEvent;
import org.springframework.boot.actuate.audit.listener.AuditApplicationEvent;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.Status;

import dev.deskhand.audit.AuditChainVerifier.Verification;
import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assumptions.assumeThat;

/**
 * The audit file on a disk that refuses writes: {@code /dev/full} (every write fails with
 * ENOSPC, for any user) swapped in place of the file and out again, and, as root, a real
 * full tmpfs that takes part of a write.
 */
class AuditOutageTests {

	private static final Path DEV_FULL = Path.of("/dev/full");

	@TempDir
	Path dir;

	@Test
	void aFailedWriteRefusesInputAndTheChainGoesOnWithNothingLostOnceTheDiskHasRoom() throws Exception {
		assumeThat(Files.isWritable(DEV_FULL)).as("/dev/full").isTrue();
		Path file = this.dir.resolve("audit.jsonl");
		List<AuditEvent> events = AuditFiles.events();
		AuditTrail trail = trail(file, events, Duration.ZERO);
		AuditHealthIndicator health = new AuditHealthIndicator(trail);
		trail.record("input", "alice", Map.of("n", 1));
		trail.record("input", "alice", Map.of("n", 2));
		trail.requireWritable();
		assertThat(health.health().getStatus()).isEqualTo(Status.UP);

		Path aside = this.dir.resolve("audit.jsonl.aside");
		Files.move(file, aside);
		Files.createSymbolicLink(file, DEV_FULL);
		// Nothing known to be wrong yet: the next write is the first to find out.
		trail.requireWritable();
		trail.record("input", "alice", Map.of("n", 3));
		assertThatExceptionOfType(DeskhandException.class).isThrownBy(trail::requireWritable)
			.satisfies((ex) -> assertThat(ex.code()).isEqualTo(ErrorCode.E_FAIL))
			.withMessageStartingWith("input is refused: the audit trail cannot be written (No space left on device)")
			.withMessageNotContaining(file.toString());
		trail.record("approval-granted", "alice", Map.of("n", 4));
		Health down = health.health();
		assertThat(down.getStatus()).isEqualTo(Status.DOWN);
		assertThat(down.getDetails()).containsEntry("input", "refused")
			.containsEntry("writable", false)
			.containsEntry("reason", "No space left on device")
			.containsEntry("heldRecords", 2)
			.containsEntry("droppedRecords", 0L);
		// Still refused on every try while the disk is full.
		assertThatExceptionOfType(DeskhandException.class).isThrownBy(trail::requireWritable);
		assertThat(events).hasSize(4);

		Files.delete(file);
		Files.move(aside, file);
		// The first check after the disk has room writes the held records.
		trail.requireWritable();
		assertThat(health.health().getStatus()).isEqualTo(Status.UP);
		trail.record("input", "alice", Map.of("n", 5));

		Verification verification = AuditChainVerifier.verify(file);
		assertThat(verification).as(verification.reason())
			.isEqualTo(new Verification(true, 6, 0, "6 records, chain intact"));
		List<JsonNode> lines = AuditFiles.lines(file).stream().map(AuditFiles::json).toList();
		assertThat(lines).extracting((line) -> line.get("type").stringValue())
			.containsExactly("input", "input", "input", "approval-granted", AuditTrail.RESUMED, "input");
		assertThat(lines).extracting((line) -> line.get("data").path("n").asInt(0)).containsExactly(1, 2, 3, 4, 0, 5);
		JsonNode resumed = lines.get(4).get("data");
		assertThat(resumed.get("reason").stringValue()).isEqualTo("No space left on device");
		assertThat(resumed.get("heldRecords").intValue()).isEqualTo(2);
		assertThat(resumed.get("droppedRecords").intValue()).isZero();
		// Times in the file and in /actuator/auditevents match, one event per record.
		assertThat(events).extracting((event) -> event.getTimestamp().toString())
			.containsExactlyElementsOf(lines.stream().map((line) -> line.get("time").stringValue()).toList());
	}

	@Test
	void refusedChecksTryTheFileAgainAtMostEveryRetryInterval() throws Exception {
		assumeThat(Files.isWritable(DEV_FULL)).as("/dev/full").isTrue();
		Path file = this.dir.resolve("audit.jsonl");
		Files.createSymbolicLink(file, DEV_FULL);
		AuditTrail trail = trail(file, AuditFiles.events(), Duration.ofHours(1));
		trail.record("input", "alice", Map.of("n", 1));
		assertThatExceptionOfType(DeskhandException.class).isThrownBy(trail::requireWritable);

		Files.delete(file);
		// Within the hour neither a check nor a record writes: input stays refused, and
		// no I/O is done.
		trail.record("input", "alice", Map.of("n", 2));
		assertThatExceptionOfType(DeskhandException.class).isThrownBy(trail::requireWritable);
		assertThat(new AuditHealthIndicator(trail).health().getStatus()).isEqualTo(Status.DOWN);
		assertThat(file).doesNotExist();
		assertThat(trail.outage().held()).isEqualTo(2);
	}

	@Test
	void beyondTheHeldLimitRecordsAreCountedAsDropped() throws Exception {
		assumeThat(Files.isWritable(DEV_FULL)).as("/dev/full").isTrue();
		Path file = this.dir.resolve("audit.jsonl");
		Files.createSymbolicLink(file, DEV_FULL);
		AuditTrail trail = trail(file, AuditFiles.events(), Duration.ZERO);
		for (int i = 0; i < AuditTrail.MAX_HELD + 5; i++) {
			trail.record("approval-asked", "alice", Map.of("i", i));
		}
		assertThat(trail.outage().held()).isEqualTo(AuditTrail.MAX_HELD);
		assertThat(trail.outage().dropped()).isEqualTo(5);

		Files.delete(file);
		trail.record("input", "alice", Map.of());
		Verification verification = AuditChainVerifier.verify(file);
		assertThat(verification.valid()).as(verification.reason()).isTrue();
		assertThat(verification.records()).isEqualTo(AuditTrail.MAX_HELD + 2);
		JsonNode resumed = AuditFiles.json(AuditFiles.lines(file).get(AuditTrail.MAX_HELD + 1)).get("data");
		assertThat(resumed.get("droppedRecords").intValue()).isEqualTo(5);
	}

	@Test
	void aFailedBackgroundSyncRefusesInputUntilAWriteSucceeds() throws Exception {
		// fsync on a procfs file fails with EINVAL, for any user.
		Path unsyncable = Path.of("/proc/self/status");
		assumeThat(Files.isReadable(unsyncable)).isTrue();
		Path file = this.dir.resolve("audit.jsonl");
		AuditTrail trail = new AuditTrail(new AuditProperties(true, file, Duration.ofHours(1), Duration.ZERO, null),
				(event) -> {
				}, new AuditFiles.TickingClock());
		trail.record("input", "alice", Map.of("n", 1));
		Path aside = this.dir.resolve("audit.jsonl.aside");
		Files.move(file, aside);
		Files.createSymbolicLink(file, unsyncable);

		// Closing syncs what is pending now, instead of within the hour.
		trail.close();

		// (The retry this check makes fails too, on the write: the procfs file is still
		// there.)
		assertThatExceptionOfType(DeskhandException.class).isThrownBy(trail::requireWritable)
			.withMessageStartingWith("input is refused");
		Files.delete(file);
		Files.move(aside, file);
		trail.requireWritable();
		assertThat(AuditFiles.lines(file)).extracting((line) -> AuditFiles.json(line).get("type").stringValue())
			.containsExactly("input", AuditTrail.RESUMED);
		assertThat(AuditChainVerifier.verify(file).valid()).isTrue();
	}

	@Test
	void aDisabledFileNeverRefusesInput() {
		AuditTrail trail = new AuditTrail(new AuditProperties(false, DEV_FULL), (event) -> {
		}, new AuditFiles.TickingClock());
		trail.record("input", "alice", Map.of());
		trail.requireWritable();
		assertThat(new AuditHealthIndicator(trail).health().getStatus()).isEqualTo(Status.UP);
	}

	/**
	 * A real full disk: a 16 KiB tmpfs whose last free bytes take only the start of a
	 * record. Mounting needs root, as CI runs; skipped elsewhere.
	 */
	@Test
	void aPartWrittenRecordOnARealFullDiskIsCutOffAndWrittenWholeLater() throws Exception {
		Path mount = Files.createDirectory(this.dir.resolve("tiny"));
		assumeThat(run("mount", "-t", "tmpfs", "-o", "size=16k,mode=0700", "tmpfs", mount.toString()))
			.as("mounting a tmpfs (needs root)")
			.isZero();
		try {
			Path file = mount.resolve("audit.jsonl");
			AuditTrail trail = trail(file, AuditFiles.events(), Duration.ZERO);
			trail.record("input", "alice", Map.of("n", 1));
			fill(mount.resolve("filler"));
			// Fits in the free rest of the file's first page only in part.
			trail.record("input", "alice", Map.of("n", 2, "pad", "x".repeat(6000)));
			assertThatExceptionOfType(DeskhandException.class).isThrownBy(trail::requireWritable)
				.withMessageContaining("No space left on device");
			// Nothing of the failed record stays in the file.
			assertThat(AuditFiles.lines(file)).hasSize(1);
			assertThat(Files.readString(file)).endsWith("\n");

			Files.delete(mount.resolve("filler"));
			trail.requireWritable();
			Verification verification = AuditChainVerifier.verify(file);
			assertThat(verification).as(verification.reason())
				.isEqualTo(new Verification(true, 3, 0, "3 records, chain intact"));
			assertThat(AuditFiles.json(AuditFiles.lines(file).get(1)).get("data").get("n").intValue()).isEqualTo(2);
			trail.close();
		}
		finally {
			assertThat(run("umount", mount.toString())).isZero();
		}
	}

	private static AuditTrail trail(Path file, List<AuditEvent> events, Duration retryInterval) {
		return new AuditTrail(new AuditProperties(true, file, Duration.ZERO, retryInterval, null),
				(event) -> events.add(((AuditApplicationEvent) event).getAuditEvent()), new AuditFiles.TickingClock());
	}

	/** Writes until the file system is full. */
	private static void fill(Path filler) {
		byte[] block = new byte[1024];
		try (OutputStream out = Files.newOutputStream(filler)) {
			for (int i = 0; i < 1024; i++) {
				out.write(block);
				out.flush();
			}
			throw new AssertionError("the tmpfs did not fill up");
		}
		catch (IOException expected) {
			// full
		}
	}

	private static int run(String... command) throws Exception {
		try {
			Process process = new ProcessBuilder(command).redirectErrorStream(true)
				.redirectOutput(ProcessBuilder.Redirect.DISCARD)
				.start();
			if (!process.waitFor(30, TimeUnit.SECONDS)) {
				process.destroyForcibly();
				return -1;
			}
			return process.exitValue();
		}
		catch (IOException ex) {
			return -1;
		}
	}

}
