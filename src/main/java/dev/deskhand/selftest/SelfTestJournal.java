package dev.deskhand.selftest;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Map;
import java.util.Set;

import dev.deskhand.files.PrivateFiles;

/**
 * Where the self-test's report goes while it runs: the facts first, then each row the
 * moment it is known, to the terminal and to {@code report.md}, each row forced to disk
 * before the next check starts. A native crash in a check (a JNA call into a wrong
 * signature ends the JVM, no {@code finally} runs) leaves the report of every row before
 * it, and the row that crashed is the first one missing.
 */
interface SelfTestJournal {

	/** Writes nothing: for tests of the checks alone. */
	SelfTestJournal NONE = new SelfTestJournal() {
	};

	default void start(Map<String, String> facts) {
	}

	default void row(SelfTestResult result) {
	}

	default void finish(SelfTestReport report) {
	}

	/**
	 * The report file and the terminal.
	 * @param file {@code report.md}, replaced
	 * @param console where the user started the self-test
	 */
	static SelfTestJournal to(Path file, PrintStream console) throws IOException {
		FileChannel channel = PrivateFiles.open(file,
				Set.of(StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE));
		return new SelfTestJournal() {

			@Override
			public void start(Map<String, String> facts) {
				console.println();
				write(SelfTestReport.header(facts));
			}

			@Override
			public void row(SelfTestResult result) {
				write(SelfTestReport.row(result));
			}

			@Override
			public void finish(SelfTestReport report) {
				write(report.footer());
				try {
					channel.close();
				}
				catch (IOException ex) {
					throw new UncheckedIOException(ex);
				}
			}

			private void write(String text) {
				console.print(text);
				console.flush();
				try {
					ByteBuffer bytes = ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8));
					while (bytes.hasRemaining()) {
						channel.write(bytes);
					}
					// the row must survive the next check crashing the JVM
					channel.force(false);
				}
				catch (IOException ex) {
					throw new UncheckedIOException(ex);
				}
			}

		};
	}

}
