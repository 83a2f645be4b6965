package dev.deskhand.security;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * MCP over plain HTTP, message by message, as a hostile or careless client sends it: the
 * SDK clients never let a test post into another client's session or send a response it
 * did not receive a request for.
 */
final class RawMcp {

	static final String SESSION_HEADER = "Mcp-Session-Id";

	static final String BOTH = "application/json, text/event-stream";

	private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

	private final int port;

	RawMcp(int port) {
		this.port = port;
	}

	static String initialize(int id) {
		return """
				{"jsonrpc":"2.0","id":%d,"method":"initialize","params":{"protocolVersion":"2025-06-18",\
				"capabilities":{"elicitation":{}},"clientInfo":{"name":"raw","version":"1"}}}""".formatted(id);
	}

	static String initialized() {
		return "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}";
	}

	/**
	 * Posts one message to {@code /mcp}; {@code session} and {@code token} may be null.
	 */
	HttpResponse<String> post(String token, String session, String body) {
		HttpRequest.Builder request = builder("/mcp", token, session).header("Content-Type", "application/json")
			.header("Accept", BOTH)
			.POST(HttpRequest.BodyPublishers.ofString(body));
		return send(request.build());
	}

	HttpResponse<String> send(String method, String path, String token, String session) {
		HttpRequest.Builder request = builder(path, token, session).header("Accept", "text/event-stream")
			.method(method, HttpRequest.BodyPublishers.noBody());
		return send(request.build());
	}

	/** Posts one message to the legacy message endpoint. */
	HttpResponse<String> postLegacy(String token, String endpoint, String body) {
		HttpRequest.Builder request = builder(endpoint, token, null).header("Content-Type", "application/json")
			.POST(HttpRequest.BodyPublishers.ofString(body));
		return send(request.build());
	}

	/**
	 * Posts a request to {@code /mcp} whose answer is an SSE stream, or opens a GET
	 * stream ({@code body} null) at {@code path}.
	 */
	Events stream(String path, String token, String session, String body) {
		HttpRequest.Builder request = builder(path, token, session);
		if (body != null) {
			request.header("Content-Type", "application/json")
				.header("Accept", BOTH)
				.POST(HttpRequest.BodyPublishers.ofString(body));
		}
		else {
			request.header("Accept", "text/event-stream").GET();
		}
		Events events = new Events();
		this.http.sendAsync(request.timeout(Duration.ofSeconds(120)).build(), HttpResponse.BodyHandlers.ofLines())
			.thenAccept((response) -> {
				events.status = response.statusCode();
				// a request answered with one JSON body (the server sent nothing else for
				// it) reads as a stream of that one message
				boolean json = response.headers()
					.firstValue("Content-Type")
					.filter((type) -> type.startsWith("application/json"))
					.isPresent();
				try (Stream<String> lines = response.body()) {
					if (json) {
						events.data.add(lines.collect(Collectors.joining("\n")).strip());
					}
					else {
						lines.filter((line) -> line.startsWith("data:"))
							.forEach((line) -> events.data.add(line.substring("data:".length()).strip()));
					}
				}
				catch (RuntimeException ex) {
					// The stream was closed; the test reads what arrived.
				}
			});
		return events;
	}

	private HttpRequest.Builder builder(String path, String token, String session) {
		HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + this.port + path))
			.timeout(Duration.ofSeconds(20));
		if (token != null) {
			request.header("Authorization", "Bearer " + token);
		}
		if (session != null) {
			request.header(SESSION_HEADER, session);
		}
		return request;
	}

	private HttpResponse<String> send(HttpRequest request) {
		try {
			return this.http.send(request, HttpResponse.BodyHandlers.ofString());
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
	 * The {@code data:} lines of one SSE response, as they arrive, or the one message of
	 * a JSON answer.
	 */
	static final class Events {

		private final BlockingQueue<String> data = new LinkedBlockingQueue<>();

		private volatile int status;

		String await(Predicate<String> match, Duration timeout) {
			long deadline = System.nanoTime() + timeout.toNanos();
			try {
				while (true) {
					long left = deadline - System.nanoTime();
					String next = (left > 0) ? this.data.poll(left, TimeUnit.NANOSECONDS) : null;
					if (next == null) {
						throw new AssertionError(
								"no matching event within " + timeout + " (status " + this.status + ")");
					}
					if (match.test(next)) {
						return next;
					}
				}
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				throw new IllegalStateException(ex);
			}
		}

		/**
		 * @return the next event that arrives within {@code quiet}, or null
		 */
		String poll(Duration quiet) {
			try {
				return this.data.poll(quiet.toNanos(), TimeUnit.NANOSECONDS);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				throw new IllegalStateException(ex);
			}
		}

	}

}
