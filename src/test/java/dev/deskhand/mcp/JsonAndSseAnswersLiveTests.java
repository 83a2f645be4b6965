package dev.deskhand.mcp;

import java.awt.image.BufferedImage;
import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import javax.imageio.ImageIO;

import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpClientTransport;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.CallToolRequest;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalManagementPort;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import dev.deskhand.testing.OperatorApi;
import dev.deskhand.testing.Pointer;
import dev.deskhand.testing.ScreenRect;
import dev.deskhand.testing.TestDesktop;
import dev.deskhand.testing.witness.WitnessWindow;

import static dev.deskhand.mcp.McpTestClients.call;
import static dev.deskhand.mcp.McpTestClients.text;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * How {@code /mcp} answers a request (deskhand.mcp.json-responses, on): one
 * {@code application/json} body when the server sends nothing else for it, an SSE stream
 * when the request asks for progress or when the server must send something first (an
 * elicitation). Seen on the wire by a raw HTTP client, and through the MCP Java SDK
 * client on both its transports (the SDK's JDK HttpClient one and Spring AI's WebClient
 * one), with the pointer ({@code xdotool}) and a Swing witness as independent witnesses
 * of what the calls did. The legacy SSE transport is unchanged.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "management.server.port=0", "deskhand.display.managed=false", "deskhand.audit.enabled=false",
				"deskhand.approval.policies.pointer=ask", "deskhand.approval.policies.keyboard=allow",
				"deskhand.approval.ask-timeout=30s",
				"deskhand.security.operator-token=" + JsonAndSseAnswersLiveTests.OPERATOR_TOKEN })
class JsonAndSseAnswersLiveTests {

	static final String OPERATOR_TOKEN = "json-sse-operator-token";

	static final String BOTH = "application/json, text/event-stream";

	private static final Duration WAIT = Duration.ofSeconds(20);

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private static WitnessWindow witness;

	@LocalServerPort
	private int port;

	@LocalManagementPort
	private int managementPort;

	@DynamicPropertySource
	static void display(DynamicPropertyRegistry registry) {
		registry.add("deskhand.display.name", () -> TestDesktop.shared().display());
	}

	@BeforeAll
	static void openWitness() {
		witness = WitnessWindow.open(TestDesktop.shared(), "Deskhand JSON and SSE witness", 320, 240, 700, 420);
	}

	@AfterAll
	static void closeWitness() {
		if (witness != null) {
			witness.close();
		}
	}

	@BeforeEach
	void freshSessions() {
		// each test asks for its approval anew
		new OperatorApi(this.managementPort, OPERATOR_TOKEN).revokeAllSessions();
		witness.focus();
		witness.clearEvents();
	}

	// --- raw HTTP: what is on the wire

	@Test
	void aScreenshotIsOneJsonBodyWithItsLength() {
		Raw raw = Raw.open(this.port, false);
		HttpResponse<byte[]> answer = raw.post(toolsCall(11, "screenshot", "{}", null));

		assertThat(answer.statusCode()).isEqualTo(200);
		assertThat(answer.headers().firstValue("Content-Type")).hasValue("application/json");
		assertThat(answer.headers().firstValueAsLong("Content-Length")).hasValue(answer.body().length);
		JsonNode message = JSON.readTree(answer.body());
		assertThat(message.path("id").asInt()).isEqualTo(11);
		assertPng(message);
		// other requests too: tools/list, ping
		HttpResponse<byte[]> tools = raw.post("{\"jsonrpc\":\"2.0\",\"id\":12,\"method\":\"tools/list\"}");
		assertThat(tools.headers().firstValue("Content-Type")).hasValue("application/json");
		assertThat(JSON.readTree(tools.body()).path("result").path("tools").size()).isGreaterThan(10);
		HttpResponse<byte[]> ping = raw.post("{\"jsonrpc\":\"2.0\",\"id\":13,\"method\":\"ping\"}");
		assertThat(ping.headers().firstValue("Content-Type")).hasValue("application/json");
		assertThat(JSON.readTree(ping.body()).path("id").asInt()).isEqualTo(13);
		raw.close();
	}

