package dev.deskhand.cli;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.springframework.boot.web.server.PortInUseException;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.StandardEnvironment;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * When the failure is said on stderr: only with console logging off, where nothing else
 * says it. The process-level test is StdioTransportTests.
 */
class StartFailureOnStderrTests {

	private final ByteArrayOutputStream stderr = new ByteArrayOutputStream();

	private final StartFailureOnStderr listener = new StartFailureOnStderr(
			new PrintStream(this.stderr, true, StandardCharsets.UTF_8));

	@Test
	void withConsoleLoggingOffTheAnalysisAndTheLogFileGoToStderr() {
		this.listener.environmentPrepared(null,
				environment(Map.of("logging.console.enabled", "false", "logging.file.name", "/tmp/x/stdio.log")));

		// before the context exists: no bean factory, the analyzers that need none
		// answer
		this.listener.failed(null, new IllegalStateException("outer", new PortInUseException(8081)));

		assertThat(this.stderr.toString(StandardCharsets.UTF_8)).contains("Deskhand failed to start",
				"Port 8081 was already in use", "Action: ", "The log: /tmp/x/stdio.log");
	}

	@Test
	void withoutAnAnalysisTheMostSpecificCauseIsSaid() {
		this.listener.environmentPrepared(null, environment(Map.of("logging.console.enabled", "false")));

		this.listener.failed(null, new IllegalStateException("outer", new IllegalArgumentException("the cause")));

		assertThat(this.stderr.toString(StandardCharsets.UTF_8)).contains("Deskhand failed to start",
				"java.lang.IllegalArgumentException: the cause");
	}

	@Test
	void withConsoleLoggingOnTheConsoleSaysItAndStderrStaysQuiet() {
		this.listener.environmentPrepared(null, environment(Map.of()));

		this.listener.failed(null, new PortInUseException(8081));

		assertThat(this.stderr.size()).isZero();
	}

	private static StandardEnvironment environment(Map<String, Object> properties) {
		StandardEnvironment environment = new StandardEnvironment();
		environment.getPropertySources().addFirst(new MapPropertySource("test", properties));
		return environment;
	}

}
