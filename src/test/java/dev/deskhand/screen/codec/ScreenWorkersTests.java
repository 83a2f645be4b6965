package dev.deskhand.screen.codec;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicIntegerArray;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

class ScreenWorkersTests {

	@Test
	void runsEveryPartExactlyOnce() {
		ScreenWorkers workers = new ScreenWorkers(3);
		AtomicIntegerArray runs = new AtomicIntegerArray(50);
		workers.forEach(50, runs::incrementAndGet);
		for (int i = 0; i < 50; i++) {
			assertThat(runs.get(i)).as("part %d", i).isEqualTo(1);
		}
		workers.shutdown();
	}

	@Test
	void helpersAreDaemonThreadsAndTheCallerWorksToo() {
		ScreenWorkers workers = new ScreenWorkers(2);
		Set<Thread> threads = ConcurrentHashMap.newKeySet();
		for (int round = 0; round < 20; round++) {
			workers.forEach(8, (i) -> {
				threads.add(Thread.currentThread());
				sleep(1);
			});
		}
		assertThat(threads).contains(Thread.currentThread());
		assertThat(threads).filteredOn((thread) -> thread != Thread.currentThread())
			.allSatisfy((thread) -> assertThat(thread.isDaemon()).isTrue());
		workers.shutdown();
	}

	@Test
	void aFailingPartFailsTheCallAfterEveryPartEnded() {
		ScreenWorkers workers = new ScreenWorkers(2);
		AtomicIntegerArray runs = new AtomicIntegerArray(6);
		assertThatIllegalStateException().isThrownBy(() -> workers.forEach(6, (i) -> {
			runs.incrementAndGet(i);
			if (i == 2) {
				throw new IllegalStateException("part 2 broke");
			}
		})).withMessage("part 2 broke");
		for (int i = 0; i < 6; i++) {
			assertThat(runs.get(i)).isEqualTo(1);
		}
		workers.shutdown();
	}

	@Test
	void aShutDownPoolStillRunsEverythingOnTheCaller() {
		ScreenWorkers workers = new ScreenWorkers(2);
		workers.shutdown();
		Set<Thread> threads = ConcurrentHashMap.newKeySet();
		workers.forEach(4, (i) -> threads.add(Thread.currentThread()));
		assertThat(threads).containsExactly(Thread.currentThread());
	}

	private static void sleep(long millis) {
		try {
			Thread.sleep(millis);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

}
