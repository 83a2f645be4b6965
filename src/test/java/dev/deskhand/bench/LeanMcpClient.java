package dev.deskhand.bench;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A minimal MCP client over Streamable HTTP: blocking HTTP/1.1 on one kept-alive
 * {@link Socket} (TCP_NODELAY), the whole body read at once, SSE events split and the
 * JSON parsed with Jackson.
 * <p>
 * Why a second client next to the official SDK's: the Java SDK 2.0.0 client assembles an
 * SSE {@code data:} line through the JDK's {@code BodySubscribers.fromLineSubscriber},
 * which is quadratic in the line's length (modelcontextprotocol/java-sdk#1042). A
 * screenshot is one ~1 MB line, so through the SDK client most of a screenshot's time is
 * that client's, not Deskhand's; clients in other languages (and this one) read the same
 * bytes in a few milliseconds. The benchmark reports both, so the server's speed and the
 * Java client's cost can be told apart.
 * <p>
 * Why a socket and not the JDK's {@code HttpClient}: that client hands every request and
 * response between the caller's thread and its selector thread, and those hand-offs cost
 * about as much as the small calls themselves. Against a warm Deskhand, a Python
 * {@code http.client} loop saw ping at 1.07 ms and {@code mouse_move} at 1.34 ms p50; the
 * {@code HttpClient}-based version of this client, when Deskhand still ran inside the
 * benchmark's JVM, saw 2.8 and 4.3 ms. Much of that difference is the client's, not
 * Deskhand's. Here the caller's thread writes the request and reads the response itself,
 * as {@code http.client}, curl and most agents' HTTP stacks do.
 * <p>
 * It does the parts of the protocol a real client must do: initialize, the session
 * header, the protocol version header, Content-Length and chunked bodies, keep-alive (a
 * new connection when the server says {@code Connection: close}, as Tomcat does after 100
 * requests on one), SSE framing and JSON parsing. It does nothing else: no TLS, no
 * redirects, no proxies, no server-to-client requests. Not thread-safe: one call at a
 * time.
 */
final class LeanMcpClient implements AutoCloseable {

	private static final String PROTOCOL = "2025-06-18";

	private static final int TIMEOUT_MILLIS = 60_000;

	private final JsonMapper json = JsonMapper.builder().build();

	private final String host;

	private final int port;

	private long ids;

	private String session;

	private Socket socket;

	private InputStream in;

	private OutputStream out;

	private long exchanges;

	private int connections;

	private LeanMcpClient(String host, int port) {
		this.host = host;
		this.port = port;
	}

	static LeanMcpClient connect(int port) {
		LeanMcpClient client = plain(port);
		Map<String, Object> params = new LinkedHashMap<>();
		params.put("protocolVersion", PROTOCOL);
		params.put("capabilities", Map.of());
		params.put("clientInfo", Map.of("name", "deskhand-bench-lean", "version", "1.0"));
		client.request("initialize", params);
		client.notify("notifications/initialized");
		return client;
	}

	/**
	 * A client that has not initialized an MCP session: for the plain JSON endpoints on
	 * the same port ({@link #post}), over the same kind of connection.
	 */
	static LeanMcpClient plain(int port) {
		return new LeanMcpClient("127.0.0.1", port);
	}

	/**
	 * One JSON request to another path of the agents' port (the vendor endpoints), as an
	 * agent loop's HTTP stack sends it.
	 * @param headers extra request headers (e.g. {@code Deskhand-Session})
	 * @return the status, the response headers and the parsed JSON body
	 */
	Posted post(String path, Object body, Map<String, String> headers) {
		Response response = exchange("POST", path, this.json.writeValueAsBytes(body), headers);
		return new Posted(response.status(), response.headers(), this.json.readTree(response.body()));
	}

	/**
	 * A plain JSON answer.
	 *
	 * @param status the HTTP status
	 * @param headers the response headers, names in lower case
	 * @param body the parsed body
	 */
	record Posted(int status, Map<String, String> headers, JsonNode body) {
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
		long id = ++this.ids;
		Map<String, Object> message = new LinkedHashMap<>();
		message.put("jsonrpc", "2.0");
		message.put("id", id);
		message.put("method", method);
		message.put("params", params);
		Response response = exchange("POST", "/mcp", this.json.writeValueAsBytes(message), Map.of());
		if (response.status() != 200) {
			throw new AssertionError(method + ": HTTP " + response.status() + ": " + response.text());
		}
		if (this.session == null) {
			this.session = response.header("mcp-session-id");
		}
		JsonNode reply = reply(response, id);
		if (reply.has("error")) {
			throw new AssertionError(method + " failed: " + reply.get("error"));
		}
		return reply.path("result");
	}

	/**
	 * A notification has no response message: the server answers 202 Accepted, no body.
	 */
	private void notify(String method) {
		Response response = exchange("POST", "/mcp",
				this.json.writeValueAsBytes(Map.of("jsonrpc", "2.0", "method", method)), Map.of());
		if (response.status() / 100 != 2) {
			throw new AssertionError(method + ": HTTP " + response.status() + ": " + response.text());
		}
	}

