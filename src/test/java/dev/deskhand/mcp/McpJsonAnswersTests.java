package dev.deskhand.mcp;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.modelcontextprotocol.spec.McpSchema;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.web.servlet.function.ServerRequest;

import static org.assertj.core.api.Assertions.assertThat;

/** Which requests {@link McpJsonAnswers} may answer as JSON, as tables. */
class McpJsonAnswersTests {

	@ParameterizedTest(name = "Accept: {0} -> {1}")
	@CsvSource(delimiter = '|', value = { "application/json, text/event-stream | true",
			"text/event-stream, application/json | true", "application/json;charset=utf-8, text/event-stream | true",
			"application/json;q=0.5, text/event-stream | true", "application/json;q=0, text/event-stream | false",
			"text/event-stream | false", "*/* | false", "application/* , text/event-stream | false" })
	void jsonOnlyForAClientThatListsIt(String accept, boolean json) {
		MockHttpServletRequest request = new MockHttpServletRequest("POST", "/mcp");
		request.addHeader("Accept", accept);
		assertThat(McpJsonAnswers.acceptsJson(ServerRequest.create(request, List.of()))).isEqualTo(json);
	}

	@ParameterizedTest(name = "{0} -> {1}")
	@CsvSource(delimiter = '|', value = { "no params | false", "no _meta | false", "_meta without a token | false",
			"a string token | true", "a number token | true", "a null token | false" })
	void aProgressTokenKeepsTheStream(String params, boolean progress) {
		Map<String, Object> meta = new HashMap<>();
		Map<String, Object> arguments = new HashMap<>(Map.of("name", "wait", "arguments", Map.of()));
		switch (params) {
			case "no params" -> arguments = null;
			case "_meta without a token" -> arguments.put("_meta", meta);
			case "a string token" -> {
				meta.put("progressToken", "t");
				arguments.put("_meta", meta);
			}
			case "a number token" -> {
				meta.put("progressToken", 0);
				arguments.put("_meta", meta);
			}
			case "a null token" -> {
				meta.put("progressToken", null);
				arguments.put("_meta", meta);
			}
			default -> {
			}
		}
		McpSchema.JSONRPCRequest call = new McpSchema.JSONRPCRequest("2.0", "tools/call", 1, arguments);
		assertThat(McpJsonAnswers.asksForProgress(call)).isEqualTo(progress);
	}

}
