package dev.deskhand.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * The resident set of this JVM, which is Deskhand's: the benchmark starts Deskhand in-process,
 * so {@code /proc/self/status} is the server's (plus the MCP client's and the harness's, which
 * makes it an upper bound).
 */
final class Resident {

	private static final Path STATUS = Path.of("/proc/self/status");

	private Resident() {
	}

	/** @return VmRSS in KiB */
	static long kib() {
		try {
			for (String line : Files.readAllLines(STATUS)) {
				if (line.startsWith("VmRSS:")) {
					return Long.parseLong(line.substring("VmRSS:".length()).replace("kB", "").strip());
				}
			}
			throw new IllegalStateException("no VmRSS line in " + STATUS);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * One reading: after how many screenshots, the resident set then, and the Java heap's committed
	 * size (when the resident set grows with it, the heap grew into its ceiling rather than leaked).
	 */
	record Reading(int shots, long kib, long heapCommittedKib) {

		static Reading now(int shots) {
			return new Reading(shots, Resident.kib(), Runtime.getRuntime().totalMemory() / 1024);
		}

	}

	/**
	 * The readings of one run of screenshots, with the call latencies of that sequential run.
	 *
	 * @param shots screenshots taken
	 * @param readings the resident set before the first and after every 100th
	 * @param latency the screenshot calls' latencies (sequential, not interleaved)
	 * @param liveHeapMiB the heap in use after a full GC once the readings are taken: what the heap
	 * really holds, as opposed to what it has grown to
	 * @param heapMaxMiB the heap's ceiling ({@code -Xmx} or the default quarter of RAM)
	 */
	record Summary(int shots, List<Reading> readings, Stats latency, double liveHeapMiB, double heapMaxMiB) {

		double startMiB() {
			return this.readings.get(0).kib() / 1024.0;
		}

		double endMiB() {
			return this.readings.get(this.readings.size() - 1).kib() / 1024.0;
		}

		double maxMiB() {
			return this.readings.stream().mapToLong(Reading::kib).max().orElseThrow() / 1024.0;
		}

		double driftPercent() {
			return (endMiB() - startMiB()) / startMiB() * 100;
		}

		/** The reading furthest from the first, signed, in percent of the first. */
		double largestDeviationPercent() {
			double start = startMiB();
			double largest = 0;
			for (Reading reading : this.readings) {
				double deviation = (reading.kib() / 1024.0 - start) / start * 100;
				if (Math.abs(deviation) > Math.abs(largest)) {
					largest = deviation;
				}
			}
			return largest;
		}

		String text() {
			StringBuilder text = new StringBuilder();
			text.append(String.format(Locale.ROOT,
					"resident set over %d screenshots: start %.1f MiB, end %.1f MiB, max %.1f MiB, drift %+.1f %%,"
							+ " largest deviation %+.1f %%%n",
					this.shots, startMiB(), endMiB(), maxMiB(), driftPercent(), largestDeviationPercent()));
			Reading last = this.readings.get(this.readings.size() - 1);
			text.append(String.format(Locale.ROOT,
					"  Java heap: committed %.0f MiB at the end (ceiling %.0f MiB), %.0f MiB live after a full GC;"
							+ " screenshot p50 %s ms, p95 %s ms over the %d sequential calls%n",
					last.heapCommittedKib() / 1024.0, this.heapMaxMiB, this.liveHeapMiB,
					Report.millis(this.latency.p50()), Report.millis(this.latency.p95()), this.latency.n()));
			text.append("  readings (screenshots: resident MiB / heap committed MiB):");
			for (Reading reading : this.readings) {
				text.append(String.format(Locale.ROOT, " %d:%.0f/%.0f", reading.shots(), reading.kib() / 1024.0,
						reading.heapCommittedKib() / 1024.0));
			}
			return text.append('\n').toString();
		}

	}

}
