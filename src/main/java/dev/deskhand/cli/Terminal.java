package dev.deskhand.cli;

import java.io.PrintStream;

/**
 * The terminal Deskhand was started from. With the self-test's console, the only classes
 * of the main code that print (ArchitectureTests allows them): an answer to
 * {@code --help} belongs on standard output, and a failure to start on standard error
 * when no console log carries it.
 */
final class Terminal {

	private Terminal() {
	}

	static PrintStream out() {
		return System.out;
	}

	static PrintStream err() {
		return System.err;
	}

}
