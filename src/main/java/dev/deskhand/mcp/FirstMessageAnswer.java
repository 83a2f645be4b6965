package dev.deskhand.mcp;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import java.util.concurrent.locks.ReentrantLock;

import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpStreamableServerTransport;
import jakarta.servlet.http.HttpServletResponse;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Mono;

/**
 * The answer to one JSON-RPC request posted to {@code /mcp}, chosen by the first message
 * the server sends for it. The request's own result first: one {@code application/json}
 * body with a Content-Length, written in one go. Anything else first (an elicitation
 * request, a notification): a {@code text/event-stream} from that message on, each event
 * flushed as it is sent, the result last, as Spring AI's transport always answers.
 * Streamable HTTP lets the server pick either for each request.
 */
final class FirstMessageAnswer implements McpStreamableServerTransport {

	private static final Logger logger = LoggerFactory.getLogger(FirstMessageAnswer.class);

	static final String JSON = "application/json";

	static final String EVENT_STREAM = "text/event-stream";

	private static final byte[] DATA = "data: ".getBytes(StandardCharsets.US_ASCII);

	private final HttpServletResponse response;

	private final Object requestId;

	private final String sessionId;

	private final McpJsonMapper json;

	// The tool's thread sends the result, another thread may send a notification at the
	// same time: one message is written whole before the next starts.
	private final ReentrantLock lock = new ReentrantLock();

	private Kind kind = Kind.UNDECIDED;

	private boolean closed;

	enum Kind {

		UNDECIDED, JSON, EVENT_STREAM

	}

	FirstMessageAnswer(HttpServletResponse response, Object requestId, String sessionId, McpJsonMapper json) {
		this.response = response;
		this.requestId = requestId;
		this.sessionId = sessionId;
		this.json = json;
	}

	/** How the request was answered so far. */
	Kind kind() {
		this.lock.lock();
		try {
			return this.kind;
		}
		finally {
			this.lock.unlock();
		}
	}

	@Override
	public Mono<Void> sendMessage(McpSchema.JSONRPCMessage message) {
		return sendMessage(message, null);
	}

	@Override
	public Mono<Void> sendMessage(McpSchema.JSONRPCMessage message, String messageId) {
		return Mono.fromCallable(() -> {
			write(message, messageId);
			return null;
		});
	}

	private void write(McpSchema.JSONRPCMessage message, String messageId) throws IOException {
		this.lock.lock();
		try {
			if (this.closed || this.kind == Kind.JSON) {
				// as Spring AI's transport does with a message after the stream's end
				logger.debug("dropped a message for request {} of session {}: its answer is complete", this.requestId,
						this.sessionId);
				return;
			}
			if (this.kind == Kind.UNDECIDED && isResult(message)) {
				this.kind = Kind.JSON;
				this.response.setStatus(HttpServletResponse.SC_OK);
				this.response.setContentType(JSON);
				// a screenshot's base64 straight from its string, not through the mapper
				ImageDataSplice spliced = ImageDataSplice.of(message, this.json);
				if (spliced != null) {
					this.response.setContentLengthLong(spliced.length());
					spliced.writeTo(this.response.getOutputStream());
					return;
				}
				byte[] bytes = this.json.writeValueAsBytes(message);
				this.response.setContentLength(bytes.length);
				this.response.getOutputStream().write(bytes);
				return;
			}
			byte[] bytes = this.json.writeValueAsBytes(message);
			if (this.kind == Kind.UNDECIDED) {
				this.kind = Kind.EVENT_STREAM;
				this.response.setStatus(HttpServletResponse.SC_OK);
				this.response.setContentType(EVENT_STREAM);
				this.response.setCharacterEncoding(StandardCharsets.UTF_8.name());
				this.response.setHeader("Cache-Control", "no-cache");
			}
			OutputStream out = this.response.getOutputStream();
			writeEvent(out, (messageId != null) ? messageId : this.sessionId, bytes);
			// an elicitation waits for the client's answer: it must leave now
			this.response.flushBuffer();
		}
		finally {
			this.lock.unlock();
		}
	}

	private boolean isResult(McpSchema.JSONRPCMessage message) {
		return message instanceof McpSchema.JSONRPCResponse answer && Objects.equals(answer.id(), this.requestId);
	}

	/**
	 * One SSE {@code message} event. Compact JSON has no line break (JSON escapes them in
	 * strings), so the data is one line; should it ever hold one, each line gets its own
	 * {@code data:} field, as SSE requires.
	 */
	static void writeEvent(OutputStream out, String id, byte[] data) throws IOException {
		out.write(("id: " + id.replace('\n', ' ').replace('\r', ' ') + "\nevent: message\n")
			.getBytes(StandardCharsets.UTF_8));
		int start = 0;
		for (int i = 0; i < data.length; i++) {
			if (data[i] == '\n' || data[i] == '\r') {
				writeDataLine(out, data, start, i);
				if (data[i] == '\r' && i + 1 < data.length && data[i + 1] == '\n') {
					i++;
				}
				start = i + 1;
			}
		}
		writeDataLine(out, data, start, data.length);
		out.write('\n');
	}

	private static void writeDataLine(OutputStream out, byte[] data, int from, int to) throws IOException {
		out.write(DATA);
		out.write(data, from, to - from);
		out.write('\n');
	}

	@Override
	public <T> T unmarshalFrom(Object data, TypeRef<T> typeRef) {
		return this.json.convertValue(data, typeRef);
	}

	@Override
	public Mono<Void> closeGracefully() {
		return Mono.fromRunnable(this::close);
	}

	@Override
	public void close() {
		this.lock.lock();
		try {
			this.closed = true;
		}
		finally {
			this.lock.unlock();
		}
	}

}
