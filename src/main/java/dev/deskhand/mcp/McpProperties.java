package dev.deskhand.mcp;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

/**
 * {@code deskhand.mcp.*}.
 *
 * @param legacySse also serve the legacy HTTP+SSE transport ({@code GET /sse} +
 * {@code POST /mcp/message}) next to Streamable HTTP at {@code /mcp}, for older clients
 * @param maxRequestSize the largest MCP message body accepted; a larger one is refused
 * with 413 before it is read (from its Content-Length) or as soon as it grows past this
 * (a chunked body). A tool call needs a few hundred KB at most (a long {@code type}
 * text).
 * @param bodyReadTimeout how long a client may take to send a whole message body; a body
 * still incomplete then is refused with 408 and its connection closed. No worker thread
 * waits for a body meanwhile, so a slow client only delays itself.
 * @param maxBufferedBodies how many bytes of message bodies may be buffered at once,
 * across every connection; a read past it is refused with 503 and its connection closed,
 * so clients that stall just under {@code maxRequestSize} cannot fill the heap together
 * @param jsonResponses answer a request posted to {@code /mcp} with one
 * {@code application/json} body when the server sends nothing else for it (no progress
 * asked for, no elicitation, no notification), instead of an SSE stream of one event;
 * off: always SSE, as Spring AI's transport does (see docs/clients.md)
 * @param sessionIdle a Streamable HTTP session that has sent nothing this long ends, as
 * if its client had sent {@code DELETE /mcp}: its id answers 404 from then on (the client
 * opens a new one), and its agent session, grants and lease go
 * @param maxSessions the most Streamable HTTP sessions open at once; an
 * {@code initialize} beyond it is refused with a JSON-RPC error saying so
 */
@ConfigurationProperties("deskhand.mcp")
public record McpProperties(@DefaultValue("true") boolean legacySse, @DefaultValue("2MB") DataSize maxRequestSize,
		@DefaultValue("10s") Duration bodyReadTimeout, @DefaultValue("32MB") DataSize maxBufferedBodies,
		@DefaultValue("true") boolean jsonResponses, @DefaultValue("30m") Duration sessionIdle,
		@DefaultValue("64") int maxSessions) {

	public McpProperties {
		if (bodyReadTimeout.isNegative() || bodyReadTimeout.isZero()) {
			throw new IllegalArgumentException("deskhand.mcp.body-read-timeout must be positive");
		}
		if (maxBufferedBodies.toBytes() < maxRequestSize.toBytes()) {
			throw new IllegalArgumentException(
					"deskhand.mcp.max-buffered-bodies must be at least deskhand.mcp.max-request-size");
		}
		if (sessionIdle.isNegative() || sessionIdle.isZero()) {
			throw new IllegalArgumentException("deskhand.mcp.session-idle must be positive");
		}
		if (maxSessions < 1) {
			throw new IllegalArgumentException("deskhand.mcp.max-sessions must be at least 1");
		}
		if (maxRequestSize.toBytes() <= 0 || maxRequestSize.toBytes() > Integer.MAX_VALUE - 8) {
			throw new IllegalArgumentException("deskhand.mcp.max-request-size must be positive and under 2GB");
		}
	}

}
