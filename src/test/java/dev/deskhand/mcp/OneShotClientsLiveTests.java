package dev.deskhand.mcp;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import dev.deskhand.testing.Pause;
import dev.deskhand.testing.ScreenRect;
import dev.deskhand.testing.TestDesktop;
import dev.deskhand.testing.TypeScriptClient;
import dev.deskhand.testing.witness.WitnessExtension;
import dev.deskhand.testing.witness.WitnessWindow;

import static dev.deskhand.mcp.McpTestClients.call;
import static dev.deskhand.mcp.McpTestClients.text;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * One-shot clients and the input lease, as the MCP Inspector's CLI meets it: each call is
 * a process of its own (the MCP TypeScript SDK, {@code clients/typescript/one-shot.mjs}:
 * initialize, the SDK's {@code GET /mcp} stream, one {@code left_click}, exit). A second
 * one-shot call right after the first is not E_BUSY, whether the first ended its session
 * ({@code DELETE /mcp}) or just exited, and both clicks land on a witness window in a JVM
 * of its own. A live session still keeps the input: another live session and a one-shot
 * client get E_BUSY and click nothing, and so does a session whose only open connection
 * is its {@code GET} stream, until that stream closes.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "management.server.port=0", "deskhand.display.managed=false", "deskhand.audit.enabled=false",
				"deskhand.approval.policies.pointer=allow" })
@DirtiesContext(classMode = DirtiesContext.ClassMode.AFTER_CLASS)
class OneShotClientsLiveTests {

	// 1920x1080 display, 1280x720 screenshots: a screen point that is a multiple of 3
	// maps back exactly.
	private static final int SCALE_NUMERATOR = 3;

	private static final int SCALE_DENOMINATOR = 2;

	private static final Duration WAIT = Duration.ofSeconds(10);

	private static final Pattern PRESS = Pattern.compile("PRESS button=1 x=(\\d+) y=(\\d+)");

	@RegisterExtension
	static final WitnessExtension WITNESS = WitnessExtension.on(TestDesktop::shared, "Deskhand one-shot witness", 200,
			150, 800, 500);

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
	void aOneShotClientThatExitedLeavesTheInputToTheNext() {
		twoOneShotClicksLand(false);
	}

	@Test
	void aOneShotClientThatEndedItsSessionLeavesTheInputToTheNext() {
		twoOneShotClicksLand(true);
	}

	@Test
	void aLiveSessionKeepsAnotherLiveSessionAndAOneShotClientOut() {
		McpSyncClient holder = McpTestClients.customized(this.port, "live-holder", (spec) -> spec);
		McpSyncClient other = McpTestClients.customized(this.port, "live-other", (spec) -> spec);
		try {
			CallToolResult moved = call(holder, "mouse_move", Map.of("coordinate", List.of(5, 5)));
			assertThat(moved.isError()).as(text(moved)).isNotEqualTo(Boolean.TRUE);
			int[] target = modelPoint(witness().bounds(), 0);

			CallToolResult refused = call(other, "left_click", Map.of("coordinate", List.of(target[0], target[1])));
			assertThat(text(refused)).startsWith("E_BUSY: another session");
			TypeScriptClient.Run oneShot = oneShotClick(target, false);
			assertThat(oneShot.output()).as(oneShot.output()).contains("error: E_BUSY: another session");
			assertThat(oneShot.exitCode()).isEqualTo(1);
			assertNoClickSoFar();
		}
		finally {
			other.closeGracefully();
			// DELETE: frees the lease for the next test
			holder.closeGracefully();
		}
	}

	@Test
	void aSessionWhoseOnlyOpenConnectionIsItsStreamKeepsTheInputUntilTheStreamCloses() throws IOException {
		ScreenRect area = witness().bounds();
		String session = initialize();
		try (Socket stream = openStream(session)) {
			int[] first = modelPoint(area, 0);
			String clicked = postAndHangUp(session,
					"{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\","
							+ "\"params\":{\"name\":\"left_click\",\"arguments\":{\"coordinate\":[" + first[0] + ","
							+ first[1] + "]}}}");
			assertThat(clicked).as(clicked).contains("\"result\"").doesNotContain("\"isError\":true");
			assertPressAt(area, 0);
			witness().clearEvents();

			// Every connection of the session but its stream is closed: its client is
			// still there.
			TypeScriptClient.Run refused = oneShotClick(modelPoint(area, 1), false);
			assertThat(refused.output()).as(refused.output()).contains("error: E_BUSY: another session");
			assertNoClickSoFar();
		}
		TypeScriptClient.Run next = oneShotClick(modelPoint(area, 1), false);
		assertThat(next.output()).as(next.output()).contains("result: ");
		assertPressAt(area, 1);
	}

	private void twoOneShotClicksLand(boolean delete) {
		ScreenRect area = witness().bounds();
		for (int slot = 0; slot < 2; slot++) {
			TypeScriptClient.Run run = oneShotClick(modelPoint(area, slot), delete);
			assertThat(run.output()).as("one-shot call " + (slot + 1) + ":\n" + run.output())
				.contains("GET /mcp stream requested", "result: ")
				.doesNotContain("E_BUSY");
			if (delete) {
				assertThat(run.output()).contains("session ended (DELETE /mcp)");
			}
			assertPressAt(area, slot);
			witness().clearEvents();
		}
	}

	private TypeScriptClient.Run oneShotClick(int[] point, boolean delete) {
		return TypeScriptClient.oneShot("http://127.0.0.1:" + this.port + "/mcp", "left_click",
				"{\"coordinate\":[" + point[0] + "," + point[1] + "]}", delete);
	}