	@Test
	void aRequestWithAProgressTokenIsAnsweredAsAStreamThatCarriesItsProgress() {
		Raw raw = Raw.open(this.port, false);
		HttpResponse<byte[]> screenshot = raw.post(toolsCall(21, "screenshot", "{}", "shot"));
		assertThat(screenshot.headers().firstValue("Content-Type"))
			.hasValueSatisfying((type) -> assertThat(type).startsWith("text/event-stream"));
		List<JsonNode> events = Raw.events(screenshot.body());
		assertThat(events).singleElement().satisfies((event) -> {
			assertThat(event.path("id").asInt()).isEqualTo(21);
			assertPng(event);
		});

		// a wait reports its progress: notifications first, in the same stream, then the
		// result
		HttpResponse<byte[]> wait = raw.post(toolsCall(22, "wait", "{\"duration\":1.2}", "waiting"));
		assertThat(wait.headers().firstValue("Content-Type"))
			.hasValueSatisfying((type) -> assertThat(type).startsWith("text/event-stream"));
		List<JsonNode> waited = Raw.events(wait.body());
		assertThat(waited).hasSizeGreaterThanOrEqualTo(2);
		assertThat(waited.subList(0, waited.size() - 1)).allSatisfy((event) -> {
			assertThat(event.path("method").asString()).isEqualTo("notifications/progress");
			assertThat(event.path("params").path("progressToken").asString()).isEqualTo("waiting");
		});
		assertThat(waited.get(waited.size() - 1).path("id").asInt()).isEqualTo(22);
		assertThat(waited.get(waited.size() - 1).path("result").path("isError").asBoolean(false)).isFalse();
		raw.close();
	}

	@Test
	void aCallThatAsksTheHumanSwitchesToAStreamAtTheQuestion() throws Exception {
		Raw raw = Raw.open(this.port, true);
		Point target = witnessPoint(0.3, 0.4);
		// left_click needs a human's approval here (pointer: ask): the first message for
		// it is the elicitation, so the answer is a stream, read while it is open
		CompletableFuture<List<JsonNode>> stream = raw.stream(toolsCall(31, "left_click",
				"{\"coordinate\":[" + target.imageX() + "," + target.imageY() + "]}", null));
		JsonNode question = raw.awaitEvent((event) -> "elicitation/create".equals(event.path("method").asString()));
		assertThat(raw.streamType()).startsWith("text/event-stream");
		assertThat(witness.events()).noneMatch((e) -> e.startsWith("PRESS button"));

		HttpResponse<byte[]> approved = raw.post("{\"jsonrpc\":\"2.0\",\"id\":" + question.path("id")
				+ ",\"result\":{\"action\":\"accept\",\"content\":{\"decision\":\"approve\",\"scope\":\"once\"}}}");
		assertThat(approved.statusCode()).isEqualTo(202);
		List<JsonNode> events = stream.get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
		JsonNode result = events.get(events.size() - 1);
		assertThat(result.path("id").asInt()).isEqualTo(31);
		assertThat(result.path("result").path("isError").asBoolean(false)).as(result.toString()).isFalse();
		String release = witness.awaitEvent((e) -> e.startsWith("RELEASE button=1 "), WAIT);
		Map<String, String> at = WitnessWindow.fields(release);
		assertThat(target.hit(Integer.parseInt(at.get("x")), Integer.parseInt(at.get("y")))).as(release).isTrue();
		raw.close();
	}

	@Test
	void aForeignOriginIsRefusedBeforeTheCallRuns() {
		Raw raw = Raw.open(this.port, false);
		String press = toolsCall(41, "key", "{\"text\":\"a\"}", null);
		assertThat(raw.post(press, "Origin", "http://evil.example").statusCode()).isEqualTo(403);
		assertThat(witness.events()).noneMatch((e) -> e.startsWith("KEY"));
		// the same call from the client itself runs, answered as JSON
		HttpResponse<byte[]> pressed = raw.post(press);
		assertThat(pressed.headers().firstValue("Content-Type")).hasValue("application/json");
		witness.awaitEvent((e) -> e.startsWith("KEYDOWN"), WAIT);
		raw.close();
	}

	@Test
	void anEndedSessionIsNotFound() {
		Raw raw = Raw.open(this.port, false);
		raw.close();
		assertThat(raw.post(toolsCall(51, "screenshot", "{}", null)).statusCode()).isEqualTo(404);
	}

	// --- the MCP Java SDK client, both transports

	@Test
	void theJavaSdkClientGetsJsonAndStreamsOnTheJdkHttpClientTransport() {
		sdkClientGetsJsonAndStreams(
				HttpClientStreamableHttpTransport.builder("http://127.0.0.1:" + this.port).endpoint("/mcp").build());
	}

	@Test
	void theJavaSdkClientGetsJsonAndStreamsOnTheWebClientTransport() {
		sdkClientGetsJsonAndStreams(
				McpTestClients.webClientTransport(this.port, McpTestClients.screenshotSizedWebClient()));
	}

