package dev.deskhand.mcp;

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
 */
@ConfigurationProperties("deskhand.mcp")
public record McpProperties(@DefaultValue("true") boolean legacySse, @DefaultValue("2MB") DataSize maxRequestSize) {

	public McpProperties {
		if (maxRequestSize.toBytes() <= 0 || maxRequestSize.toBytes() > Integer.MAX_VALUE - 8) {
			throw new IllegalArgumentException("deskhand.mcp.max-request-size must be positive and under 2GB");
		}
	}

}
