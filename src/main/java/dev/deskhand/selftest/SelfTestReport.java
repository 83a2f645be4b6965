package dev.deskhand.selftest;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.deskhand.selftest.SelfTestResult.Outcome;

/**
 * What the self-test found: a few facts about the machine, then one row per check,
 * rendered as a Markdown table that reads the same in a terminal and in a bug report. The
 * pieces render on their own too, so that {@link SelfTestJournal} can write the report
 * row by row as it goes, to the same text.
 *
 * @param facts what was run where, in order (OS, Java, Deskhand, driver, displays)
 * @param results the checks, in the order they ran
 */
record SelfTestReport(Map<String, String> facts, List<SelfTestResult> results) {

	/** Check names are padded to this width; longer ones just make their row wider. */
	private static final int CHECK_WIDTH = 24;

	SelfTestReport {
		facts = Collections.unmodifiableMap(new LinkedHashMap<>(facts));
		results = List.copyOf(results);
	}

	/** Whether no check failed (warnings and skips do not fail the self-test). */
	boolean passed() {
		return this.results.stream().noneMatch((result) -> result.outcome() == Outcome.FAIL);
	}

	long count(Outcome outcome) {
		return this.results.stream().filter((result) -> result.outcome() == outcome).count();
	}

	String render() {
		StringBuilder text = new StringBuilder(header(this.facts));
		this.results.forEach((result) -> text.append(row(result)));
		return text.append(footer()).toString();
	}

	/** The title, the facts, and the table's head. */
	static String header(Map<String, String> facts) {
		StringBuilder text = new StringBuilder("## Deskhand self-test\n\n");
		facts.forEach((name, value) -> text.append("- ").append(name).append(": ").append(value).append('\n'));
		return text.append('\n')
			.append(row("result", "check", "detail"))
			.append(row("-".repeat(6), "-".repeat(CHECK_WIDTH), "-".repeat(6)))
			.toString();
	}

	static String row(SelfTestResult result) {
		return row(result.outcome().name(), result.check(), result.detail());
	}

	/** The verdict under the table. */
	String footer() {
		return "\n" + (passed() ? "PASSED" : "FAILED") + ": " + count(Outcome.PASS) + " passed, " + count(Outcome.WARN)
				+ ((count(Outcome.WARN) == 1) ? " warning, " : " warnings, ") + count(Outcome.FAIL) + " failed, "
				+ count(Outcome.SKIP) + " skipped\n";
	}

	private static String row(String outcome, String check, String detail) {
		return "| " + pad(outcome, 6) + " | " + pad(cell(check), CHECK_WIDTH) + " | " + cell(detail) + " |\n";
	}

	private static String pad(String text, int width) {
		return text + " ".repeat(Math.max(0, width - text.length()));
	}

	/** One table cell: a pipe would end it and a line break would end the row. */
	private static String cell(String text) {
		return text.replace("\\", "\\\\").replace("|", "\\|").replaceAll("\\R", " ");
	}

}
