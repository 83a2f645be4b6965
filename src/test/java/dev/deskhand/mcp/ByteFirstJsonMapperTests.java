package dev.deskhand.mcp;

import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Random;

import io.modelcontextprotocol.json.jackson3.JacksonMcpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

/** The byte-first mapper writes exactly the text Jackson's String writer does. */
class ByteFirstJsonMapperTests {

	private final JacksonMcpJsonMapper jackson = new JacksonMcpJsonMapper(JsonMapper.builder().build());

	private final ByteFirstJsonMapper mapper = new ByteFirstJsonMapper(this.jackson);

	@Test
	void writesTheSameTextAsJacksonsStringWriter() throws Exception {
		byte[] png = new byte[300_000];
		new Random(3).nextBytes(png);
		McpSchema.CallToolResult result = McpSchema.CallToolResult.builder()
			.content(List.of(new McpSchema.ImageContent(null, Base64.getEncoder().encodeToString(png), "image/png"),
					// non-ASCII, escapes and a line break: the decode must be UTF-8, not
					// Latin-1
					new McpSchema.TextContent("Grüße \"日本語\" ✓ 😀\n\ttab")))
			.isError(false)
			.build();
		McpSchema.JSONRPCResponse response = new McpSchema.JSONRPCResponse("2.0", 7, result, null);
		assertThat(this.mapper.writeValueAsString(response)).isEqualTo(this.jackson.writeValueAsString(response));
	}

	@Test
	void readsWhatItWrites() throws Exception {
		String json = this.mapper.writeValueAsString(Map.of("title", "Ελληνικά"));
		assertThat(this.mapper.readValue(json, Map.class)).containsEntry("title", "Ελληνικά");
	}

}
