package dev.deskhand.mcp;

import java.util.Set;

import io.modelcontextprotocol.spec.McpSchema;
import tools.jackson.core.JacksonException;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Checks the shape of one MCP message body before the transport reads it. The MCP SDK's
 * transports answer a malformed message with a serialized Java exception (about 25 KB
 * with its stack trace), a 500, or, for a request naming an unknown method, an SSE stream
 * that never ends; what this screen refuses never reaches them. It checks what JSON-RPC
 * 2.0 and MCP fix for every message, not a tool's arguments: those are the tool's.
 */
final class McpMessageScreen {

	/** What kind of message passed. */
	enum Kind {

		REQUEST, NOTIFICATION, RESPONSE

	}

	/**
	 * The screen's answer: the message passed as {@code kind}, or it is refused with a
	 * JSON-RPC error ({@code kind} null).
	 *
	 * @param kind what passed, or null when refused
	 * @param status the HTTP status of a refusal
	 * @param code the JSON-RPC error code of a refusal
	 * @param message the fixed text of a refusal: never an echo of the input
	 * @param id the request's id as JSON when it could be read, else {@code null}
	 */
	record Verdict(Kind kind, int status, int code, String message, String id) {

		static Verdict passed(Kind kind, String id) {
			return new Verdict(kind, 0, 0, null, id);
		}

		static Verdict refused(int status, int code, String message, String id) {
			return new Verdict(null, status, code, message, id);
		}

		boolean isRefused() {
			return this.kind == null;
		}

	}

	private static final JsonMapper json = JsonMapper.builder()
		// The transport's parser keeps the last of two equal keys; refusing them keeps
		// this screen and the transport from reading two different messages.
		.enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
		.build();

	/** An id is echoed in the error; a megabyte of one must not come back. */
	private static final int MAX_ECHOED_ID = 200;

	private McpMessageScreen() {
	}

	/**
	 * @param body the request body as received
	 * @param methods the request methods the server answers, or {@code null} to leave
	 * unknown methods to the transport (the legacy one answers them properly)
	 */
	static Verdict check(byte[] body, Set<String> methods) {
		JsonNode message;
		try {
			message = json.readTree(body);
		}
		catch (JacksonException ex) {
			return Verdict.refused(400, McpSchema.ErrorCodes.PARSE_ERROR, "Parse error: the body is not JSON", null);
		}
		if (message == null || message.isMissingNode()) {
			return Verdict.refused(400, McpSchema.ErrorCodes.PARSE_ERROR, "Parse error: the body is empty", null);
		}
		if (message.isArray()) {
			return invalid("Batches are not supported: send one JSON-RPC message per request", null);
		}
		if (!message.isObject()) {
			return invalid("A JSON-RPC message must be a JSON object", null);
		}
		JsonNode idNode = message.get("id");
		String id = (idNode != null && (idNode.isString() || idNode.isIntegralNumber())) ? idNode.toString() : null;
		if (id != null && id.length() > MAX_ECHOED_ID) {
			return invalid("\"id\" is too long", null);
		}
		JsonNode version = message.get("jsonrpc");
		if (version == null || !version.isString() || !McpSchema.JSONRPC_VERSION.equals(version.asString())) {
			return invalid("\"jsonrpc\" must be \"2.0\"", id);
		}
		if (idNode != null && id == null) {
			return invalid("\"id\" must be a string or an integer", null);
		}
		if (message.has("method")) {
			return request(message, id, methods);
		}
		if (message.has("result") || message.has("error")) {
			return response(message, id);
		}
		return invalid("A JSON-RPC message needs a \"method\", a \"result\" or an \"error\"", id);
	}

