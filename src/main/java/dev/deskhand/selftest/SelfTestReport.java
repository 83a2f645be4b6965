package dev.deskhand.selftest;

import java.util.List;
import java.util.Map;

import dev.deskhand.selftest.SelfTestResult.Outcome;

/**
 * What the self-test found: a few facts about the machine, then one row per check,
 * rendered as a Markdown table that reads the same in a terminal and in a bug report.
 *
 * @param facts what was run where, in order (OS, Java, Deskhand, driver)
 * @param results the checks, in the order they ran
 */
record SelfTestReport(Map<String, String> facts, List<SelfTestResult> results) {

	SelfTestReport {
		facts = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(facts));
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
		StringBuilder text = new StringBuilder("## Deskhand self-test\n\n");
		this.facts.forEach((name, value) -> text.append("- ").append(name).append(": ").append(value).append('\n'));
		int checkWidth = Math.max(5,
				this.results.stream().mapToInt((result) -> cell(result.check()).length()).max().orElse(0));
		text.append('\n')
			.append(row("result", "check", "detail", checkWidth))
			.append(row("-".repeat(6), "-".repeat(checkWidth), "-".repeat(6), checkWidth));
		for (SelfTestResult result : this.results) {
			text.append(row(result.outcome().name(), result.check(), result.detail(), checkWidth));
		}
		text.append('\n')
			.append(passed() ? "PASSED" : "FAILED")
			.append(": ")
			.append(count(Outcome.PASS))
			.append(" passed, ")
			.append(count(Outcome.WARN))
			.append((count(Outcome.WARN) == 1) ? " warning, " : " warnings, ")
			.append(count(Outcome.FAIL))
			.append(" failed, ")
			.append(count(Outcome.SKIP))
			.append(" skipped\n");
		return text.toString();
	}

	private static String row(String outcome, String check, String detail, int checkWidth) {
		return "| " + pad(outcome, 6) + " | " + pad(cell(check), checkWidth) + " | " + cell(detail) + " |\n";
	}

	private static String pad(String text, int width) {
		return text + " ".repeat(Math.max(0, width - text.length()));
	}

	/** One table cell: a pipe would end it and a line break would end the row. */
	private static String cell(String text) {
		return text.replace("\\", "\\\\").replace("|", "\\|").replaceAll("\\R", " ");
	}

}
