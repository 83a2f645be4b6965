package dev.deskhand.mcp;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import dev.deskhand.testing.TestDesktop;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Bodies read without a thread still cost memory, and that memory is bounded across
 * connections: with a 2 MB budget, two clients that each send 900 KB of a 1 MB body and
 * stall fit, a third is refused with 503 as soon as its bytes would pass the budget, and
 * a normal request is answered meanwhile. Without the budget the third is buffered like
 * the others (and a few thousand such clients would fill the heap).
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "management.server.port=0", "deskhand.display.managed=false", "deskhand.audit.enabled=false",
				"deskhand.mcp.max-request-size=1MB", "deskhand.mcp.max-buffered-bodies=2MB",
				"deskhand.mcp.body-read-timeout=20s" })
class BodyBudgetEndToEndTests {

	private static final int BODY = 1_000_000;

	private static final int SENT = 900_000;

	@LocalServerPort
	private int port;

	@DynamicPropertySource
	static void display(DynamicPropertyRegistry registry) {
		registry.add("deskhand.display.name", () -> TestDesktop.shared().display());
	}

	@Test
	void bodiesThatStallArePaidForUpToTheBudgetAndTheRestRefused() throws Exception {
		List<Socket> stalled = new ArrayList<>();
		try {
			for (int i = 0; i < 2; i++) {
				stalled.add(stallAfter(SENT));
			}
			// Let the server read what they sent.
			Thread.sleep(1_000);
			for (Socket socket : stalled) {
				assertThat(answerWithin(socket, Duration.ofMillis(200))).as("a stalled body within the budget waits")
					.isEmpty();
			}
			Socket third = stallAfter(SENT);
			stalled.add(third);
			assertThat(answerWithin(third, Duration.ofSeconds(10))).startsWith("HTTP/1.1 503");

			HttpResponse<String> initialize = HttpClient.newHttpClient()
				.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + this.port + "/mcp"))
					.header("Content-Type", "application/json")
					.header("Accept", "application/json, text/event-stream")
					.POST(HttpRequest.BodyPublishers.ofString("""
							{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18",\
							"capabilities":{},"clientInfo":{"name":"budget-test","version":"1"}}}"""))
					.timeout(Duration.ofSeconds(10))
					.build(), HttpResponse.BodyHandlers.ofString());
			assertThat(initialize.statusCode()).as("a small request is answered meanwhile").isEqualTo(200);
		}
		finally {
			for (Socket socket : stalled) {
				socket.close();
			}
		}
	}

	private Socket stallAfter(int bytes) throws IOException {
		Socket socket = new Socket(InetAddress.getLoopbackAddress(), this.port);
		String head = "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:" + this.port
				+ "\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\n"
				+ "Content-Length: " + BODY + "\r\n\r\n";
		socket.getOutputStream().write(head.getBytes(StandardCharsets.US_ASCII));
		byte[] body = new byte[bytes];
		java.util.Arrays.fill(body, (byte) ' ');
		body[0] = '{';
		socket.getOutputStream().write(body);
		socket.getOutputStream().flush();
		return socket;
	}

	/** What the server sent within {@code wait}: empty when nothing. */
	private static String answerWithin(Socket socket, Duration wait) throws IOException {
		socket.setSoTimeout((int) wait.toMillis());
		InputStream in = socket.getInputStream();
		byte[] buffer = new byte[256];
		try {
			int read = in.read(buffer);
			return (read > 0) ? new String(buffer, 0, read, StandardCharsets.US_ASCII) : "";
		}
		catch (SocketTimeoutException ex) {
			return "";
		}
	}

}
