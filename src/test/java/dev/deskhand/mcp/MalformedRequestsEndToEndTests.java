package dev.deskhand.mcp;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import dev.deskhand.testing.TestDesktop;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What a careless or hostile client gets for a malformed request, on Streamable HTTP
 * ({@code /mcp}) and legacy SSE ({@code /mcp/message}): a small JSON-RPC error or a 4xx
 * with a fixed message, never a 5xx, never a serialized Java exception, and no stack
 * trace in the log. Every case is sent to a live session, so the transport and the server
 * session see it, not only a gate in front of them.
 */
@ExtendWith(OutputCaptureExtension.class)
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "management.server.port=0", "deskhand.display.managed=false", "deskhand.audit.enabled=false",
				"deskhand.security.operator-token=malformed-requests-operator-token" })
class MalformedRequestsEndToEndTests {

	private static final int MAX_BODY = 2048;

	private static final Duration ANSWER = Duration.ofSeconds(10);

	private static final String BOTH = "application/json, text/event-stream";

	private static final String PING = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}";

	private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

	@LocalServerPort
	private int port;

	@DynamicPropertySource
	static void display(DynamicPropertyRegistry registry) {
		registry.add("deskhand.display.name", () -> TestDesktop.shared().display());
	}

	/** A message body a client might send, with a name for the failure report. */
	record Body(String name, String json) {
	}

	static List<Body> bodies() {
		return List.of(new Body("malformed JSON", "{\"jsonrpc\":\"2.0\",\"id\":1,"), new Body("empty body", ""),
				new Body("JSON null", "null"), new Body("JSON string", "\"ping\""), new Body("JSON number", "42"),
				new Body("JSON boolean", "true"), new Body("empty object", "{}"), new Body("empty batch", "[]"),
				new Body("batch", "[" + PING + "]"), new Body("no jsonrpc", "{\"id\":1,\"method\":\"ping\"}"),
				new Body("jsonrpc 1.0", "{\"jsonrpc\":\"1.0\",\"id\":1,\"method\":\"ping\"}"),
				new Body("jsonrpc number", "{\"jsonrpc\":2,\"id\":1,\"method\":\"ping\"}"),
				new Body("method number", "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":5}"),
				new Body("id object", "{\"jsonrpc\":\"2.0\",\"id\":{},\"method\":\"ping\"}"),
				new Body("id array", "{\"jsonrpc\":\"2.0\",\"id\":[1],\"method\":\"ping\"}"),
				new Body("response with unknown id", "{\"jsonrpc\":\"2.0\",\"id\":\"nobody-asked\",\"result\":{}}"),
				new Body("error response with unknown id",
						"{\"jsonrpc\":\"2.0\",\"id\":991,\"error\":{\"code\":-1,\"message\":\"x\"}}"),
				new Body("response without id", "{\"jsonrpc\":\"2.0\",\"result\":{}}"),
				new Body("unknown method", "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"no/such\"}"),
				new Body("params array", "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":[1]}"),
				new Body("params string", "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\",\"params\":\"x\"}"),
				toolCall("arguments array", "[1,2]"), toolCall("arguments string", "\"x\""),
				toolCall("arguments number", "3"), toolCall("arguments boolean", "true"),
				new Body("tools/call without name",
						"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"arguments\":{}}}"),
				new Body("tools/call name number",
						"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":7}}"),
				new Body("notification with params array",
						"{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":[1]}"),
				new Body("deep nesting", "[".repeat(5000) + "]".repeat(5000)),
				new Body("initialize params array",
						"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":[]}"),
				new Body("initialize params null",
						"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":null}"));
	}

	private static Body toolCall(String name, String arguments) {
		return new Body(name, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":"
				+ "{\"name\":\"cursor_position\",\"arguments\":" + arguments + "}}");
	}

	@Test
	void streamableRefusalsAreSmallAndCarryNoInternals(CapturedOutput output) throws Exception {
		String session = openStreamable();
		List<String> failures = new ArrayList<>();
		for (Body body : bodies()) {
			check("POST /mcp " + body.name(), () -> postMcp(session, BOTH, "application/json", body.json()), failures);
		}
		check("POST /mcp invalid UTF-8", () -> send(mcp(session).header("Accept", BOTH)
			.header("Content-Type", "application/json")
			.POST(HttpRequest.BodyPublishers.ofByteArray(new byte[] { '{', '"', (byte) 0xC3, (byte) 0x28, '"', '}' }))),
				failures);
		check("POST /mcp Accept json only", () -> postMcp(session, "application/json", "application/json", PING),
				failures);
		check("POST /mcp no Accept", () -> postMcp(session, null, "application/json", PING), failures);
		check("POST /mcp text/plain", () -> postMcp(session, BOTH, "text/plain", PING), failures);
		check("POST /mcp unknown session", () -> postMcp("no-such-session", BOTH, "application/json", PING), failures);
		check("POST /mcp no session", () -> postMcp(null, BOTH, "application/json", PING), failures);
		check("GET /mcp no Accept", () -> send(mcp(session).GET()), failures);
		check("GET /mcp no session", () -> send(mcp(null).header("Accept", "text/event-stream").GET()), failures);
		check("GET /mcp unknown session",
				() -> send(mcp("no-such-session").header("Accept", "text/event-stream").GET()), failures);
		check("DELETE /mcp no session", () -> send(mcp(null).DELETE()), failures);
		check("DELETE /mcp unknown session", () -> send(mcp("no-such-session").DELETE()), failures);
		String large = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\",\"params\":{\"x\":\"" + "x".repeat(3 << 20)
				+ "\"}}";
		check("POST /mcp 3 MB", () -> assertStatus(413, postMcp(session, BOTH, "application/json", large)), failures);
		check("POST /mcp 3 MB chunked",
				() -> assertStatus(413,
						send(mcp(session).header("Accept", BOTH)
							.header("Content-Type", "application/json")
							.POST(HttpRequest.BodyPublishers.ofInputStream(
									() -> new java.io.ByteArrayInputStream(large.getBytes(StandardCharsets.UTF_8)))))),
				failures);
		check("PUT /mcp", () -> send(mcp(session).PUT(HttpRequest.BodyPublishers.ofString(PING))), failures);
		// The session survived all of it.
		assertThat(postMcp(session, BOTH, "application/json", PING).statusCode()).isEqualTo(200);
		assertThat(failures).isEmpty();
		assertNoStackTraces(output);
	}

	@Test
	void aToolCallWithArgumentsThatAreNotAnObjectIsAnsweredAsThatCallsError() throws Exception {
		String session = openStreamable();
		for (String arguments : List.of("[1,2]", "\"x\"", "3", "true")) {
			HttpResponse<String> answer = postMcp(session, BOTH, "application/json",
					"{\"jsonrpc\":\"2.0\",\"id\":\"call-7\",\"method\":\"tools/call\",\"params\":"
							+ "{\"name\":\"cursor_position\",\"arguments\":" + arguments + "}}");
			// A 4xx is a transport failure to the TypeScript SDK; a 200 with the
			// request's
			// error reaches the call that sent it.
			assertThat(answer.statusCode()).as(arguments).isEqualTo(200);
			assertThat(answer.headers().firstValue("Content-Type"))
				.hasValueSatisfying((type) -> assertThat(type).startsWith("application/json"));
			assertThat(answer.body()).as(arguments)
				.startsWith("{\"jsonrpc\":\"2.0\",\"id\":\"call-7\",\"error\":{\"code\":-32602,")
				.contains("\"arguments\\\" must be an object");
		}
		// Not a request: no id, nobody waits for an answer.
		assertThat(postMcp(session, BOTH, "application/json",
				"{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":[1]}")
			.statusCode()).isEqualTo(400);
	}

	@Test
	void legacyRefusalsAreSmallAndCarryNoInternals(CapturedOutput output) throws Exception {
		String endpoint = openLegacy();
		List<String> failures = new ArrayList<>();
		for (Body body : bodies()) {
			check("POST /mcp/message " + body.name(), () -> postLegacy(endpoint, "application/json", body.json()),
					failures);
		}
		check("POST /mcp/message text/plain", () -> postLegacy(endpoint, "text/plain", PING), failures);
		check("POST /mcp/message unknown session",
				postLegacy("/mcp/message?sessionId=no-such-session", "application/json", PING), failures);
		check("POST /mcp/message no session", () -> postLegacy("/mcp/message", "application/json", PING), failures);
		check("GET /mcp/message", () -> send(request(endpoint).GET()), failures);
		assertThat(postLegacy(endpoint, "application/json", PING).statusCode()).isEqualTo(200);
		assertThat(failures).isEmpty();
		assertNoStackTraces(output);
	}

	private void check(String name, Answer answer, List<String> failures) throws Exception {
		HttpResponse<String> response;
		try {
			response = answer.get();
		}
		catch (AssertionError hang) {
			failures.add(name + " -> " + hang.getMessage());
			return;
		}
		check(name, response, failures);
	}

	/** A request to make, so that a hang is reported with the case's name. */
	interface Answer {

		HttpResponse<String> get() throws Exception;

	}

	private static void check(String name, HttpResponse<String> response, List<String> failures) {
		String body = response.body();
		List<String> problems = new ArrayList<>();
		if (response.statusCode() >= 500) {
			problems.add("status " + response.statusCode());
		}
		if (body.length() > MAX_BODY) {
			problems.add(body.length() + " chars");
		}
		if (body.contains("Exception") || body.contains("at org.") || body.contains("stackTrace")) {
			problems.add("internals");
		}
		if (!problems.isEmpty()) {
			failures.add(name + " -> " + response.statusCode() + " " + problems + ": "
					+ body.substring(0, Math.min(body.length(), 160)));
		}
	}

	private static HttpResponse<String> assertStatus(int expected, HttpResponse<String> response) {
		assertThat(response.statusCode()).as(response.body()).isEqualTo(expected);
		return response;
	}

	private static void assertNoStackTraces(CapturedOutput output) {
		assertThat(output.getOut().lines().filter((line) -> line.startsWith("\tat ")).limit(5))
			.as("stack frames in the log")
			.isEmpty();
	}

	private String openStreamable() throws Exception {
		HttpResponse<String> initialize = postMcp(null, BOTH, "application/json",
				"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
						+ "\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"raw\",\"version\":\"1\"}}}");
		assertThat(initialize.statusCode()).isEqualTo(200);
		String session = initialize.headers().firstValue("Mcp-Session-Id").orElseThrow();
		assertThat(postMcp(session, BOTH, "application/json",
				"{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}")
			.statusCode()).isEqualTo(202);
		return session;
	}

	private String openLegacy() throws Exception {
		Events events = new Events();
		HttpRequest request = request("/sse").header("Accept", "text/event-stream")
			.timeout(Duration.ofSeconds(120))
			.GET()
			.build();
		this.http.sendAsync(request, HttpResponse.BodyHandlers.ofLines()).thenAccept((response) -> {
			try (Stream<String> lines = response.body()) {
				lines.filter((line) -> line.startsWith("data:"))
					.forEach((line) -> events.data.add(line.substring("data:".length()).strip()));
			}
			catch (RuntimeException ex) {
				// closed at the end of the test
			}
		});
		String endpoint = events.await("sessionId=");
		assertThat(postLegacy(endpoint, "application/json",
				"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
						+ "\"2024-11-05\",\"capabilities\":{},\"clientInfo\":{\"name\":\"raw\",\"version\":\"1\"}}}")
			.statusCode()).isEqualTo(200);
		assertThat(postLegacy(endpoint, "application/json",
				"{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}")
			.statusCode()).isEqualTo(200);
		return endpoint;
	}

	private HttpResponse<String> postMcp(String session, String accept, String contentType, String body)
			throws Exception {
		HttpRequest.Builder request = mcp(session).header("Content-Type", contentType)
			.POST(HttpRequest.BodyPublishers.ofString(body));
		if (accept != null) {
			request.header("Accept", accept);
		}
		return send(request);
	}

	private HttpResponse<String> postLegacy(String endpoint, String contentType, String body) throws Exception {
		return send(
				request(endpoint).header("Content-Type", contentType).POST(HttpRequest.BodyPublishers.ofString(body)));
	}

	private HttpRequest.Builder mcp(String session) {
		HttpRequest.Builder request = request("/mcp");
		if (session != null) {
			request.header("Mcp-Session-Id", session);
		}
		return request;
	}

	private HttpRequest.Builder request(String path) {
		return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + this.port + path))
			.timeout(Duration.ofSeconds(10));
	}

	/**
	 * Sends and reads the whole answer. A request's timeout ends at the response headers,
	 * and an SSE answer that never completes would hang the test: the whole answer must
	 * arrive within {@link #ANSWER}.
	 */
	private HttpResponse<String> send(HttpRequest.Builder request) throws Exception {
		HttpRequest built = request.build();
		try {
			return this.http.sendAsync(built, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8))
				.get(ANSWER.toMillis(), TimeUnit.MILLISECONDS);
		}
		catch (TimeoutException ex) {
			throw new AssertionError(built.method() + " " + built.uri() + ": no complete answer within " + ANSWER);
		}
	}

	private static final class Events {

		private final BlockingQueue<String> data = new LinkedBlockingQueue<>();

		String await(String part) throws InterruptedException {
			long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
			while (System.nanoTime() < deadline) {
				String next = this.data.poll(100, TimeUnit.MILLISECONDS);
				if (next != null && next.contains(part)) {
					return next;
				}
			}
			throw new AssertionError("no SSE event with " + part);
		}

	}

}
