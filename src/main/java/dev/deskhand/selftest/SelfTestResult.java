package dev.deskhand.selftest;

/**
 * One row of the self-test's table.
 *
 * @param check what was checked, e.g. {@code pointer DP-1}
 * @param outcome how it went
 * @param detail what was seen, in words a bug report can use
 */
record SelfTestResult(String check, Outcome outcome, String detail) {

	enum Outcome {

		/** It works as Deskhand needs it. */
		PASS,

		/** It works, but something looks wrong and a human should look. */
		WARN,

		/** It does not work. */
		FAIL,

		/** Not checked here, and why is in the detail. */
		SKIP

	}

	static SelfTestResult pass(String check, String detail) {
		return new SelfTestResult(check, Outcome.PASS, detail);
	}

	static SelfTestResult warn(String check, String detail) {
		return new SelfTestResult(check, Outcome.WARN, detail);
	}

	static SelfTestResult fail(String check, String detail) {
		return new SelfTestResult(check, Outcome.FAIL, detail);
	}

	static SelfTestResult skip(String check, String detail) {
		return new SelfTestResult(check, Outcome.SKIP, detail);
	}

}
