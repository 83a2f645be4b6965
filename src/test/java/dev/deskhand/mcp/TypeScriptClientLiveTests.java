package dev.deskhand.mcp;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.opentest4j.TestAbortedException;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import dev.deskhand.testing.TestDesktop;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The repository's TypeScript example client ({@code clients/typescript}, the MCP
 * TypeScript SDK from npm) against a live Deskhand: on Streamable HTTP a screenshot comes
 * back as one JSON body and a wait that asks for progress as an event stream with its
 * progress, and both parse; on the legacy SSE transport the same calls work. The client
 * itself checks the screenshot is a 1280x720 PNG. Needs {@code node} and
 * {@code npm install} in {@code clients/typescript} (.ci/run does it); skipped without
 * them, except on CI.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "management.server.port=0", "deskhand.display.managed=false", "deskhand.audit.enabled=false" })
class TypeScriptClientLiveTests {

	private static final Path CLIENT = Path.of("clients", "typescript");

	private static final Duration RUN = Duration.ofSeconds(60);

	@LocalServerPort
	private int port;

	@DynamicPropertySource
	static void display(DynamicPropertyRegistry registry) {
		registry.add("deskhand.display.name", () -> TestDesktop.shared().display());
	}

	@BeforeAll
	static void requireNodeAndTheSdk() {
		if (!Files.isDirectory(CLIENT.resolve("node_modules/@modelcontextprotocol/sdk")) || !nodeRuns()) {
			String message = "the TypeScript client test needs node and `npm install` in " + CLIENT;
			if (System.getenv("CI") == null) {
				throw new TestAbortedException("skipping: " + message);
			}
			throw new IllegalStateException(message);
		}
	}

	@Test
	void streamableHttpAnswersParseAsJsonAndAsAStream() {
		String output = run("http://127.0.0.1:" + this.port + "/mcp", "http");
		assertThat(output).contains("screenshot: 1280x720 PNG",
				"answers: screenshot as application/json, wait with progress as text/event-stream");
		assertThat(output).containsPattern("wait: [1-9]\\d* progress notifications");
	}

	@Test
	void theLegacySseTransportAnswersTheSameCalls() {
		String output = run("http://127.0.0.1:" + this.port + "/sse", "sse");
		assertThat(output).contains("screenshot: 1280x720 PNG", "cursor_position: ")
			.containsPattern("wait: [1-9]\\d* progress notifications");
	}

	private static String run(String url, String transport) {
		try {
			Path log = Files.createTempFile("deskhand-ts-client", ".log");
			ProcessBuilder builder = new ProcessBuilder(List.of("node", "deskhand-client.mjs"))
				.directory(CLIENT.toFile())
				.redirectErrorStream(true)
				.redirectOutput(log.toFile());
			builder.environment().put("DESKHAND_URL", url);
			builder.environment().put("DESKHAND_TRANSPORT", transport);
			Process node = builder.start();
			if (!node.waitFor(RUN.toSeconds(), TimeUnit.SECONDS)) {
				node.destroyForcibly();
				throw new AssertionError("the TypeScript client did not finish within " + RUN + ": "
						+ Files.readString(log, StandardCharsets.UTF_8));
			}
			String output = Files.readString(log, StandardCharsets.UTF_8);
			Files.delete(log);
			assertThat(node.exitValue()).as(output).isZero();
			return output;
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	private static boolean nodeRuns() {
		try {
			Process node = new ProcessBuilder("node", "--version").redirectErrorStream(true).start();
			return node.waitFor(10, TimeUnit.SECONDS) && node.exitValue() == 0;
		}
		catch (IOException ex) {
			return false;
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return false;
		}
	}

}
