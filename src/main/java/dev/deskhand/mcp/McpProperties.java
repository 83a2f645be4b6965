package dev.deskhand.mcp;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * {@code deskhand.mcp.*}.
 *
 * @param legacySse also serve the legacy HTTP+SSE transport ({@code GET /sse} +
 * {@code POST /mcp/message}) next to Streamable HTTP at {@code /mcp}, for older clients
 */
@ConfigurationProperties("deskhand.mcp")
public record McpProperties(@DefaultValue("true") boolean legacySse) {
}