	private static WitnessWindow witness() {
		return WITNESS.window();
	}

	/** The screen point of a slot in the witness: a multiple of 3 on both axes. */
	private static int[] screenPoint(ScreenRect area, int slot) {
		int x = (area.x() + 120 + slot * 240) / SCALE_NUMERATOR * SCALE_NUMERATOR;
		int y = (area.y() + 150) / SCALE_NUMERATOR * SCALE_NUMERATOR;
		return new int[] { x, y };
	}

	private static int[] modelPoint(ScreenRect area, int slot) {
		int[] screen = screenPoint(area, slot);
		return new int[] { screen[0] * SCALE_DENOMINATOR / SCALE_NUMERATOR,
				screen[1] * SCALE_DENOMINATOR / SCALE_NUMERATOR };
	}

	private static void assertPressAt(ScreenRect area, int slot) {
		int[] expected = screenPoint(area, slot);
		String press = witness().awaitEvent((event) -> PRESS.matcher(event).find(), WAIT);
		Matcher matcher = PRESS.matcher(press);
		assertThat(matcher.find()).isTrue();
		assertThat(Integer.parseInt(matcher.group(1))).as(press).isCloseTo(expected[0], within(1));
		assertThat(Integer.parseInt(matcher.group(2))).as(press).isCloseTo(expected[1], within(1));
	}

	private static void assertNoClickSoFar() {
		// what a click would have logged by now, had one been made
		Pause.millis(300);
		assertThat(witness().events()).noneMatch((event) -> event.startsWith("PRESS"));
	}

	// A client that controls its connections: each POST on a connection of its own that
	// it
	// closes once it has read the answer, and a GET stream it keeps open.

	private String initialize() throws IOException {
		try (Socket socket = connect()) {
			send(socket, "POST", null,
					"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
							+ "\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"stream-only\",\"version\":\"1\"}}}");
			String answer = readAnswer(socket);
			Matcher session = Pattern.compile("(?im)^Mcp-Session-Id:\\s*(\\S+)").matcher(answer);
			assertThat(session.find()).as(answer).isTrue();
			postAndHangUp(session.group(1), "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
			return session.group(1);
		}
	}

	private Socket openStream(String session) throws IOException {
		Socket socket = connect();
		send(socket, "GET", session, null);
		// The transport sends the stream's head with its first event: nothing to read
		// yet;
		// time for the request to reach it.
		Pause.millis(500);
		return socket;
	}

	private String postAndHangUp(String session, String body) throws IOException {
		try (Socket socket = connect()) {
			send(socket, "POST", session, body);
			return readAnswer(socket);
		}
	}

	private Socket connect() throws IOException {
		Socket socket = new Socket("127.0.0.1", this.port);
		socket.setSoTimeout((int) Duration.ofSeconds(30).toMillis());
		return socket;
	}

	private void send(Socket socket, String method, String session, String body) throws IOException {
		byte[] bytes = (body != null) ? body.getBytes(StandardCharsets.UTF_8) : new byte[0];
		StringBuilder head = new StringBuilder(method + " /mcp HTTP/1.1\r\nHost: 127.0.0.1:" + this.port + "\r\n");
		head.append("Accept: ")
			.append("GET".equals(method) ? "text/event-stream" : "application/json, text/event-stream")
			.append("\r\n");
		if (session != null) {
			head.append("Mcp-Session-Id: ").append(session).append("\r\n");
		}
		if (body != null) {
			head.append("Content-Type: application/json\r\nContent-Length: ").append(bytes.length).append("\r\n");
		}
		head.append("\r\n");
		OutputStream out = socket.getOutputStream();
		out.write(head.toString().getBytes(StandardCharsets.US_ASCII));
		out.write(bytes);
		out.flush();
	}

	/** One whole answer (its head and body, by Content-Length or chunked), as text. */
	private static String readAnswer(Socket socket) throws IOException {
		InputStream in = socket.getInputStream();
		String head = readHead(in);
		Matcher length = Pattern.compile("(?im)^Content-Length:\\s*(\\d+)").matcher(head);
		if (length.find()) {
			return head + new String(in.readNBytes(Integer.parseInt(length.group(1))), StandardCharsets.UTF_8);
		}
		if (!head.toLowerCase().contains("transfer-encoding: chunked")) {
			return head;
		}
		ByteArrayOutputStream body = new ByteArrayOutputStream();
		for (int size = Integer.parseInt(readLine(in).strip(), 16); size > 0; size = Integer
			.parseInt(readLine(in).strip(), 16)) {
			body.write(in.readNBytes(size));
			readLine(in);
		}
		readLine(in);
		return head + body.toString(StandardCharsets.UTF_8);
	}

	private static String readHead(InputStream in) throws IOException {
		StringBuilder head = new StringBuilder();
		for (String line = readLine(in); !line.isEmpty(); line = readLine(in)) {
			head.append(line).append('\n');
		}
		return head.toString();
	}

	private static String readLine(InputStream in) throws IOException {
		ByteArrayOutputStream line = new ByteArrayOutputStream();
		for (int b = in.read(); b != '\n'; b = in.read()) {
			if (b < 0) {
				throw new IOException("the connection closed mid-line: " + line);
			}
			if (b != '\r') {
				line.write(b);
			}
		}
		return line.toString(StandardCharsets.ISO_8859_1);
	}

}
