package dev.deskhand.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * The resident set of Deskhand's process, which runs in a JVM of its own (see
 * {@link DeskhandProcess}): {@code VmRSS} in {@code /proc/<pid>/status} is the server's
 * alone, with nothing of the benchmark's clients or checks in it.
 */
final class Resident {

	private Resident() {
	}

	/**
	 * @return the process's VmRSS in KiB
	 */
	static long kib(long pid) {
		return field(pid, "VmRSS");
	}

	/**
	 * What the resident set is made of: anonymous memory (heap, metaspace, code, thread
	 * stacks, native buffers), mapped files (the JDK's libraries and the class data
	 * archive, shared with other processes) and shared memory (the MIT-SHM capture
	 * segments, shared with the X server).
	 */
	static String composition(long pid) {
		return String.format(Locale.ROOT, "anonymous %.0f MiB, files %.0f MiB, shared memory %.0f MiB",
				field(pid, "RssAnon") / 1024.0, field(pid, "RssFile") / 1024.0, field(pid, "RssShmem") / 1024.0);
	}

	/** A {@code kB} field of {@code /proc/<pid>/status}. */
	private static long field(long pid, String name) {
		Path status = Path.of("/proc", Long.toString(pid), "status");
		try {
			for (String line : Files.readAllLines(status)) {
				if (line.startsWith(name + ":")) {
					return Long.parseLong(line.substring(name.length() + 1).replace("kB", "").strip());
				}
			}
			throw new IllegalStateException("no " + name + " line in " + status);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * One reading: after how many screenshots, the resident set then, and the Java heap's
	 * committed size (when the resident set grows with it, the heap grew into its ceiling
	 * rather than leaked).
	 */
	record Reading(int shots, long kib, long heapCommittedKib) {

		static Reading of(int shots, DeskhandProcess deskhand) {
			long heap = Math.round(deskhand.heapCommittedMiB() * 1024);
			return new Reading(shots, Resident.kib(deskhand.pid()), heap);
		}

	}

	/**
	 * The readings of one run of screenshots, with the call latencies of that sequential
	 * run.
	 *
	 * @param shots screenshots taken
	 * @param readings the resident set before the first and after every 100th
	 * @param latency the screenshot calls' latencies (sequential, not interleaved)
	 * @param liveHeapMiB the heap in use after a full GC once the readings are taken:
	 * what the heap really holds, as opposed to what it has grown to; NaN when it could
	 * not be measured
	 * @param heapMaxMiB the heap's ceiling ({@code -Xmx} or the default quarter of RAM)
	 * @param composition what the last reading is made of (see
	 * {@link Resident#composition})
	 */
	record Summary(int shots, List<Reading> readings, Stats latency, double liveHeapMiB, double heapMaxMiB,
			String composition) {

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
					"Deskhand's resident set over %d screenshots: start %.1f MiB, end %.1f MiB, max %.1f MiB, drift %+.1f %%,"
							+ " largest deviation %+.1f %%%n",
					this.shots, startMiB(), endMiB(), maxMiB(), driftPercent(), largestDeviationPercent()));
			Reading last = this.readings.get(this.readings.size() - 1);
			String live = Double.isNaN(this.liveHeapMiB) ? "live heap not measured (no jcmd)"
					: String.format(Locale.ROOT, "%.0f MiB live after a full GC", this.liveHeapMiB);
			text.append(String.format(Locale.ROOT,
					"  Deskhand's Java heap: committed %.0f MiB at the end (ceiling %.0f MiB), %s;"
							+ " screenshot p50 %s ms, p95 %s ms over the %d sequential calls%n",
					last.heapCommittedKib() / 1024.0, this.heapMaxMiB, live, Report.millis(this.latency.p50()),
					Report.millis(this.latency.p95()), this.latency.n()));
			text.append("  the last reading is ").append(this.composition).append('\n');
			text.append("  readings (screenshots: resident MiB / heap committed MiB):");
			for (Reading reading : this.readings) {
				text.append(String.format(Locale.ROOT, " %d:%.0f/%.0f", reading.shots(), reading.kib() / 1024.0,
						reading.heapCommittedKib() / 1024.0));
			}
			return text.append('\n').toString();
		}

	}

}
