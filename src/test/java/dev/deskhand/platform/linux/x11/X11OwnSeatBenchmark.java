package dev.deskhand.platform.linux.x11;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import dev.deskhand.platform.DesktopDriver;
import dev.deskhand.platform.Frame;
import dev.deskhand.platform.Rect;
import dev.deskhand.platform.WorkingMode;
import dev.deskhand.testing.GtkX11Witness;
import dev.deskhand.testing.Pause;
import dev.deskhand.testing.TestDesktop;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The agent's key, typing and look in the own-seat working mode against the shared one,
 * on one Xvfb + openbox, with both drivers connected at once and the two modes taking
 * turns in a shuffled order every round. A key and a typed text count until the GTK3
 * window they were sent to reported the last key (the shared driver types into the window
 * with the core focus, the own-seat one into the window its own master keyboard focused);
 * a look is a capture of the whole screen. It prints p50 and p95 of each and the
 * own-seat/shared ratio, and asserts no time. Run it with
 * {@code ./mvnw -B test -Pbench -Dtest=X11OwnSeatBenchmark}.
 */
@Tag("benchmark")
class X11OwnSeatBenchmark {

	private static final int WARMUP = Integer.getInteger("deskhand.bench.warmup", 10);

	private static final int ROUNDS = Integer.getInteger("deskhand.bench.rounds", 40);

	private static final Duration WAIT = Duration.ofSeconds(20);

	private static final String TYPED = "hello wörld";

	@Test
	void ownSeatAgainstShared() throws Exception {
		Map<String, List<Long>> samples = new LinkedHashMap<>();
		Random random = new Random(Long.getLong("deskhand.bench.seed", System.currentTimeMillis()));
		try (TestDesktop desktop = TestDesktop.start("1280x800x24");
				GtkX11Witness person = GtkX11Witness.open(desktop, "bench-person");
				GtkX11Witness agent = GtkX11Witness.open(desktop, "bench-agent")) {
			desktop.run(WAIT, "xdotool", "windowfocus", "--sync", String.valueOf(person.xid()))
				.requireSuccess("xdotool windowfocus");
			try (X11DesktopDriver shared = X11DesktopDriver.connect(desktop.display());
					X11DesktopDriver ownSeat = X11DesktopDriver.connect(desktop.display(), null, true,
							X11DesktopDriver.DEFAULT_CALL_TIMEOUT, X11DesktopDriver.DEFAULT_WEDGED_AFTER,
							WorkingMode.OWN_SEAT)) {
				assertThat(ownSeat.windows().activate(agent.xid(), WAIT)).isTrue();
				Rect screen = new Rect(0, 0, 1280, 800);
				for (int round = -WARMUP; round < ROUNDS; round++) {
					List<String> order = new ArrayList<>(List.of("shared", "own-seat"));
					Collections.shuffle(order, random);
					for (String mode : order) {
						DesktopDriver driver = mode.equals("shared") ? shared : ownSeat;
						GtkX11Witness witness = mode.equals("shared") ? person : agent;
						witness.clear();
						long start = System.nanoTime();
						driver.keyboard().pressKey("k");
						driver.keyboard().releaseKey("k");
						witness.awaitText("k", WAIT);
						record(samples, mode + " key", round, System.nanoTime() - start);
						start = System.nanoTime();
						driver.keyboard().typeText(TYPED);
						witness.awaitText("k" + TYPED, WAIT);
						record(samples, mode + " type", round, System.nanoTime() - start);
						start = System.nanoTime();
						Frame frame = driver.capture().capture(screen);
						record(samples, mode + " look", round, System.nanoTime() - start);
						assertThat(frame.width()).isEqualTo(1280);
					}
				}
			}
		}
		System.out.println(report(samples));
	}

	private static void record(Map<String, List<Long>> samples, String key, int round, long nanos) {
		if (round >= 0) {
			samples.computeIfAbsent(key, (k) -> new ArrayList<>()).add(nanos);
		}
	}

	private static String report(Map<String, List<Long>> samples) {
		StringBuilder out = new StringBuilder(
				String.format(Locale.ROOT, "%nown-seat vs shared on X11, %d interleaved rounds (ms)%n%-16s %8s %8s%n",
						ROUNDS, "case", "p50", "p95"));
		for (Map.Entry<String, List<Long>> entry : samples.entrySet()) {
			double[] stats = stats(entry.getValue());
			out.append(String.format(Locale.ROOT, "%-16s %8.2f %8.2f%n", entry.getKey(), stats[0], stats[1]));
		}
		for (String action : List.of("key", "type", "look")) {
			double[] own = stats(samples.get("own-seat " + action));
			double[] shared = stats(samples.get("shared " + action));
			out.append(String.format(Locale.ROOT, "own-seat/shared %-5s p50 %.2fx, p95 %.2fx%n", action,
					own[0] / shared[0], own[1] / shared[1]));
		}
		return out.toString();
	}

	/** Median and nearest-rank p95, in milliseconds. */
	private static double[] stats(List<Long> nanos) {
		double[] millis = nanos.stream().mapToDouble((value) -> value / 1e6).toArray();
		Arrays.sort(millis);
		int n = millis.length;
		double median = (n % 2 == 1) ? millis[n / 2] : (millis[n / 2 - 1] + millis[n / 2]) / 2;
		return new double[] { median, millis[Math.max(0, (int) Math.ceil(0.95 * n) - 1)] };
	}

}