	private static Verdict request(JsonNode message, String id, Set<String> methods) {
		JsonNode method = message.get("method");
		if (!method.isString() || method.asString().isEmpty()) {
			return requestError(McpSchema.ErrorCodes.INVALID_REQUEST, "\"method\" must be a non-empty string", id);
		}
		if (message.has("result") || message.has("error")) {
			return requestError(McpSchema.ErrorCodes.INVALID_REQUEST, "A message is a request or a response, not both",
					id);
		}
		JsonNode params = message.get("params");
		if (params != null && !params.isNull() && !params.isObject()) {
			return requestError(McpSchema.ErrorCodes.INVALID_PARAMS, "\"params\" must be an object", id);
		}
		if (id == null) {
			return Verdict.passed(Kind.NOTIFICATION, null);
		}
		String name = method.asString();
		if (McpSchema.METHOD_INITIALIZE.equals(name) && (params == null || !params.isObject())) {
			return requestError(McpSchema.ErrorCodes.INVALID_PARAMS, "initialize needs its params object", id);
		}
		if (McpSchema.METHOD_TOOLS_CALL.equals(name)) {
			Verdict call = toolCall(params, id);
			if (call != null) {
				return call;
			}
		}
		if (methods != null && !McpSchema.METHOD_INITIALIZE.equals(name) && !methods.contains(name)) {
			return Verdict.refused(200, McpSchema.ErrorCodes.METHOD_NOT_FOUND, "Method not found", id);
		}
		return Verdict.passed(Kind.REQUEST, id);
	}

	private static Verdict toolCall(JsonNode params, String id) {
		if (params == null || !params.isObject()) {
			return requestError(McpSchema.ErrorCodes.INVALID_PARAMS, "tools/call needs params with the tool's \"name\"",
					id);
		}
		JsonNode name = params.get("name");
		if (name == null || !name.isString() || name.asString().isEmpty()) {
			return requestError(McpSchema.ErrorCodes.INVALID_PARAMS, "tools/call needs the tool's \"name\" as a string",
					id);
		}
		JsonNode arguments = params.get("arguments");
		if (arguments != null && !arguments.isNull() && !arguments.isObject()) {
			return requestError(McpSchema.ErrorCodes.INVALID_PARAMS, "tools/call \"arguments\" must be an object", id);
		}
		return null;
	}

	private static Verdict response(JsonNode message, String id) {
		if (id == null) {
			return invalid("A response needs the \"id\" of the request it answers", null);
		}
		if (message.has("result") == message.has("error")) {
			return invalid("A response has either a \"result\" or an \"error\"", id);
		}
		JsonNode error = message.get("error");
		if (error != null
				&& !(error.isObject() && error.path("code").isIntegralNumber() && error.path("message").isString())) {
			return invalid("A response's \"error\" needs an integer \"code\" and a \"message\"", id);
		}
		JsonNode result = message.get("result");
		if (result != null && !result.isObject()) {
			return invalid("A response's \"result\" must be an object", id);
		}
		return Verdict.passed(Kind.RESPONSE, id);
	}

	private static Verdict invalid(String message, String id) {
		return Verdict.refused(400, McpSchema.ErrorCodes.INVALID_REQUEST, message, id);
	}

	/**
	 * A JSON-RPC request whose id could be read is answered like any request, with 200
	 * and its error: clients hand that to the call that sent it, while a 4xx is a
	 * transport failure to them (the TypeScript SDK's). Without an id nobody waits for
	 * the answer, and 400 says the body was not a request.
	 */
	private static Verdict requestError(int code, String message, String id) {
		return Verdict.refused((id != null) ? 200 : 400, code, message, id);
	}

	/**
	 * A JSON-RPC error body.
	 * @param id the request id as JSON, or {@code null}
	 */
	static String errorBody(String id, int code, String message) {
		// The messages are this class's fixed texts: nothing needs escaping.
		return "{\"jsonrpc\":\"2.0\",\"id\":" + ((id != null) ? id : "null") + ",\"error\":{\"code\":" + code
				+ ",\"message\":\"" + message.replace("\"", "\\\"") + "\"}}";
	}

}