	/**
	 * A screenshot answered as JSON, the same with a progress token answered as SSE, a
	 * wait's progress, and a pointer move whose approval (an elicitation) turns its
	 * answer into a stream: the client answers it, and the pointer moves.
	 */
	private void sdkClientGetsJsonAndStreams(McpClientTransport transport) {
		List<McpSchema.ProgressNotification> progress = new CopyOnWriteArrayList<>();
		List<String> asked = new CopyOnWriteArrayList<>();
		McpSyncClient client = McpClient.sync(transport)
			.clientInfo(new McpSchema.Implementation("json-sse-test", "1.0"))
			.requestTimeout(Duration.ofSeconds(60))
			.capabilities(McpSchema.ClientCapabilities.builder().elicitation().build())
			.elicitation((request) -> {
				asked.add(request.message());
				return McpTestClients.answer("approve", "once");
			})
			.progressConsumer(progress::add)
			.build();
		try {
			client.initialize();
			assertThat(client.listTools().tools()).extracting(McpSchema.Tool::name)
				.contains("screenshot", "mouse_move", "wait");

			assertThat(McpTestClients.image(call(client, "screenshot", Map.of())).getWidth()).isEqualTo(1280);
			CallToolResult streamed = client.callTool(
					CallToolRequest.builder().name("screenshot").arguments(Map.of()).progressToken("shot").build());
			assertThat(McpTestClients.image(streamed).getHeight()).isEqualTo(720);

			CallToolResult waited = client.callTool(CallToolRequest.builder()
				.name("wait")
				.arguments(Map.of("duration", 1.2))
				.progressToken("waiting")
				.build());
			assertThat(waited.isError()).as(text(waited)).isNotEqualTo(Boolean.TRUE);
			assertThat(progress).isNotEmpty().allSatisfy((n) -> assertThat(n.progressToken()).isEqualTo("waiting"));

			Point target = witnessPoint(0.6, 0.5);
			CallToolResult moved = call(client, "mouse_move", Map.of("coordinate", target.image()));
			assertThat(moved.isError()).as(text(moved)).isNotEqualTo(Boolean.TRUE);
			assertThat(asked).singleElement().asString().contains("mouse_move");
			Pointer at = TestDesktop.shared().pointerLocation();
			assertThat(target.hit(at.x(), at.y())).as("pointer at " + at + ", sent to " + target.image()).isTrue();
		}
		finally {
			client.closeGracefully();
		}
	}

	@Test
	void theLegacySseTransportStillAnswersOnItsStream() {
		McpSyncClient client = McpTestClients.sse(this.port);
		try {
			assertThat(client.listTools().tools()).extracting(McpSchema.Tool::name).contains("screenshot");
			assertThat(McpTestClients.image(call(client, "screenshot", Map.of())).getWidth()).isEqualTo(1280);
		}
		finally {
			client.closeGracefully();
		}
	}

	// --- helpers

	/**
	 * A point well inside the witness window, in screen pixels and in the image pixels
	 * Deskhand takes (1920x1080 screen, 1280x720 screenshots).
	 */
	private record Point(int screenX, int screenY) {

		private static final double SCALE = 1.5;

		int imageX() {
			return (int) (this.screenX / SCALE);
		}

		int imageY() {
			return (int) (this.screenY / SCALE);
		}

		List<Integer> image() {
			return List.of(imageX(), imageY());
		}

		/** Within one image pixel: Deskhand's rounding. */
		boolean hit(int x, int y) {
			return Math.abs(x / SCALE - imageX()) <= 1 && Math.abs(y / SCALE - imageY()) <= 1;
		}

	}

	private Point witnessPoint(double fx, double fy) {
		ScreenRect area = witness.reportedBounds();
		return new Point(area.x() + (int) (area.width() * fx), area.y() + (int) (area.height() * fy));
	}

	private static String toolsCall(int id, String tool, String arguments, String progressToken) {
		String meta = (progressToken != null) ? ",\"_meta\":{\"progressToken\":\"" + progressToken + "\"}" : "";
		return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"tools/call\",\"params\":{\"name\":\"" + tool
				+ "\",\"arguments\":" + arguments + meta + "}}";
	}

