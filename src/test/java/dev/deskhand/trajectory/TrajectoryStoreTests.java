package dev.deskhand.trajectory;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

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
		String sha = TrajectoryFiles.sha256(same.bytes());
		store.append("s-a", "alice", "a", step(), same, same, List.of(same));
		Map<String, Object> session = store.session((String) store.sessions().get(0).get("id")).orElseThrow();
		@SuppressWarnings("unchecked")
		Map<String, Object> first = ((List<Map<String, Object>>) session.get("steps")).get(0);
		@SuppressWarnings("unchecked")
		Map<String, Object> before = (Map<String, Object>) first.get("before");
		assertThat(before.get("sha256")).isEqualTo(sha);
		try (var images = Files.walk(this.dir).filter((p) -> p.toString().endsWith(".png"))) {
			assertThat(images.count()).isEqualTo(1);
		}
	}

	@Test
	void aStoredImageIsHeldNoLongerAndTheNextStepsBeforeRefersToItsFile() throws Exception {
		TrajectoryStore store = new TrajectoryStore(this.dir, 1_000_000, Duration.ofDays(7), Clock.systemUTC());
		SentImage shot = image(2_000, 8);
		String sha = TrajectoryFiles.sha256(shot.bytes());
		store.append("s-a", "alice", "a", step(), null, null, List.of(shot));
		// the megabyte a session's last image can be is on disk now, not on the heap
		assertThatIllegalStateException().isThrownBy(shot::bytes);
		// the session's next action: what it saw before is the image it was sent
		store.append("s-a", "alice", "a", step(), shot, null, List.of());

		Map<String, Object> session = store.session((String) store.sessions().get(0).get("id")).orElseThrow();
		@SuppressWarnings("unchecked")
		List<Map<String, Object>> steps = (List<Map<String, Object>>) session.get("steps");
		@SuppressWarnings("unchecked")
		Map<String, Object> sent = ((List<Map<String, Object>>) steps.get(0).get("sent")).get(0);
		@SuppressWarnings("unchecked")
		Map<String, Object> before = (Map<String, Object>) steps.get(1).get("before");
		assertThat(sent.get("sha256")).isEqualTo(sha);
		assertThat(before).isEqualTo(sent);
	}

	@Test
	void aStoredImageWhoseSessionWasEvictedSinceIsNoBeforeImage() {
		TrajectoryStore store = new TrajectoryStore(this.dir, 5_000, Duration.ofDays(7), Clock.systemUTC());
		SentImage big = image(10_000, 9);
		// evicted after this step: over the cap alone
		store.append("s-big", "alice", "big", step(), null, null, List.of(big));
		store.append("s-big", "alice", "big", step(), big, null, List.of());

		Map<String, Object> session = store.session((String) store.sessions().get(0).get("id")).orElseThrow();
		@SuppressWarnings("unchecked")
		List<Map<String, Object>> steps = (List<Map<String, Object>>) session.get("steps");
		assertThat(steps).hasSize(1);
		assertThat(steps.get(0).get("before")).isNull();
		assertThat(store.failure()).isNull();
	}

	@Test
	void pagesGoNewestFirstAndTogetherHoldEverySessionOnce() {
		List<String> ids = TrajectoryFixtures.recordSessions(this.dir, "p", 7, Instant.now());
		TrajectoryStore store = TrajectoryFixtures.store(this.dir);
		List<Object> seen = new ArrayList<>();
		SessionCursor after = null;
		int pages = 0;
		do {
			TrajectoryStore.SessionPage page = store.sessions(3, after);
			assertThat(page.total()).isEqualTo(7);
			assertThat(page.sessions()).hasSizeLessThanOrEqualTo(3);
			page.sessions().forEach((s) -> seen.add(s.get("id")));
			after = page.next();
			pages++;
		}
		while (after != null);
		assertThat(pages).isEqualTo(3);
		assertThat(seen).containsExactlyElementsOf(ids);
		assertThat(store.sessions().stream().map((s) -> s.get("id")).toList()).containsExactlyElementsOf(ids);
	}

	@Test
	void theLastPageHasNoNextAndAnExactFitEndsThere() {
		TrajectoryFixtures.recordSessions(this.dir, "q", 4, Instant.now());
		TrajectoryStore store = TrajectoryFixtures.store(this.dir);
		TrajectoryStore.SessionPage first = store.sessions(2, null);
		assertThat(first.next()).isNotNull();
		TrajectoryStore.SessionPage second = store.sessions(2, first.next());
		assertThat(second.sessions()).hasSize(2);
		assertThat(second.next()).isNull();
		assertThat(store.sessions(10, null).next()).isNull();
	}

	@Test
	void aSessionThatRecordsAStepBetweenPagesMovesToTheTopAndIsNotShownTwice() {
		List<String> ids = TrajectoryFixtures.recordSessions(this.dir, "r", 6, Instant.now().minusSeconds(60));
		TrajectoryStore store = TrajectoryFixtures.store(this.dir);
		TrajectoryStore.SessionPage first = store.sessions(3, null);
		// the oldest session, not yet shown, records a step: it is now the newest
		TrajectoryFixtures.age(this.dir.resolve(ids.get(5)), Instant.now());
		TrajectoryStore.SessionPage second = store.sessions(3, first.next());
		List<Object> shown = new ArrayList<>();
		first.sessions().forEach((s) -> shown.add(s.get("id")));
		second.sessions().forEach((s) -> shown.add(s.get("id")));
		assertThat(shown).doesNotHaveDuplicates().containsExactlyElementsOf(ids.subList(0, 5));
		assertThat(store.sessions(1, null).sessions().get(0).get("id")).isEqualTo(ids.get(5));
	}

	@Test
	void aSessionsSummarySaysWhoHowManyStepsAndWhen() {
		Instant when = Instant.parse("2026-12-07T14:00:00.25Z");
		List<String> ids = TrajectoryFixtures.recordSessions(this.dir, "w", 1, when.plusSeconds(60));
		Map<String, Object> summary = TrajectoryFixtures.store(this.dir).sessions(1, null).sessions().get(0);
		assertThat(summary).containsEntry("id", ids.get(0))
			.containsEntry("client", "w-0")
			.containsEntry("principal", "fixture")
			.containsEntry("steps", 1L)
			.containsEntry("last_step", "2026-12-07T14:00:00.250Z")
			.containsKeys("session", "started", "bytes");
	}

	@Test
	void aLimitBelowOneIsRefused() {
		TrajectoryStore store = TrajectoryFixtures.store(this.dir);
		assertThatIllegalArgumentException().isThrownBy(() -> store.sessions(0, null));
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
