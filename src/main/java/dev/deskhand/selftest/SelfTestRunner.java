package dev.deskhand.selftest;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.boot.ExitCodeGenerator;

import dev.deskhand.files.PrivateFiles;

/**
 * Runs the self-test once the context is up, prints its table, saves it beside the
 * screenshots, and makes the exit code say whether it passed.
 */
final class SelfTestRunner implements ApplicationRunner, ExitCodeGenerator {

	private static final Logger logger = LoggerFactory.getLogger(SelfTestRunner.class);

	private final SelfTestFactory factory;

	private final SelfTestProperties properties;

	private final PrintStream out;

	private final Clock clock;

	private volatile int exitCode = 1;

	SelfTestRunner(SelfTestFactory factory, SelfTestProperties properties, PrintStream out, Clock clock) {
		this.factory = factory;
		this.properties = properties;
		this.out = out;
		this.clock = clock;
	}

	@Override
	public void run(ApplicationArguments args) throws IOException {
		Path output = this.properties.output();
		// The desktop's screenshots go here: private, like everything in the state
		// directory, which this may be the first to create.
		PrivateFiles.createDirectories(output);
		Path saved = output.resolve("report.md");
		SelfTestReport report = this.factory.create(facts()).run(SelfTestJournal.to(saved, this.out));
		this.out.println("Saved to " + saved.toAbsolutePath() + " with the screenshots; paste it into a bug report.");
		this.out.flush();
		logger.info("self-test {}", report.passed() ? "passed" : "failed");
		this.exitCode = report.passed() ? 0 : 1;
	}

	@Override
	public int getExitCode() {
		return this.exitCode;
	}

	private Map<String, String> facts() {
		Map<String, String> facts = new LinkedHashMap<>();
		facts.put("when", Instant.now(this.clock).toString());
		facts.put("os", System.getProperty("os.name") + " " + System.getProperty("os.version") + " ("
				+ System.getProperty("os.arch") + ")");
		facts.put("java",
				System.getProperty("java.runtime.version", System.getProperty("java.version")) + " ("
						+ System.getProperty("java.vm.vendor") + ", " + System.getProperty("sun.arch.data.model", "?")
						+ "-bit, " + System.getProperty("java.home") + ")");
		String version = SelfTestRunner.class.getPackage().getImplementationVersion();
		facts.put("deskhand", (version != null) ? version : "a development build");
		return facts;
	}

	/** Builds the self-test with the machine's facts; a seam for tests. */
	@FunctionalInterface
	interface SelfTestFactory {

		SelfTest create(Map<String, String> facts);

	}

}