	private static void assertPng(JsonNode message) {
		JsonNode image = null;
		for (JsonNode block : message.path("result").path("content")) {
			if ("image".equals(block.path("type").asString())) {
				image = block;
			}
		}
		assertThat(image).as("an image block in " + message.toString().substring(0, 200)).isNotNull();
		assertThat(image.path("mimeType").asString()).isEqualTo("image/png");
		try {
			BufferedImage png = ImageIO
				.read(new ByteArrayInputStream(Base64.getDecoder().decode(image.path("data").asString())));
			assertThat(png.getWidth()).isEqualTo(1280);
			assertThat(png.getHeight()).isEqualTo(720);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * One MCP session over plain HTTP: every message as written here, every answer as the
	 * server sent it.
	 */
	static final class Raw {

		private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

		private final int port;

		private String session;

		private final java.util.concurrent.BlockingQueue<JsonNode> arrived = new java.util.concurrent.LinkedBlockingQueue<>();

		private volatile String streamType;

		private Raw(int port) {
			this.port = port;
		}

		/** Initialized, declaring elicitation when asked to. */
		static Raw open(int port, boolean elicitation) {
			Raw raw = new Raw(port);
			HttpResponse<byte[]> initialized = raw.post("""
					{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18",\
					"capabilities":{%s},"clientInfo":{"name":"raw","version":"1"}}}"""
				.formatted(elicitation ? "\"elicitation\":{}" : ""));
			assertThat(initialized.statusCode()).isEqualTo(200);
			raw.session = initialized.headers().firstValue("Mcp-Session-Id").orElseThrow();
			assertThat(raw.post("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}").statusCode())
				.isEqualTo(202);
			return raw;
		}

		private HttpRequest request(String body) {
			HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + this.port + "/mcp"))
				.timeout(WAIT)
				.header("Content-Type", "application/json")
				.header("Accept", BOTH)
				.header("MCP-Protocol-Version", "2025-06-18")
				.POST(HttpRequest.BodyPublishers.ofString(body));
			if (this.session != null) {
				request.header("Mcp-Session-Id", this.session);
			}
			return request.build();
		}

		HttpResponse<byte[]> post(String body) {
			return send(request(body));
		}

		/** With one more header, e.g. a browser's Origin. */
		HttpResponse<byte[]> post(String body, String header, String value) {
			return send(HttpRequest.newBuilder(request(body), (name, v) -> true).setHeader(header, value).build());
		}

		private HttpResponse<byte[]> send(HttpRequest request) {
			try {
				return this.http.send(request, HttpResponse.BodyHandlers.ofByteArray());
			}
			catch (IOException ex) {
				throw new UncheckedIOException(ex);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				throw new IllegalStateException(ex);
			}
		}

		/**
		 * Posts a request whose answer is read line by line while it arrives; each
		 * event's message is also offered to {@link #awaitEvent}. Completes with every
		 * message once the answer ends.
		 */
		CompletableFuture<List<JsonNode>> stream(String body) {
			return this.http.sendAsync(request(body), HttpResponse.BodyHandlers.ofInputStream())
				.thenApply((response) -> {
					this.streamType = response.headers().firstValue("Content-Type").orElse("");
					List<JsonNode> messages = new ArrayList<>();
					try (BufferedReader lines = new BufferedReader(
							new InputStreamReader(response.body(), StandardCharsets.UTF_8))) {
						StringBuilder data = new StringBuilder();
						for (String line = lines.readLine(); line != null; line = lines.readLine()) {
							if (line.startsWith("data:")) {
								data.append(line.substring(5).strip());
							}
							else if (line.isEmpty() && data.length() > 0) {
								JsonNode message = JSON.readTree(data.toString());
								messages.add(message);
								this.arrived.add(message);
								data.setLength(0);
							}
						}
					}
					catch (IOException ex) {
						throw new UncheckedIOException(ex);
					}
					return messages;
				});
		}

		String streamType() {
			return this.streamType;
		}

		JsonNode awaitEvent(java.util.function.Predicate<JsonNode> match) throws InterruptedException {
			long deadline = System.nanoTime() + WAIT.toNanos();
			while (true) {
				JsonNode next = this.arrived.poll(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
				if (next == null) {
					throw new AssertionError("no such event within " + WAIT);
				}
				if (match.test(next)) {
					return next;
				}
			}
		}

		/** The messages of a whole SSE answer, in order. */
		static List<JsonNode> events(byte[] body) {
			List<JsonNode> messages = new ArrayList<>();
			StringBuilder data = new StringBuilder();
			for (String line : new String(body, StandardCharsets.UTF_8).split("\n", -1)) {
				if (line.startsWith("data:")) {
					data.append(line.substring(5).strip());
				}
				else if (line.isBlank() && data.length() > 0) {
					messages.add(JSON.readTree(data.toString()));
					data.setLength(0);
				}
			}
			return messages;
		}

		void close() {
			try {
				this.http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + this.port + "/mcp"))
					.header("Mcp-Session-Id", this.session)
					.DELETE()
					.build(), HttpResponse.BodyHandlers.discarding());
			}
			catch (IOException ex) {
				throw new UncheckedIOException(ex);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		}

	}

}
