package dev.deskhand.mcp;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;

/**
 * One Streamable HTTP session spoken in raw JSON-RPC: what the SDK clients cannot do,
 * such as cancelling a call in flight ({@code notifications/cancelled}).
 */
public final class RawMcpSession implements AutoCloseable {

	private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

	private final int port;

	private final String session;

	private RawMcpSession(int port, String session) {
		this.port = port;
		this.session = session;
	}

	/** Initializes a session (without elicitation) named {@code client}. */
	public static RawMcpSession open(int port, String client) {
		RawMcpSession unopened = new RawMcpSession(port, null);
		HttpResponse<String> init = unopened.post("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":"
				+ "{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"" + client
				+ "\",\"version\":\"1\"}}}");
		if (init.statusCode() != 200) {
			throw new IllegalStateException("initialize answered " + init.statusCode() + ": " + init.body());
		}
		RawMcpSession session = new RawMcpSession(port, init.headers().firstValue("Mcp-Session-Id").orElseThrow());
		session.post("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
		return session;
	}

	/** Calls a tool; the answer's body (JSON or SSE) when the call ends. */
	public CompletableFuture<String> call(int id, String tool, String argumentsJson) {
		return this.http.sendAsync(
				request().POST(HttpRequest.BodyPublishers
					.ofString("{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"tools/call\",\"params\":{\"name\":\""
							+ tool + "\",\"arguments\":" + argumentsJson + "}}"))
					.build(),
				HttpResponse.BodyHandlers.ofString())
			.thenApply(HttpResponse::body);
	}

	/**
	 * Calls a tool on a connection of its own, whose answer nobody reads: closing the
	 * returned socket is a client hanging up on its call.
	 */
	public Socket callOnItsOwnConnection(int id, String tool, String argumentsJson) {
		byte[] body = ("{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"tools/call\",\"params\":{\"name\":\"" + tool
				+ "\",\"arguments\":" + argumentsJson + "}}")
			.getBytes(StandardCharsets.UTF_8);
		String head = "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:" + this.port + "\r\nContent-Type: application/json\r\n"
				+ "Accept: application/json, text/event-stream\r\nMcp-Session-Id: " + this.session + "\r\n"
				+ "Content-Length: " + body.length + "\r\n\r\n";
		try {
			Socket socket = new Socket("127.0.0.1", this.port);
			OutputStream out = socket.getOutputStream();
			out.write(head.getBytes(StandardCharsets.US_ASCII));
			out.write(body);
			out.flush();
			return socket;
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/** {@code notifications/cancelled} for the call of that id; the HTTP status. */
	public int cancel(int id, String reason) {
		return post("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{\"requestId\":" + id
				+ ",\"reason\":\"" + reason + "\"}}")
			.statusCode();
	}

	/** Ends the session ({@code DELETE /mcp}); the HTTP status. */
	public int delete() {
		try {
			return this.http.send(request().DELETE().build(), HttpResponse.BodyHandlers.discarding()).statusCode();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	public String id() {
		return this.session;
	}

	@Override
	public void close() {
		delete();
	}

	private HttpResponse<String> post(String body) {
		try {
			return this.http.send(request().POST(HttpRequest.BodyPublishers.ofString(body)).build(),
					HttpResponse.BodyHandlers.ofString());
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	private HttpRequest.Builder request() {
		HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + this.port + "/mcp"))
			.header("Content-Type", "application/json")
			.header("Accept", "application/json, text/event-stream")
			.timeout(Duration.ofSeconds(120));
		return (this.session != null) ? builder.header("Mcp-Session-Id", this.session) : builder;
	}

}
