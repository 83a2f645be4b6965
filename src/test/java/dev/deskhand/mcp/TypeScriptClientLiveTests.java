package dev.deskhand.mcp;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import dev.deskhand.testing.TestDesktop;
import dev.deskhand.testing.TypeScriptClient;

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

	@LocalServerPort
	private int port;

	@DynamicPropertySource
	static void display(DynamicPropertyRegistry registry) {
		registry.add("deskhand.display.name", () -> TestDesktop.shared().display());
	}

	@BeforeAll
	static void requireNodeAndTheSdk() {
		TypeScriptClient.require();
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
		return TypeScriptClient.run(url, transport);
	}

}
