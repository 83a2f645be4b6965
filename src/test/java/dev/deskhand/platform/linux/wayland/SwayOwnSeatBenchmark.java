package dev.deskhand.platform.linux.wayland;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Random;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import dev.deskhand.platform.DesktopDriver;
import dev.deskhand.platform.Frame;
import dev.deskhand.platform.MouseButton;
import dev.deskhand.platform.Point;
import dev.deskhand.platform.Rect;
import dev.deskhand.platform.WorkingMode;
import dev.deskhand.testing.SwayDriverWitness;
import dev.deskhand.testing.SwaySession;
import dev.deskhand.testing.WaylandWitness;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The agent's click and look in own-seat against shared on one sway (issue 30, "Speed"):
 * two drivers side by side, one with its devices on seat0 (shared) and one on its own
 * seat, taking turns in shuffled order each round. A click is the driver's click on
 * witness B until B reports the press; a look is a capture of HEADLESS-1 (1920x1080).
 * Prints median and p95 of each and the ratios; asserts no time, only that every click
 * arrived. Run with {@code ./mvnw -B test -Pbench -Dtest=SwayOwnSeatBenchmark}.
 */
@Tag("benchmark")
class SwayOwnSeatBenchmark {

	private static final int WARMUP = Integer.getInteger("deskhand.bench.warmup", 10);

	private static final int ROUNDS = Integer.getInteger("deskhand.bench.rounds", 40);

	private static final Duration TIMEOUT = Duration.ofSeconds(5);

	@Test
	void clickAndLookInOwnSeatAgainstShared() {
		SwaySession sway = SwaySession.startPrivate();
		try {
			sway.ipcOrFail("seat seat0 fallback true; seat " + SwayAgentSeat.NAME + " fallback false");
			try (WaylandWitness b = WaylandWitness.open(sway, SwaySession.WITNESS2_APP_ID);
					WaylandDesktopDriver shared = WaylandDesktopDriver.connect(sway.environment(), TIMEOUT,
							WorkingMode.SHARED);
					WaylandDesktopDriver ownSeat = WaylandDesktopDriver.connect(sway.environment(), TIMEOUT,
							WorkingMode.OWN_SEAT)) {
				Rect content = SwayDriverWitness.of(sway, b).contentBounds();
				Point target = new Point(content.x() + content.width() / 2, content.y() + content.height() / 2);
				Rect screen = new Rect(0, 0, 1920, 1080);
				List<Long> sharedClicks = new ArrayList<>();
				List<Long> ownClicks = new ArrayList<>();
				List<Long> sharedLooks = new ArrayList<>();
				List<Long> ownLooks = new ArrayList<>();
				Random random = new Random(Long.getLong("deskhand.bench.seed", 30L));
				for (int round = 0; round < WARMUP + ROUNDS; round++) {
					boolean measured = round >= WARMUP;
					List<Runnable> turns = new ArrayList<>();
					turns.add(() -> record(measured, sharedClicks, () -> click(shared, b, target)));
					turns.add(() -> record(measured, ownClicks, () -> click(ownSeat, b, target)));
					turns.add(() -> record(measured, sharedLooks, () -> look(shared, screen)));
					turns.add(() -> record(measured, ownLooks, () -> look(ownSeat, screen)));
					Collections.shuffle(turns, random);
					turns.forEach(Runnable::run);
				}
				String load = String.format(Locale.ROOT, "%.2f",
						java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
				System.out.println("own-seat vs shared on sway 1.7 headless, " + ROUNDS + " rounds after " + WARMUP
						+ " warm-up, load average " + load);
				System.out.println(row("click (until the witness has the press)", sharedClicks, ownClicks));
				System.out.println(row("look (capture HEADLESS-1 1920x1080)", sharedLooks, ownLooks));
				assertThat(ownClicks).hasSize(ROUNDS);
			}
		}
		finally {
			sway.close();
		}
	}

	private static void click(DesktopDriver driver, WaylandWitness witness, Point at) {
		witness.clearEvents();
		driver.parts().pointer().click(at, MouseButton.LEFT);
		witness.await(WaylandWitness.button("release", 1), Duration.ofSeconds(10));
	}

	private static void look(DesktopDriver driver, Rect screen) {
		Frame frame = driver.parts().capture().capture(screen);
		assertThat(frame.width()).isEqualTo(1920);
	}

	private static void record(boolean measured, List<Long> into, Runnable action) {
		long start = System.nanoTime();
		action.run();
		if (measured) {
			into.add(System.nanoTime() - start);
		}
	}

	private static String row(String what, List<Long> shared, List<Long> own) {
		double sharedMedian = percentile(shared, 50);
		double ownMedian = percentile(own, 50);
		double sharedP95 = percentile(shared, 95);
		double ownP95 = percentile(own, 95);
		return String.format(Locale.ROOT,
				"| %s | shared p50 %.2f ms p95 %.2f ms | own-seat p50 %.2f ms p95 %.2f ms | ratio p50 %.2fx p95 %.2fx |",
				what, sharedMedian, sharedP95, ownMedian, ownP95, ownMedian / sharedMedian, ownP95 / sharedP95);
	}

	private static double percentile(List<Long> nanos, int percent) {
		List<Long> sorted = new ArrayList<>(nanos);
		Collections.sort(sorted);
		int index = (int) Math.ceil(percent / 100.0 * sorted.size()) - 1;
		return sorted.get(Math.max(0, index)) / 1e6;
	}

}
