package dev.deskhand.selftest;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class SelfTestReportTests {

	@Test
	void rendersAMarkdownTableWithPaddedChecksAndACountedVerdict() {
		Map<String, String> facts = new LinkedHashMap<>();
		facts.put("os", "Windows 11 10.0 (amd64)");
		SelfTestReport report = new SelfTestReport(facts, List.of(SelfTestResult.pass("desktop", "answering"),
				SelfTestResult.fail("pointer DISPLAY1", "moved to (960,540), the OS reports (959,540)"),
				SelfTestResult.warn("accessibility", "not trusted"), SelfTestResult.skip("typing", "no window")));

		assertThat(report.render()).isEqualTo("""
				## Deskhand self-test

				- os: Windows 11 10.0 (amd64)

				| result | check                    | detail |
				| ------ | ------------------------ | ------ |
				| PASS   | desktop                  | answering |
				| FAIL   | pointer DISPLAY1         | moved to (960,540), the OS reports (959,540) |
				| WARN   | accessibility            | not trusted |
				| SKIP   | typing                   | no window |

				FAILED: 1 passed, 1 warning, 1 failed, 1 skipped
				""");
	}

	@Test
	void aPipeOrALineBreakInADetailCannotBreakTheTable() {
		SelfTestReport report = new SelfTestReport(Map.of(),
				List.of(SelfTestResult.fail("typing", "typed \"a|b\\c\" and got\r\n\"a\"")));

		assertThat(report.render())
			.contains("| FAIL   | typing                   | typed \"a\\|b\\\\c\" and got \"a\" |\n");
	}

	@Test
	void warningsAndSkipsDoNotFailIt() {
		assertThat(new SelfTestReport(Map.of(),
				List.of(SelfTestResult.warn("screenshot", "black"), SelfTestResult.skip("typing", "headless")))
			.passed()).isTrue();
		assertThat(new SelfTestReport(Map.of(), List.of(SelfTestResult.fail("desktop", "gone"))).passed()).isFalse();
	}

}