	// --- HTTP/1.1

	/**
	 * One request and its response; on a kept-alive connection the server closed
	 * meanwhile, once more on a new one.
	 */
	private Response exchange(String method, String path, byte[] body, Map<String, String> headers) {
		byte[] request = request(method, path, body, headers);
		boolean reused = this.socket != null;
		try {
			return send(request);
		}
		catch (StaleConnection ex) {
			disconnect();
			if (!reused) {
				throw new IllegalStateException("MCP request failed: the server closed a new connection at once", ex);
			}
			// the server closed the idle connection before reading this request, so it
			// was not handled: what any keep-alive client does is send it again on a new
			// connection
			return send(request);
		}
	}

	private Response send(byte[] request) {
		this.exchanges++;
		try {
			if (this.socket == null) {
				open();
			}
			this.out.write(request);
			this.out.flush();
			Response response = readResponse();
			if ("close".equalsIgnoreCase(response.header("connection"))) {
				disconnect();
			}
			return response;
		}
		catch (IOException ex) {
			disconnect();
			throw new IllegalStateException("MCP request failed: " + ex, ex);
		}
	}

	/**
	 * Head and body in one array, so that one write sends them: no small segment waits
	 * for the next.
	 */
	private byte[] request(String method, String path, byte[] body, Map<String, String> headers) {
		StringBuilder head = new StringBuilder(256).append(method)
			.append(' ')
			.append(path)
			.append(" HTTP/1.1\r\nHost: ")
			.append(this.host)
			.append(':')
			.append(this.port)
			.append("\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\n")
			.append("Content-Length: ")
			.append(body.length)
			.append("\r\n");
		headers.forEach((name, value) -> head.append(name).append(": ").append(value).append("\r\n"));
		if (this.session != null && "/mcp".equals(path)) {
			head.append("Mcp-Session-Id: ")
				.append(this.session)
				.append("\r\nMCP-Protocol-Version: ")
				.append(PROTOCOL)
				.append("\r\n");
		}
		byte[] headBytes = head.append("\r\n").toString().getBytes(StandardCharsets.US_ASCII);
		byte[] request = Arrays.copyOf(headBytes, headBytes.length + body.length);
		System.arraycopy(body, 0, request, headBytes.length, body.length);
		return request;
	}

	private void open() throws IOException {
		Socket opened = new Socket();
		opened.setTcpNoDelay(true);
		opened.setSoTimeout(TIMEOUT_MILLIS);
		opened.connect(new InetSocketAddress(this.host, this.port), TIMEOUT_MILLIS);
		this.socket = opened;
		this.connections++;
		this.in = new BufferedInputStream(opened.getInputStream(), 64 * 1024);
		this.out = opened.getOutputStream();
	}

	private void disconnect() {
		if (this.socket != null) {
			try {
				this.socket.close();
			}
			catch (IOException ex) {
				// closing a socket we are done with: nothing to do about it
			}
		}
		this.socket = null;
		this.in = null;
		this.out = null;
	}

	private Response readResponse() throws IOException {
		String statusLine = line(true);
		// "HTTP/1.1 200 OK"; a 1xx interim response (none is expected) would be skipped
		String[] status = statusLine.split(" ", 3);
		if (status.length < 2 || !status[0].startsWith("HTTP/1.")) {
			throw new IOException("not an HTTP/1.x status line: " + statusLine);
		}
		int code = Integer.parseInt(status[1]);
		Map<String, String> headers = new HashMap<>();
		for (String line = line(false); !line.isEmpty(); line = line(false)) {
			int colon = line.indexOf(':');
			if (colon > 0) {
				headers.put(line.substring(0, colon).strip().toLowerCase(Locale.ROOT),
						line.substring(colon + 1).strip());
			}
		}
		if (code / 100 == 1) {
			return readResponse();
		}
		byte[] body;
		String length = headers.get("content-length");
		if (code == 204 || code == 304) {
			body = new byte[0];
		}
		else if ("chunked".equalsIgnoreCase(headers.get("transfer-encoding"))) {
			body = chunked();
		}
		else if (length != null) {
			body = this.in.readNBytes(Integer.parseInt(length));
			if (body.length != Integer.parseInt(length)) {
				throw new EOFException("the body ended after " + body.length + " of " + length + " bytes");
			}
		}
		else {
			// neither length nor chunks: the body runs to the end of the connection
			body = this.in.readAllBytes();
			headers.put("connection", "close");
		}
		return new Response(code, headers, body);
	}

	private byte[] chunked() throws IOException {
		ByteArrayOutputStream body = new ByteArrayOutputStream(64 * 1024);
		while (true) {
			String sizeLine = line(false);
			int extension = sizeLine.indexOf(';');
			int size = Integer.parseInt(((extension < 0) ? sizeLine : sizeLine.substring(0, extension)).strip(), 16);
			if (size == 0) {
				// trailers, if any, up to the empty line that ends the message
				while (!line(false).isEmpty()) {
					// skipped
				}
				return body.toByteArray();
			}
			byte[] chunk = this.in.readNBytes(size);
			if (chunk.length != size) {
				throw new EOFException("a chunk ended after " + chunk.length + " of " + size + " bytes");
			}
			body.write(chunk);
			if (!line(false).isEmpty()) {
				throw new IOException("no CRLF after a chunk");
			}
		}
	}

