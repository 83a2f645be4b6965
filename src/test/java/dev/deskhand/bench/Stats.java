package dev.deskhand.bench;

import java.util.Arrays;
import java.util.List;

/**
 * Order statistics of one case's measured samples, in milliseconds.
 * <p>
 * The median of an even count is the mean of the two middle samples; p95 is the
 * nearest-rank sample (the smallest one with at least 95 % of the samples at or below
 * it), so with 40 samples it is the 38th. No interpolation: with this few samples an
 * interpolated tail would suggest more precision than there is.
 *
 * @param n how many samples
 * @param p50 the median
 * @param p95 the nearest-rank 95th percentile
 * @param min the fastest sample
 * @param max the slowest sample
 */
record Stats(int n, double p50, double p95, double min, double max) {

	static Stats ofNanos(List<Long> nanos) {
		if (nanos.isEmpty()) {
			throw new IllegalArgumentException("no samples");
		}
		double[] millis = nanos.stream().mapToDouble((value) -> value / 1e6).toArray();
		Arrays.sort(millis);
		int n = millis.length;
		double median = (n % 2 == 1) ? millis[n / 2] : (millis[n / 2 - 1] + millis[n / 2]) / 2;
		return new Stats(n, median, millis[nearestRank(0.95, n)], millis[0], millis[n - 1]);
	}

	/**
	 * Index of the nearest-rank percentile: the ceil(p * n)-th smallest sample, 0-based.
	 */
	static int nearestRank(double p, int n) {
		return Math.max(0, (int) Math.ceil(p * n) - 1);
	}

}
