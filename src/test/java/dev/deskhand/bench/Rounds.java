package dev.deskhand.bench;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Runs every case once per round, in a freshly shuffled order each round, and keeps the
 * samples of the rounds after the warm-up.
 * <p>
 * Interleaving is what makes the ratios trustworthy on a shared, noisy machine: a burst
 * of load from another process hits whichever cases happen to run during it, at random,
 * instead of all samples of one case. Running the cases one after another (as JMH would)
 * lets such a burst land on a single case and move its ratio. Shuffling removes order
 * effects too (a screenshot right after a type call that left the witness repainting).
 * The warm-up rounds let the JIT compile the hot paths and the caches fill before
 * anything counts.
 */
final class Rounds {

	private Rounds() {
	}

	/**
	 * @param cases the cases, run once each per round
	 * @param warmup rounds whose samples are dropped
	 * @param measured rounds whose samples are kept
	 * @param random the shuffle; seeded by the caller so a run can be repeated
	 * @param out progress lines
	 * @return each case's samples, in the order of {@code cases}
	 */
	static Map<String, Series> run(List<Case> cases, int warmup, int measured, Random random, PrintStream out) {
		Map<String, Series> series = new LinkedHashMap<>();
		cases.forEach((c) -> series.put(c.key(), new Series(c)));
		long began = System.nanoTime();
		for (int round = 0; round < warmup + measured; round++) {
			List<Case> order = new ArrayList<>(cases);
			Collections.shuffle(order, random);
			for (Case c : order) {
				Sample sample = once(c, round);
				if (round >= warmup) {
					series.get(c.key()).add(sample);
				}
			}
			if ((round + 1) % 10 == 0 || round + 1 == warmup + measured) {
				out.printf("  round %d/%d (%d warm-up) done after %.0f s%n", round + 1, warmup + measured, warmup,
						(System.nanoTime() - began) / 1e9);
			}
		}
		return series;
	}

	private static Sample once(Case c, int round) {
		try {
			c.prepare().run();
			long start = System.nanoTime();
			Object result = c.action().run();
			long nanos = System.nanoTime() - start;
			Case.Outcome outcome = c.verifier().verify(result, start);
			return new Sample(nanos, outcome);
		}
		catch (Exception | AssertionError ex) {
			// a wrong result makes every number of the run suspect: stop, naming what
			// failed
			throw new AssertionError("case '" + c.name() + "' failed in round " + (round + 1) + ": " + ex.getMessage(),
					ex);
		}
	}

	record Sample(long nanos, Case.Outcome outcome) {
	}

	/** One case's kept samples. */
	static final class Series {

		private final Case c;

		private final List<Long> nanos = new ArrayList<>();

		private final List<Long> bytes = new ArrayList<>();

		private final List<Long> arrived = new ArrayList<>();

		Series(Case c) {
			this.c = c;
		}

		void add(Sample sample) {
			this.nanos.add(sample.nanos());
			if (sample.outcome().bytes() >= 0) {
				this.bytes.add(sample.outcome().bytes());
			}
			if (sample.outcome().arrivedNanos() >= 0) {
				this.arrived.add(sample.outcome().arrivedNanos());
			}
		}

		Case testCase() {
			return this.c;
		}

		List<Long> nanos() {
			return this.nanos;
		}

		List<Long> arrived() {
			return this.arrived;
		}

		/**
		 * @return the median image size, -1 when the case has no image
		 */
		long medianBytes() {
			if (this.bytes.isEmpty()) {
				return -1;
			}
			List<Long> sorted = new ArrayList<>(this.bytes);
			Collections.sort(sorted);
			return sorted.get(sorted.size() / 2);
		}

	}

}
