package dev.deskhand.mcp;

import io.modelcontextprotocol.json.jackson3.JacksonMcpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.JSONRPCResponse;
import io.modelcontextprotocol.spec.McpSchema.JSONRPCResponse.JSONRPCError;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The SDK's unknown-tool error is written with the name asked for, and nothing else is
 * touched.
 */
class UnknownToolNamingTests {

	private final ByteFirstJsonMapper mapper = new ByteFirstJsonMapper(
			new JacksonMcpJsonMapper(JsonMapper.builder().build()));

	@Test
	void theSdksUnknownToolErrorNamesTheTool() throws Exception {
		String json = this.mapper.writeValueAsString(sdkUnknownTool("lft_click"));
		assertThat(json).contains("\"code\":-32602", "\"message\":\"unknown tool 'lft_click': see tools/list\"",
				"\"data\":\"Tool not found: lft_click\"", "\"id\":4");
	}

	@Test
	void aNameIsEscapedAndAVeryLongOneShortened() throws Exception {
		String quoted = this.mapper.writeValueAsString(sdkUnknownTool("a\"b\nc"));
		assertThat(quoted).contains("\"message\":\"unknown tool 'a\\\"b\\nc': see tools/list\"");
		JSONRPCResponse named = (JSONRPCResponse) UnknownToolNaming.named(sdkUnknownTool("x".repeat(5000)));
		assertThat(named.error().message()).hasSize("unknown tool '': see tools/list".length() + 101)
			.contains("x".repeat(100) + "…'");
	}

	@Test
	void otherMessagesAreWrittenAsTheyAre() {
		JSONRPCResponse otherInvalidParams = JSONRPCResponse.error(4,
				new JSONRPCError(McpSchema.ErrorCodes.INVALID_PARAMS, "bad", "something else"));
		JSONRPCResponse otherCode = JSONRPCResponse.error(4,
				new JSONRPCError(McpSchema.ErrorCodes.INTERNAL_ERROR, "Internal error", "Tool not found: x"));
		JSONRPCResponse result = new JSONRPCResponse("2.0", 4, java.util.Map.of(), null);
		assertThat(UnknownToolNaming.named(otherInvalidParams)).isSameAs(otherInvalidParams);
		assertThat(UnknownToolNaming.named(otherCode)).isSameAs(otherCode);
		assertThat(UnknownToolNaming.named(result)).isSameAs(result);
		assertThat(UnknownToolNaming.named("text")).isEqualTo("text");
	}

	// As McpAsyncServer answers a tools/call for a tool it does not have (SDK 2.2.0).
	private static JSONRPCResponse sdkUnknownTool(String name) {
		return JSONRPCResponse.error(4, new JSONRPCError(McpSchema.ErrorCodes.INVALID_PARAMS,
				"Unknown tool: invalid_tool_name", "Tool not found: " + name));
	}

}
