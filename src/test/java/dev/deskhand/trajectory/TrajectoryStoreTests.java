package dev.deskhand.trajectory;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

class TrajectoryStoreTests {

	@TempDir
	Path dir;

	@Test
	void overMaxBytesTheLeastRecentlyWrittenSessionsGoFirst() throws Exception {
		TrajectoryStore store = new TrajectoryStore(this.dir, 25_000, Duration.ofDays(7), Clock.systemUTC());
		store.append("s-a", "alice", "a", step(), image(10_000, 1), null, List.of());
		store.append("s-b", "alice", "b", step(), image(10_000, 2), null, List.of());
		ageAll(Duration.ofMinutes(10));
		assertThat(clients(store)).containsExactlyInAnyOrder("a", "b");
		// a is written again: now b is the oldest, and the third session pushes it out
		store.append("s-a", "alice", "a", step(), image(100, 3), null, List.of());
		store.append("s-c", "alice", "c", step(), image(10_000, 4), null, List.of());
		assertThat(clients(store)).containsExactlyInAnyOrder("a", "c");
		assertThat(TrajectoryFiles.sizeOf(this.dir)).isLessThanOrEqualTo(25_000);
	}

	@Test
	void sessionsOlderThanMaxAgeAreDeletedOnTheNextWrite() throws Exception {
		TrajectoryStore store = new TrajectoryStore(this.dir, 1_000_000, Duration.ofHours(1), Clock.systemUTC());
		store.append("s-old", "alice", "old", step(), null, null, List.of());
		ageAll(Duration.ofHours(2));
		store.append("s-new", "alice", "new", step(), null, null, List.of());
		assertThat(clients(store)).containsExactly("new");
	}

	@Test
	void aSessionAloneOverTheCapIsEvictedLastAndStartsAgain() {
		TrajectoryStore store = new TrajectoryStore(this.dir, 5_000, Duration.ofDays(7), Clock.systemUTC());
		store.append("s-big", "alice", "big", step(), image(10_000, 5), null, List.of());
		// evicted: over the cap even alone; the next step starts a fresh directory
		store.append("s-big", "alice", "big", step(), null, null, List.of());
		assertThat(clients(store)).containsExactly("big");
		assertThat(store.failure()).isNull();
	}

	@Test
	void aWriteThatFailsIsReportedNotThrown() throws Exception {
		Path file = this.dir.resolve("not-a-dir");
		Files.writeString(file, "x");
		TrajectoryStore store = new TrajectoryStore(file, 1_000_000, Duration.ofDays(7), Clock.systemUTC());
		store.append("s-a", "alice", "a", step(), image(100, 6), null, List.of());
		assertThat(store.failure()).isNotNull();
		assertThat(store.sessions()).isEmpty();
	}

	@Test
	void eachImageIsStoredOnceUnderItsHash() throws Exception {
		TrajectoryStore store = new TrajectoryStore(this.dir, 1_000_000, Duration.ofDays(7), Clock.systemUTC());
		SentImage same = image(1_000, 7);
		store.append("s-a", "alice", "a", step(), same, same, List.of(same));
		Map<String, Object> session = store.session((String) store.sessions().get(0).get("id")).orElseThrow();
		@SuppressWarnings("unchecked")
		Map<String, Object> first = ((List<Map<String, Object>>) session.get("steps")).get(0);
		@SuppressWarnings("unchecked")
		Map<String, Object> before = (Map<String, Object>) first.get("before");
		assertThat(before.get("sha256")).isEqualTo(TrajectoryFiles.sha256(same.bytes()));
		try (var images = Files.walk(this.dir).filter((p) -> p.toString().endsWith(".png"))) {
			assertThat(images.count()).isEqualTo(1);
		}
	}

	private List<Object> clients(TrajectoryStore store) {
		return store.sessions().stream().map((s) -> s.get("client")).toList();
	}

	private void ageAll(Duration age) throws Exception {
		FileTime old = FileTime.from(Instant.now().minus(age));
		try (var files = Files.walk(this.dir)) {
			for (Path file : files.toList()) {
				Files.setLastModifiedTime(file, old);
			}
		}
	}

	private static Map<String, Object> step() {
		Map<String, Object> step = new LinkedHashMap<>();
		step.put("tool", "left_click");
		step.put("outcome", "ok");
		return step;
	}

	// Not a real PNG: the store keeps bytes as sent and reads only the header for the
	// size.
	private static SentImage image(int size, long seed) {
		byte[] bytes = new byte[size];
		new Random(seed).nextBytes(bytes);
		return new SentImage(bytes, "image/png");
	}

}
