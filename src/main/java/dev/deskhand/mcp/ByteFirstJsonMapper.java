package dev.deskhand.mcp;

import java.io.IOException;
import java.nio.charset.StandardCharsets;

import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.json.jackson3.JacksonMcpJsonMapper;
import tools.jackson.databind.json.JsonMapper;

/**
 * The MCP transports' JSON mapper, writing every message through Jackson's UTF-8 byte
 * generator and decoding the bytes once, where Jackson's own {@code writeValueAsString}
 * assembles the text in segments of {@code char}s. The transports want a {@code String},
 * and a screenshot's message is about a megabyte of base64: this way takes about half the
 * time, with the same text (tested; the figures are in docs/performance.md). On the way
 * out, the SDK's unknown-tool error is given the name asked for
 * ({@link UnknownToolNaming}). Reading is delegated.
 */
final class ByteFirstJsonMapper implements McpJsonMapper {

	private final McpJsonMapper delegate;

	ByteFirstJsonMapper(McpJsonMapper delegate) {
		this.delegate = delegate;
	}

	/** The mapper every MCP transport here writes with. */
	static McpJsonMapper forTransports(JsonMapper jsonMapper) {
		return new ByteFirstJsonMapper(new JacksonMcpJsonMapper(jsonMapper));
	}

	@Override
	public String writeValueAsString(Object value) throws IOException {
		// mostly ASCII: the JDK decodes that with a plain copy into a compact Latin-1
		// string
		return new String(writeValueAsBytes(value), StandardCharsets.UTF_8);
	}

	@Override
	public byte[] writeValueAsBytes(Object value) throws IOException {
		return this.delegate.writeValueAsBytes(UnknownToolNaming.named(value));
	}

	@Override
	public <T> T readValue(String content, Class<T> type) throws IOException {
		return this.delegate.readValue(content, type);
	}

	@Override
	public <T> T readValue(byte[] content, Class<T> type) throws IOException {
		return this.delegate.readValue(content, type);
	}

	@Override
	public <T> T readValue(String content, TypeRef<T> type) throws IOException {
		return this.delegate.readValue(content, type);
	}

	@Override
	public <T> T readValue(byte[] content, TypeRef<T> type) throws IOException {
		return this.delegate.readValue(content, type);
	}

	@Override
	public <T> T convertValue(Object value, Class<T> type) {
		return this.delegate.convertValue(value, type);
	}

	@Override
	public <T> T convertValue(Object value, TypeRef<T> type) {
		return this.delegate.convertValue(value, type);
	}

}
