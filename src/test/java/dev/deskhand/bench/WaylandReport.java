package dev.deskhand.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The Wayland benchmark's table (median, min, max, p95 per case) and issue 11's speed
 * targets, each ratio dividing two medians of the same run.
 */
class WaylandReport {

	private final Map<String, Rounds.Series> series;

	private final String inputMissing;

	/**
	 * @param series the measured samples by case key
	 * @param inputMissing why the input rows did not run, or null when they did
	 */
	WaylandReport(Map<String, Rounds.Series> series, String inputMissing) {
		this.series = series;
		this.inputMissing = inputMissing;
	}

	record Row(String name, Stats stats, long bytes, double charsPerSecond, Stats arrived) {
	}

	record Target(String what, String goal, String measured, String verdict) {
	}

	List<Row> rows() {
		List<Row> rows = new ArrayList<>();
		for (Rounds.Series s : this.series.values()) {
			Stats stats = Stats.ofNanos(s.nanos());
			int chars = s.testCase().chars();
			Stats arrived = s.arrived().isEmpty() ? null : Stats.ofNanos(s.arrived());
			rows.add(new Row(s.testCase().name(), stats, s.medianBytes(),
					(chars > 0) ? chars / (stats.p50() / 1000) : Double.NaN, arrived));
		}
		return rows;
	}

	/**
	 * @return what the targets' heading names, e.g. "issue 11"
	 */
	String targetsOf() {
		return "issue 11";
	}

	Stats stats(String key) {
		Rounds.Series s = this.series.get(key);
		return (s == null) ? null : Stats.ofNanos(s.nanos());
	}

	private Stats arrived(String key) {
		Rounds.Series s = this.series.get(key);
		return (s == null || s.arrived().isEmpty()) ? null : Stats.ofNanos(s.arrived());
	}

	List<Target> targets() {
		List<Target> targets = new ArrayList<>();
		ratio(targets, "Wayland screenshot PNG (lean) vs grim | base64", "wl.png", "peer.grim", 1.0 / 8, "≤ 1/8");
		ratio(targets, "Wayland screenshot PNG (SDK) vs grim | base64", "wl.png.sdk", "peer.grim", 1.0 / 8, "≤ 1/8");
		ratio(targets, "Wayland screenshot PNG vs X11 screenshot PNG, lean clients", "wl.png", "x11.png", 1.5,
				"≤ 1.5x");
		ratio(targets, "Wayland screenshot PNG vs X11 screenshot PNG, SDK clients", "wl.png.sdk", "x11.png.sdk", 1.5,
				"≤ 1.5x");
		for (String key : List.of("wl.click", "wl.click.sdk")) {
			Stats click = stats(key);
			String what = "Wayland left_click p50, " + (key.endsWith("sdk") ? "SDK" : "lean") + " client";
			if (click == null) {
				targets.add(new Target(what, "≤ 5 ms", "not measured", "not measured: " + this.inputMissing));
			}
			else {
				targets.add(
						new Target(what, "≤ 5 ms", format(click.p50()) + " ms", (click.p50() <= 5) ? "met" : "missed"));
			}
		}
		typing(targets, "Wayland type ASCII, exact", "wl.type.ascii", 1000);
		typing(targets, "Wayland type mixed Unicode, exact", "wl.type.unicode", 300);
		return targets;
	}

	void ratio(List<Target> targets, String what, String key, String base, double goal, String goalText) {
		Stats a = stats(key);
		Stats b = stats(base);
		if (a == null || b == null) {
			targets.add(new Target(what, goalText, "not measured", "not measured"));
			return;
		}
		double ratio = a.p50() / b.p50();
		targets.add(new Target(what, goalText, format(a.p50()) + " vs " + format(b.p50()) + " ms = " + ratioText(ratio),
				(ratio <= goal) ? "met" : "missed"));
	}

	private void typing(List<Target> targets, String what, String key, int goal) {
		Rounds.Series s = this.series.get(key);
		if (s == null) {
			targets
				.add(new Target(what, "≥ " + goal + " chars/s", "not measured", "not measured: " + this.inputMissing));
			return;
		}
		int chars = s.testCase().chars();
		double byCall = chars / (stats(key).p50() / 1000);
		double byArrival = chars / (arrived(key).p50() / 1000);
		targets.add(new Target(what, "≥ " + goal + " chars/s",
				String.format(Locale.ROOT, "%,.0f by call time, %,.0f until the witness had it all", byCall, byArrival),
				(Math.min(byCall, byArrival) >= goal) ? "met" : "missed"));
	}

