package dev.deskhand.mcp;

import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import io.modelcontextprotocol.client.McpSyncClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.ConfigurableApplicationContext;

import dev.deskhand.DeskhandApplication;
import dev.deskhand.testing.Pause;
import dev.deskhand.testing.TestDesktop;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Stopping the server while clients have left their {@code GET /mcp} streams open (the
 * SDK clients open one per session, and few end their sessions) says so in at most one
 * line, and warns about none of them: an operator once read 86 WARN lines on stopping.
 */
@ExtendWith(OutputCaptureExtension.class)
class McpShutdownLiveTests {

	private static final int STREAMS = 12;

	private static final int LEGACY_STREAMS = 3;

	@Test
	void stoppingWithOpenStreamsLogsAtMostOneLineAboutThem(CapturedOutput output) throws Exception {
		ConfigurableApplicationContext context = new SpringApplication(DeskhandApplication.class).run("--server.port=0",
				"--management.server.port=0", "--deskhand.audit.enabled=false", "--deskhand.display.managed=false",
				"--deskhand.display.name=" + TestDesktop.shared().display(), "--deskhand.trajectory.enabled=false");
		List<Socket> streams = new ArrayList<>();
		List<McpSyncClient> clients = new ArrayList<>();
		int before;
		try {
			int port = context.getEnvironment().getRequiredProperty("local.server.port", Integer.class);
			for (int i = 0; i < STREAMS; i++) {
				streams.add(openStream(port, initialize(port)));
			}
			for (int i = 0; i < LEGACY_STREAMS; i++) {
				streams.add(openLegacyStream(port));
			}
			// the SDK's own clients, which open their stream themselves
			clients.add(McpTestClients.streamable(port));
			clients.add(McpTestClients.webClientStreamable(port));
			// time for the last requests to become streams
			Pause.millis(500);
			before = output.toString().length();
		}
		catch (Exception | AssertionError ex) {
			context.close();
			throw ex;
		}
		context.close();
		String shutdown = output.toString().substring(before);
		for (Socket stream : streams) {
			stream.close();
		}
		List<String> lines = Arrays.stream(shutdown.split("\n")).filter((line) -> !line.isBlank()).toList();
		assertThat(lines).as(shutdown).noneMatch((line) -> line.contains(" WARN ") || line.contains(" ERROR "));
		// the web server did not wait for the streams until its shutdown phase timed out
		assertThat(lines).as(shutdown).noneMatch((line) -> line.contains("still running after timeout"));
		assertThat(lines).as(shutdown)
			.filteredOn((line) -> line.toLowerCase().contains("stream"))
			.hasSizeLessThanOrEqualTo(1);
	}

	private static String initialize(int port) throws IOException, InterruptedException {
		HttpResponse<String> answer = HttpClient.newHttpClient()
			.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/mcp"))
				.header("Content-Type", "application/json")
				.header("Accept", "application/json, text/event-stream")
				.POST(HttpRequest.BodyPublishers.ofString("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\","
						+ "\"params\":{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},"
						+ "\"clientInfo\":{\"name\":\"left-open\",\"version\":\"1\"}}}"))
				.timeout(Duration.ofSeconds(30))
				.build(), HttpResponse.BodyHandlers.ofString());
		assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
		return answer.headers().firstValue("Mcp-Session-Id").orElseThrow();
	}

	private static Socket openLegacyStream(int port) throws IOException {
		Socket socket = new Socket("127.0.0.1", port);
		OutputStream out = socket.getOutputStream();
		out.write(("GET /sse HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\nAccept: text/event-stream\r\n\r\n")
			.getBytes(StandardCharsets.US_ASCII));
		out.flush();
		return socket;
	}

	private static Socket openStream(int port, String session) throws IOException {
		Socket socket = new Socket("127.0.0.1", port);
		OutputStream out = socket.getOutputStream();
		out.write(("GET /mcp HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\nAccept: text/event-stream\r\n"
				+ "Mcp-Session-Id: " + session + "\r\n\r\n")
			.getBytes(StandardCharsets.US_ASCII));
		out.flush();
		return socket;
	}

}
