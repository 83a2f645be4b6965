package dev.deskhand.mcp;

import java.nio.charset.StandardCharsets;
import java.util.Set;

import org.junit.jupiter.api.Test;

import dev.deskhand.mcp.McpMessageScreen.Kind;
import dev.deskhand.mcp.McpMessageScreen.Verdict;

import static org.assertj.core.api.Assertions.assertThat;

class McpMessageScreenTests {

	private static final Set<String> METHODS = Set.of("ping", "tools/list", "tools/call");

	@Test
	void wellFormedMessagesPassWithTheirKind() {
		assertThat(check("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}").kind()).isEqualTo(Kind.REQUEST);
		assertThat(check("{\"jsonrpc\":\"2.0\",\"id\":\"a\",\"method\":\"tools/call\",\"params\":{\"name\":\"x\"}}")
			.kind()).isEqualTo(Kind.REQUEST);
		assertThat(check("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/anything\",\"params\":{}}").kind())
			.isEqualTo(Kind.NOTIFICATION);
		assertThat(check("{\"jsonrpc\":\"2.0\",\"id\":\"s-1\",\"result\":{}}").kind()).isEqualTo(Kind.RESPONSE);
		assertThat(check("{\"jsonrpc\":\"2.0\",\"id\":3,\"error\":{\"code\":-1,\"message\":\"no\"}}").kind())
			.isEqualTo(Kind.RESPONSE);
		assertThat(check("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{}}").kind())
			.isEqualTo(Kind.REQUEST);
	}

	@Test
	void malformedMessagesAreRefusedWithAFixedError() {
		assertRefused("{\"jsonrpc\":", 400, -32700);
		assertRefused("", 400, -32700);
		assertRefused("null", 400, -32600);
		assertRefused("[]", 400, -32600);
		assertRefused("{\"id\":1,\"method\":\"ping\"}", 400, -32600);
		assertRefused("{\"jsonrpc\":\"2.0\",\"id\":{},\"method\":\"ping\"}", 400, -32600);
		assertRefused("{\"jsonrpc\":\"2.0\",\"id\":1.5,\"method\":\"ping\"}", 400, -32600);
		assertRefused("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\",\"method\":\"tools/list\"}", 400, -32700);
		assertRefused("{\"jsonrpc\":\"2.0\",\"result\":{}}", 400, -32600);
		assertRefused("{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{},\"error\":{\"code\":1,\"message\":\"x\"}}", 400,
				-32600);
		assertRefused("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":[1]}", 400, -32602);
		assertRefused("{\"jsonrpc\":\"2.0\",\"id\":\"" + "x".repeat(500) + "\",\"method\":\"ping\"}", 400, -32600);
	}

	@Test
	void aRequestWithAnIdGetsItsErrorAsAnAnswerToThatRequest() {
		assertRefused("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"x\","
				+ "\"arguments\":[1]}}", 200, -32602);
		assertRefused("{\"jsonrpc\":\"2.0\",\"id\":\"a\",\"method\":\"tools/call\",\"params\":{\"name\":\"x\","
				+ "\"arguments\":\"x\"}}", 200, -32602);
		assertRefused("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"arguments\":{}}}", 200,
				-32602);
		assertRefused("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\",\"params\":[1]}", 200, -32602);
		assertRefused("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":5}", 200, -32600);
		Verdict verdict = check("{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"tools/call\",\"params\":{\"name\":\"x\","
				+ "\"arguments\":3}}");
		assertThat(McpMessageScreen.errorBody(verdict.id(), verdict.code(), verdict.message()))
			.startsWith("{\"jsonrpc\":\"2.0\",\"id\":9,\"error\":{\"code\":-32602,");
	}

	@Test
	void anUnknownMethodIsAnsweredAsJsonRpcDoes() {
		Verdict verdict = check("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"no/such\"}");
		assertThat(verdict.isRefused()).isTrue();
		assertThat(verdict.code()).isEqualTo(-32601);
		assertThat(McpMessageScreen.errorBody(verdict.id(), verdict.code(), verdict.message()))
			.isEqualTo("{\"jsonrpc\":\"2.0\",\"id\":7,\"error\":{\"code\":-32601,\"message\":\"Method not found\"}}");
		// The legacy transport answers unknown methods itself.
		assertThat(McpMessageScreen.check(bytes("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"no/such\"}"), null).kind())
			.isEqualTo(Kind.REQUEST);
	}

	private static void assertRefused(String body, int status, int code) {
		Verdict verdict = check(body);
		assertThat(verdict.isRefused()).as(body).isTrue();
		assertThat(verdict.status()).as(body).isEqualTo(status);
		assertThat(verdict.code()).as(body).isEqualTo(code);
		assertThat(McpMessageScreen.errorBody(verdict.id(), verdict.code(), verdict.message())).hasSizeLessThan(300);
	}

	private static Verdict check(String body) {
		return McpMessageScreen.check(bytes(body), METHODS);
	}

	private static byte[] bytes(String body) {
		return body.getBytes(StandardCharsets.UTF_8);
	}

}
