package dev.deskhand.bench;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.deskhand.bench.Case.Group;
import dev.deskhand.bench.Case.Outcome;
import dev.deskhand.bench.Case.Source;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The arithmetic behind the benchmark's table: a wrong percentile or ratio would mislead
 * quietly.
 */
class ReportTests {

	@Test
	void medianOfAnEvenCountIsTheMeanOfTheMiddleTwoAndP95IsNearestRank() {
		List<Long> nanos = new java.util.ArrayList<>();
		for (long ms = 1; ms <= 40; ms++) {
			nanos.add(ms * 1_000_000);
		}
		Stats stats = Stats.ofNanos(nanos);
		assertThat(stats.n()).isEqualTo(40);
		assertThat(stats.p50()).isEqualTo(20.5);
		// ceil(0.95 * 40) = 38th smallest
		assertThat(stats.p95()).isEqualTo(38.0);
		assertThat(Stats.ofNanos(List.of(3_000_000L, 1_000_000L, 2_000_000L)).p50()).isEqualTo(2.0);
	}

	@Test
	void ratiosDivideByTheFastestPeerOfTheSameJobAndTheScrotReference() {
		Map<String, Rounds.Series> series = new LinkedHashMap<>();
		series.put("mcp.png", series(screenshot("mcp.png", Source.DESKHAND), 25, 600_000));
		series.put("peer.scrot", series(screenshot("peer.scrot", Source.REFERENCE), 500, 868_000));
		series.put("peer.import", series(screenshot("peer.import", Source.PEER), 400, 868_000));
		Report report = Report.of(series);

		assertThat(report.fastestPeer(Group.SCREENSHOT, Report.Metric.RETURNED)).get()
			.extracting(Report.Row::key)
			.isEqualTo("peer.import");
		assertThat(report.text()).contains("0.063 (1/16.0)", "0.050 (1/20.0)", "600,000");
		List<Report.Target> targets = report.targets(null);
		// 25 ms against 400/4 = 100 ms and 500/15 = 33.3 ms: both met (no lean-client row
		// here)
		assertThat(targets).extracting(Report.Target::verdict).containsExactly("met", "met");
		assertThat(targets.get(0).what()).contains("SDK client", "peer.import");
		// the scrot reference is 1.25x the fastest peer (import) and 1.00x itself
		assertThat(report.markdown()).startsWith("| case | n |")
			.contains("| peer.scrot | 1 | 500 | 500 | 868,000 | 1.25 | 1.00 |  |");
	}

	@Test
	void aMissedTargetSaysByHowMuch() {
		Map<String, Rounds.Series> series = new LinkedHashMap<>();
		Case type = new Case("mcp.type.ascii", "type", Group.TYPE_ASCII, Source.DESKHAND, 200, Case.NOTHING, () -> null,
				(r, t) -> Outcome.NONE);
		Rounds.Series typed = new Rounds.Series(type);
		// 200 characters in 200 ms: 1,000 chars/s, half the 2,000 asked for
		typed.add(new Rounds.Sample(200_000_000L, new Outcome(-1, 250_000_000L)));
		series.put(type.key(), typed);
		List<Report.Target> targets = Report.of(series).targets(null);
		assertThat(targets).singleElement()
			.satisfies((t) -> assertThat(t.verdict()).isEqualTo("missed: 800 chars/s, 2.50× short"));
	}

	@Test
	void theSdkClientsAreMeasuredAgainstTheLeanClientOfTheSameRun() {
		Map<String, Rounds.Series> series = new LinkedHashMap<>();
		series.put("lean.png", series(screenshot("lean.png", Source.DESKHAND), 20, 671_000));
		series.put("web.png", series(screenshot("web.png", Source.DESKHAND), 29, 671_000));
		series.put("mcp.png", series(screenshot("mcp.png", Source.DESKHAND), 130, 671_000));
		List<Report.Target> targets = Report.of(series).targets(null);
		assertThat(targets).filteredOn((t) -> t.what().contains("vs the lean client"))
			.extracting(Report.Target::what, Report.Target::target, Report.Target::result, Report.Target::verdict)
			.containsExactly(
					org.assertj.core.groups.Tuple.tuple(
							"screenshot PNG p50, SDK client on WebClient, vs the lean client", "≤ 1.5x",
							"29.0 ms vs 20.0 ms = 1.45x", "met"),
					// 130 ms against 1.5 x 20 = 30 ms
					org.assertj.core.groups.Tuple.tuple(
							"screenshot PNG p50, SDK client (JDK HttpClient), vs the lean client", "≤ 1.5x",
							"130 ms vs 20.0 ms = 6.50x", "missed by 100 ms"));
	}

	@Test
	void theTypedStringsAreWhatTheTableSays() {
		assertThat(DeskhandBenchmark.ASCII).hasSize(200).matches("[\\x20-\\x7e]+");
		assertThat(DeskhandBenchmark.UNICODE.codePoints()).allMatch((c) -> c < 0x10000)
			.anyMatch((c) -> c >= 0x4e00 && c <= 0x9fff)
			.anyMatch((c) -> c >= 0xac00 && c <= 0xd7a3);
	}

	@Test
	void editDistanceCountsADroppedCharacterOnce() {
		assertThat(DeskhandBenchmark.editDistance("Köln".codePoints().toArray(), "Kln".codePoints().toArray()))
			.isEqualTo(1);
		assertThat(DeskhandBenchmark.editDistance("中文输入".codePoints().toArray(), "中输入测".codePoints().toArray()))
			.isEqualTo(2);
		assertThat(DeskhandBenchmark.editDistance(new int[0], "abc".codePoints().toArray())).isEqualTo(3);
	}

	@Test
	void pipesInCaseNamesDoNotBreakTheMarkdownTable() {
		Map<String, Rounds.Series> series = new LinkedHashMap<>();
		series.put("peer.import", series(screenshot("peer.import", "import | convert", Source.PEER), 700, 1));
		assertThat(Report.of(series).markdown()).contains("| import \\| convert | 1 |");
	}

	private static Case screenshot(String key, Source source) {
		return screenshot(key, key, source);
	}

	private static Case screenshot(String key, String name, Source source) {
		return new Case(key, name, Group.SCREENSHOT, source, 0, Case.NOTHING, () -> null, (r, t) -> Outcome.NONE);
	}

	private static Rounds.Series series(Case c, long millis, long bytes) {
		Rounds.Series series = new Rounds.Series(c);
		series.add(new Rounds.Sample(millis * 1_000_000, Outcome.image(bytes)));
		return series;
	}

}
