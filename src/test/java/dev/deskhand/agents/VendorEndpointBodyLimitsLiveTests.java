package dev.deskhand.agents;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import dev.deskhand.testing.RawHttp;
import dev.deskhand.testing.TestDesktop;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The vendor endpoints read their bodies under {@code /mcp}'s limits, against the real
 * server over raw sockets as a hostile client sends them: a 10 MB body is refused with
 * 413 in the endpoints' error shape, a body still incomplete at the read timeout with
 * 408, and a body that would pass the buffered-bodies budget {@code /mcp}'s clients are
 * already using with 503; a normal call still works.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "management.server.port=0", "deskhand.display.managed=false", "deskhand.audit.enabled=false",
				"deskhand.mcp.body-read-timeout=3s", "deskhand.mcp.max-request-size=1MB",
				"deskhand.mcp.max-buffered-bodies=2MB" })
class VendorEndpointBodyLimitsLiveTests {

	private static final int TEN_MB = 10 << 20;

	@LocalServerPort
	private int port;

	@DynamicPropertySource
	static void display(DynamicPropertyRegistry registry) {
		registry.add("deskhand.display.name", () -> TestDesktop.shared().display());
	}

	@ParameterizedTest
	@ValueSource(strings = { "/agents/openai/computer", "/agents/gemini/computer", "/agents/anthropic/computer" })
	void aTenMegabyteBodyIsRefusedWith413InTheEndpointsErrorShape(String path) throws Exception {
		String answer = send(path, "Content-Length: " + TEN_MB, TEN_MB, Duration.ZERO);
		assertThat(statusLine(answer)).isEqualTo("HTTP/1.1 413 ");
		assertThat(body(answer)).startsWith("{\"error\":\"E_ARGS: request body too large: at most 1048576 bytes");
	}

	@Test
	void aChunkedTenMegabyteBodyIsCutOffAsItGrows() throws Exception {
		String answer = send("/agents/openai/computer", "Transfer-Encoding: chunked", TEN_MB, Duration.ZERO);
		// Refused once past the limit; the server may close before the client reads it.
		assertThat(answer).satisfiesAnyOf((text) -> assertThat(statusLine(text)).isEqualTo("HTTP/1.1 413 "),
				(text) -> assertThat(text).isEqualTo("closed"));
	}

	@Test
	void aBodyStillIncompleteAtTheReadTimeoutIsRefusedWith408() throws Exception {
		try (Socket socket = open()) {
			socket.setSoTimeout(30_000);
			socket.getOutputStream()
				.write(head("/agents/openai/computer", "Content-Length: 1000").getBytes(StandardCharsets.US_ASCII));
			socket.getOutputStream().write('{');
			String answer = RawHttp.readAll(socket);
			assertThat(statusLine(answer)).isEqualTo("HTTP/1.1 408 ");
			assertThat(body(answer)).isEqualTo("{\"error\":\"E_TIMEOUT: request body not complete within 3 s\"}");
		}
	}

	@Test
	void theBudgetOfBufferedBodiesIsSharedWithMcp() throws Exception {
		try (Socket first = open(); Socket second = open()) {
			// Two clients of /mcp each send 900 KB of a 1,000,000-byte body and stall:
			// 1.8 MB of the 2 MB budget is buffered.
			stallMcpBody(first);
			stallMcpBody(second);
			Thread.sleep(500);
			String answer = send("/agents/openai/computer", "Content-Length: 300000", 300_000, Duration.ZERO);
			assertThat(statusLine(answer)).isEqualTo("HTTP/1.1 503 ");
			assertThat(body(answer)).startsWith("{\"error\":\"E_BUSY: too many request bodies");
		}
	}

	private void stallMcpBody(Socket socket) throws IOException {
		OutputStream out = socket.getOutputStream();
		out.write(("POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:" + this.port
				+ "\r\nAccept: application/json, text/event-stream\r\nContent-Type: application/json\r\n"
				+ "Content-Length: 1000000\r\n\r\n")
			.getBytes(StandardCharsets.US_ASCII));
		byte[] part = new byte[900_000];
		Arrays.fill(part, (byte) ' ');
		part[0] = '{';
		out.write(part);
		out.flush();
	}

	@Test
	void aNormalCallStillReachesTheEndpoint() throws Exception {
		HttpResponse<String> reply = HttpClient.newHttpClient()
			.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + this.port + "/agents/openai/computer"))
				.timeout(Duration.ofSeconds(60))
				.header("Content-Type", "application/json")
				.POST(HttpRequest.BodyPublishers.ofString("{\"type\":\"computer_call\",\"id\":\"cu_1\",\"call_id\":"
						+ "\"call_1\",\"actions\":[{\"type\":\"screenshot\"}]}"))
				.build(), HttpResponse.BodyHandlers.ofString());
		assertThat(reply.statusCode()).as(reply.body()).isEqualTo(200);
		assertThat(reply.body()).contains("computer_call_output").contains("image_url");
	}

	/**
	 * Sends {@code size} bytes of a JSON body with that framing; answers what the server
	 * sent back, or "closed" when it closed the connection without an answer.
	 */
	private String send(String path, String framing, int size, Duration pause) throws IOException {
		boolean chunked = framing.startsWith("Transfer-Encoding");
		try (Socket socket = open()) {
			socket.setSoTimeout(30_000);
			OutputStream out = socket.getOutputStream();
			try {
				out.write(head(path, framing).getBytes(StandardCharsets.US_ASCII));
				byte[] chunk = new byte[64 * 1024];
				Arrays.fill(chunk, (byte) ' ');
				chunk[0] = '{';
				for (int sent = 0; sent < size; sent += chunk.length) {
					int length = Math.min(chunk.length, size - sent);
					if (chunked) {
						out.write((Integer.toHexString(length) + "\r\n").getBytes(StandardCharsets.US_ASCII));
					}
					out.write(chunk, 0, length);
					if (chunked) {
						out.write("\r\n".getBytes(StandardCharsets.US_ASCII));
					}
					chunk[0] = ' ';
				}
				if (chunked) {
					out.write("0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
				}
				out.flush();
			}
			catch (IOException ex) {
				// The server stopped reading: its answer may be waiting.
			}
			try {
				String answer = RawHttp.readAll(socket);
				return answer.isEmpty() ? "closed" : answer;
			}
			catch (IOException ex) {
				return "closed";
			}
		}
	}

	private Socket open() throws IOException {
		return new Socket(InetAddress.getLoopbackAddress(), this.port);
	}

	private String head(String path, String framing) {
		return "POST " + path + " HTTP/1.1\r\nHost: 127.0.0.1:" + this.port + "\r\nContent-Type: application/json\r\n"
				+ framing + "\r\n\r\n";
	}

	private static String statusLine(String response) {
		int end = response.indexOf("\r\n");
		String line = (end < 0) ? response : response.substring(0, end);
		// Tomcat sends no reason phrase: "HTTP/1.1 413 ".
		return line.matches("HTTP/1\\.1 \\d{3}") ? line + " " : line.replaceFirst("^(HTTP/1\\.1 \\d{3} ).*", "$1");
	}

	private static String body(String response) {
		int start = response.indexOf("\r\n\r\n");
		return (start < 0) ? "" : response.substring(start + 4);
	}

}
