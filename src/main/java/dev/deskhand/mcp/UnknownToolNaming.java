package dev.deskhand.mcp;

import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.JSONRPCResponse;
import io.modelcontextprotocol.spec.McpSchema.JSONRPCResponse.JSONRPCError;

/**
 * Writes the MCP SDK's answer to a {@code tools/call} for a tool that does not exist with
 * the name asked for: {@code unknown tool 'foo': see tools/list}. The SDK's message is
 * the spec's example text, {@code Unknown tool: invalid_tool_name}, whatever was asked,
 * with the name only in the error's {@code data}, which most clients do not show; an
 * agent reading it cannot tell which of its calls was wrong. The code stays the SDK's
 * (and the spec's) {@code -32602} Invalid params. Applied by {@link ByteFirstJsonMapper},
 * where every transport writes its messages, so Streamable HTTP, legacy SSE and stdio
 * answer alike.
 */
final class UnknownToolNaming {

	/** The SDK's {@code data}, followed by the name. */
	static final String SDK_DATA_PREFIX = "Tool not found: ";

	/**
	 * The most of a name the message repeats; {@code data} keeps the SDK's whole echo.
	 */
	static final int MAX_NAME = 100;

	private UnknownToolNaming() {
	}

	/**
	 * The message to write: the SDK's unknown-tool error named, anything else as it is.
	 */
	static Object named(Object message) {
		if (!(message instanceof JSONRPCResponse response) || response.error() == null) {
			return message;
		}
		JSONRPCError error = response.error();
		if (error.code() == null || error.code() != McpSchema.ErrorCodes.INVALID_PARAMS
				|| !(error.data() instanceof String data) || !data.startsWith(SDK_DATA_PREFIX)) {
			return message;
		}
		String name = data.substring(SDK_DATA_PREFIX.length());
		String shown = (name.codePointCount(0, name.length()) > MAX_NAME)
				? name.substring(0, name.offsetByCodePoints(0, MAX_NAME)) + "…" : name;
		return new JSONRPCResponse(response.jsonrpc(), response.id(), null,
				new JSONRPCError(error.code(), "unknown tool '" + shown + "': see tools/list", data));
	}

}
