package dev.deskhand.bench;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A minimal MCP client over Streamable HTTP: JSON-RPC over the JDK's HttpClient, the whole body
 * read at once, SSE events split and the JSON parsed with Jackson.
 * <p>
 * Why a second client next to the official SDK's: the Java SDK 2.0.0 client assembles an SSE
 * {@code data:} line through the JDK's {@code BodySubscribers.fromLineSubscriber}, which is
 * quadratic in the line's length (modelcontextprotocol/java-sdk#1042). A screenshot is one ~1 MB
 * line, so through the SDK client most of a screenshot's time is that client's, not Deskhand's;
 * clients in other languages (and this one) read the same bytes in a few milliseconds. The
 * benchmark reports both, so the server's speed and the Java client's cost can be told apart.
 * <p>
 * It does the protocol's parts a real client must (initialize, the session header, the protocol
 * version header, SSE framing, JSON parsing) and nothing else.
 */
final class LeanMcpClient implements AutoCloseable {

	private static final String PROTOCOL = "2025-06-18";

	private final HttpClient http = HttpClient.newBuilder()
		// plain HTTP/1.1: the JDK's default HTTP/2 would first try an h2c upgrade on every connection
		.version(HttpClient.Version.HTTP_1_1)
		.connectTimeout(Duration.ofSeconds(10))
		.build();

	private final JsonMapper json = JsonMapper.builder().build();

	private final URI endpoint;

	private final AtomicLong ids = new AtomicLong();

	private String session;

	private LeanMcpClient(URI endpoint) {
		this.endpoint = endpoint;
	}

	static LeanMcpClient connect(int port) {
		LeanMcpClient client = new LeanMcpClient(URI.create("http://127.0.0.1:" + port + "/mcp"));
		Map<String, Object> params = new LinkedHashMap<>();
		params.put("protocolVersion", PROTOCOL);
		params.put("capabilities", Map.of());
		params.put("clientInfo", Map.of("name", "deskhand-bench-lean", "version", "1.0"));
		client.request("initialize", params);
		client.notify("notifications/initialized");
		return client;
	}

	void ping() {
		request("ping", Map.of());
	}

	/**
	 * @return the call's {@code result}
	 * @throws AssertionError when the call failed or the tool reported an error
	 */
	JsonNode callTool(String name, Map<String, Object> arguments) {
		JsonNode result = request("tools/call", Map.of("name", name, "arguments", arguments));
		if (result.path("isError").asBoolean(false)) {
			throw new AssertionError(name + " returned an error: " + result.path("content"));
		}
		return result;
	}

	private JsonNode request(String method, Object params) {
		long id = this.ids.incrementAndGet();
		Map<String, Object> message = new LinkedHashMap<>();
		message.put("jsonrpc", "2.0");
		message.put("id", id);
		message.put("method", method);
		message.put("params", params);
		HttpResponse<String> response = send(message);
		if (this.session == null) {
			this.session = response.headers().firstValue("Mcp-Session-Id").orElse(null);
		}
		JsonNode reply = reply(response, id);
		if (reply.has("error")) {
			throw new AssertionError(method + " failed: " + reply.get("error"));
		}
		return reply.path("result");
	}

	private void notify(String method) {
		send(Map.of("jsonrpc", "2.0", "method", method));
	}

	private HttpResponse<String> send(Object message) {
		HttpRequest.Builder request = HttpRequest.newBuilder(this.endpoint)
			.timeout(Duration.ofSeconds(60))
			.header("Content-Type", "application/json")
			.header("Accept", "application/json, text/event-stream")
			.POST(HttpRequest.BodyPublishers.ofString(this.json.writeValueAsString(message)));
		if (this.session != null) {
			request.header("Mcp-Session-Id", this.session).header("MCP-Protocol-Version", PROTOCOL);
		}
		try {
			HttpResponse<String> response = this.http.send(request.build(), HttpResponse.BodyHandlers.ofString());
			if (response.statusCode() / 100 != 2) {
				throw new AssertionError("HTTP " + response.statusCode() + ": " + response.body());
			}
			return response;
		}
		catch (IOException ex) {
			throw new IllegalStateException("MCP request failed: " + ex.getMessage(), ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("interrupted", ex);
		}
	}

	/** The JSON-RPC response with this id: the body itself, or one of the SSE events in it. */
	private JsonNode reply(HttpResponse<String> response, long id) {
		String type = response.headers().firstValue("Content-Type").orElse("");
		if (!type.startsWith("text/event-stream")) {
			return this.json.readTree(response.body());
		}
		String body = response.body();
		StringBuilder data = new StringBuilder();
		int at = 0;
		while (at <= body.length()) {
			int end = body.indexOf('\n', at);
			if (end < 0) {
				end = body.length();
			}
			String line = body.substring(at, (end > at && body.charAt(end - 1) == '\r') ? end - 1 : end);
			if (line.isEmpty()) {
				// an event ends: the response if it carries our id, else a notification to skip
				if (data.length() > 0) {
					JsonNode event = this.json.readTree(data.toString());
					if (event.path("id").asLong(-1) == id) {
						return event;
					}
					data.setLength(0);
				}
			}
			else if (line.startsWith("data:")) {
				if (data.length() > 0) {
					data.append('\n');
				}
				data.append(line, line.startsWith("data: ") ? 6 : 5, line.length());
			}
			at = end + 1;
		}
		if (data.length() > 0) {
			JsonNode event = this.json.readTree(data.toString());
			if (event.path("id").asLong(-1) == id) {
				return event;
			}
		}
		throw new AssertionError("no response with id " + id + " in the event stream");
	}

	/** Ends the session, as a client that is done should. */
	@Override
	public void close() {
		if (this.session == null) {
			return;
		}
		try {
			this.http.send(HttpRequest.newBuilder(this.endpoint)
				.timeout(Duration.ofSeconds(10))
				.header("Mcp-Session-Id", this.session)
				.header("MCP-Protocol-Version", PROTOCOL)
				.DELETE()
				.build(), HttpResponse.BodyHandlers.discarding());
		}
		catch (IOException ex) {
			// the server is going away with the test anyway
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

}