	static String ratioText(double ratio) {
		return (ratio < 1) ? String.format(Locale.ROOT, "%.3f (1/%.1f)", ratio, 1 / ratio)
				: String.format(Locale.ROOT, "%.2fx", ratio);
	}

	static String format(double millis) {
		if (millis >= 100) {
			return String.format(Locale.ROOT, "%.0f", millis);
		}
		return String.format(Locale.ROOT, (millis >= 10) ? "%.1f" : "%.2f", millis);
	}

	String text() {
		StringBuilder text = new StringBuilder();
		text.append(String.format(Locale.ROOT, "%-66s %4s %8s %8s %8s %8s %10s %9s%n", "case", "n", "p50 ms", "min",
				"max", "p95", "bytes", "chars/s"));
		for (Row row : rows()) {
			text.append(String.format(Locale.ROOT, "%-66s %4d %8s %8s %8s %8s %10s %9s%n", row.name(), row.stats().n(),
					format(row.stats().p50()), format(row.stats().min()), format(row.stats().max()),
					format(row.stats().p95()), (row.bytes() < 0) ? "" : String.format(Locale.ROOT, "%,d", row.bytes()),
					Double.isNaN(row.charsPerSecond()) ? ""
							: String.format(Locale.ROOT, "%,.0f", row.charsPerSecond())));
			if (row.arrived() != null) {
				text.append(String.format(Locale.ROOT, "%-66s %4d %8s %8s %8s %8s%n",
						"  ... until the witness had it all", row.arrived().n(), format(row.arrived().p50()),
						format(row.arrived().min()), format(row.arrived().max()), format(row.arrived().p95())));
			}
		}
		text.append(String.format("%ntargets (" + targetsOf() + "):%n"));
		for (Target target : targets()) {
			text.append(String.format(Locale.ROOT, "  %-62s %-16s %-50s %s%n", target.what(), target.goal(),
					target.measured(), target.verdict()));
		}
		return text.toString();
	}

	/** A table cell: a pipe in a case's name (grim | base64) would end the cell. */
	private static String cell(String text) {
		return text.replace("|", "\\|");
	}

	String markdown() {
		StringBuilder md = new StringBuilder();
		md.append("| case | n | p50 ms | min ms | max ms | p95 ms | bytes | chars/s |\n");
		md.append("|---|---:|---:|---:|---:|---:|---:|---:|\n");
		for (Row row : rows()) {
			md.append(String.format(Locale.ROOT, "| %s | %d | %s | %s | %s | %s | %s | %s |%n", cell(row.name()),
					row.stats().n(), format(row.stats().p50()), format(row.stats().min()), format(row.stats().max()),
					format(row.stats().p95()), (row.bytes() < 0) ? "" : String.format(Locale.ROOT, "%,d", row.bytes()),
					Double.isNaN(row.charsPerSecond()) ? ""
							: String.format(Locale.ROOT, "%,.0f", row.charsPerSecond())));
			if (row.arrived() != null) {
				int chars = (int) Math.round(row.charsPerSecond() * row.stats().p50() / 1000);
				md.append(String.format(Locale.ROOT,
						"| %s, until the witness had it all | %d | %s | %s | %s | %s |  | %,.0f |%n", cell(row.name()),
						row.arrived().n(), format(row.arrived().p50()), format(row.arrived().min()),
						format(row.arrived().max()), format(row.arrived().p95()),
						chars / (row.arrived().p50() / 1000)));
			}
		}
		md.append("\n| target (" + targetsOf() + ") | goal | this run | verdict |\n|---|---|---|---|\n");
		for (Target target : targets()) {
			md.append("| ")
				.append(cell(target.what()))
				.append(" | ")
				.append(target.goal())
				.append(" | ")
				.append(target.measured())
				.append(" | ")
				.append(target.verdict())
				.append(" |\n");
		}
		return md.toString();
	}

}
