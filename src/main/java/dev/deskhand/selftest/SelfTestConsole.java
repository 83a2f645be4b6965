package dev.deskhand.selftest;

import java.io.PrintStream;

/**
 * Where the self-test's table goes: the terminal the user started it from. The one class
 * of the main code that prints (ArchitectureTests allows it), because a command's result
 * belongs on standard output, not in the log.
 */
final class SelfTestConsole {

	private SelfTestConsole() {
	}

	static PrintStream out() {
		return System.out;
	}

}