	/**
	 * One CRLF-terminated line of the head, without the CRLF.
	 * @param first whether it is the status line: the end of the stream before its first
	 * byte means the server had closed the connection before this request
	 */
	private String line(boolean first) throws IOException {
		StringBuilder line = new StringBuilder(64);
		while (true) {
			int b = this.in.read();
			if (b < 0) {
				if (first && line.length() == 0) {
					throw new StaleConnection();
				}
				throw new EOFException("the connection closed in the middle of a response");
			}
			if (b == '\n') {
				int end = line.length();
				if (end > 0 && line.charAt(end - 1) == '\r') {
					line.setLength(end - 1);
				}
				return line.toString();
			}
			line.append((char) b);
		}
	}

	/**
	 * The server closed the connection without answering: it was idle there, the request
	 * not read.
	 */
	private static final class StaleConnection extends RuntimeException {

		private static final long serialVersionUID = 1L;

		StaleConnection() {
			super("the server had closed the connection", null, false, false);
		}

	}

	private record Response(int status, Map<String, String> headers, byte[] body) {

		String header(String lowerCaseName) {
			return this.headers.get(lowerCaseName);
		}

		String text() {
			return new String(this.body, StandardCharsets.UTF_8);
		}

	}

	/** How many HTTP requests went over how many connections, for the report. */
	String connectionUse() {
		return this.exchanges + " HTTP requests over " + this.connections + " connections";
	}

	// --- MCP framing

	/**
	 * The JSON-RPC response with this id: the body itself, or one of the SSE events in
	 * it.
	 */
	private JsonNode reply(Response response, long id) {
		String type = response.header("content-type");
		byte[] body = response.body();
		if (type == null || !type.startsWith("text/event-stream")) {
			return this.json.readTree(body);
		}
		// SSE on the bytes: a screenshot's event is one ~1 MB data line; Jackson reads it
		// in place
		Event event = new Event();
		int at = 0;
		while (at < body.length) {
			int end = at;
			while (end < body.length && body[end] != '\n') {
				end++;
			}
			int lineEnd = (end > at && body[end - 1] == '\r') ? end - 1 : end;
			if (lineEnd == at) {
				// an event ends: the response if it carries our id, else a notification
				// to skip
				JsonNode message = event.take();
				if (message != null && message.path("id").asLong(-1) == id) {
					return message;
				}
			}
			else if (startsWith(body, at, lineEnd, "data:")) {
				int from = at + 5;
				if (from < lineEnd && body[from] == ' ') {
					from++;
				}
				event.data(body, from, lineEnd);
			}
			at = end + 1;
		}
		JsonNode message = event.take();
		if (message != null && message.path("id").asLong(-1) == id) {
			return message;
		}
		throw new AssertionError("no response with id " + id + " in the event stream");
	}

	private static boolean startsWith(byte[] bytes, int from, int to, String prefix) {
		if (to - from < prefix.length()) {
			return false;
		}
		for (int i = 0; i < prefix.length(); i++) {
			if (bytes[from + i] != prefix.charAt(i)) {
				return false;
			}
		}
		return true;
	}

	/**
	 * The data lines of one SSE event: the one line kept as a slice, several joined with
	 * newlines.
	 */
	private final class Event {

		private byte[] bytes;

		private int from;

		private int to;

		private ByteArrayOutputStream joined;

		void data(byte[] body, int lineFrom, int lineTo) {
			if (this.bytes == null && this.joined == null) {
				this.bytes = body;
				this.from = lineFrom;
				this.to = lineTo;
				return;
			}
			if (this.joined == null) {
				this.joined = new ByteArrayOutputStream();
				this.joined.write(this.bytes, this.from, this.to - this.from);
				this.bytes = null;
			}
			this.joined.write('\n');
			this.joined.write(body, lineFrom, lineTo - lineFrom);
		}

		/**
		 * @return the event's JSON message, or {@code null} when it had no data; empties
		 * the event
		 */
		JsonNode take() {
			JsonNode message = null;
			if (this.joined != null) {
				message = LeanMcpClient.this.json.readTree(this.joined.toByteArray());
			}
			else if (this.bytes != null) {
				message = LeanMcpClient.this.json.readTree(this.bytes, this.from, this.to - this.from);
			}
			this.bytes = null;
			this.joined = null;
			return message;
		}

	}

	/** Ends the session, as a client that is done should, and closes the connection. */
	@Override
	public void close() {
		try {
			if (this.session != null) {
				exchange("DELETE", "/mcp", new byte[0], Map.of());
			}
		}
		catch (RuntimeException ex) {
			// the server is going away with the benchmark anyway
		}
		finally {
			disconnect();
		}
	}

}
