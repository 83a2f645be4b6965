package dev.deskhand.inprocess.vendor;

import java.util.List;
import java.util.Map;
import java.util.function.Function;

import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import dev.deskhand.agents.EndpointSessions;
import dev.deskhand.agents.EndpointSteps;
import dev.deskhand.agents.anthropic.AnthropicComputer;
import dev.deskhand.agents.gemini.GeminiComputer;
import dev.deskhand.agents.openai.OpenAiComputer;
import dev.deskhand.errors.DeskhandException;
import dev.deskhand.security.AgentPrincipals;

/**
 * The three vendor endpoints' own code as {@link VendorEndpoint}s: the body the HTTP
 * endpoint reads, handed to the same {@code run} its controller calls, as the principal
 * {@link AgentPrincipals#IN_PROCESS} in the session the body names. Only the HTTP part is
 * left out (tokens, Origin, the status code): an error is answered as the endpoint's
 * error body, {@code {"error": "E_CODE: ..."}}, which the model reads as the tool result.
 */
final class InProcessVendorEndpoints {

	/** What a recorded step says it came through: not an HTTP endpoint. */
	static final String VIA = "in-process";

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private static final TypeReference<Map<String, Object>> OBJECT = new TypeReference<>() {
	};

	private InProcessVendorEndpoints() {
	}

	/** {@code POST /agents/openai/computer}: the body is the {@code computer_call}. */
	static VendorEndpoint openAi(OpenAiComputer computer, EndpointSteps steps) {
		return endpoint(steps, "openai_computer",
				(body) -> computer.run(AgentPrincipals.IN_PROCESS, session(body), body));
	}

	/**
	 * {@code POST /agents/anthropic/computer}: the body is one {@code tool_use} block.
	 */
	static VendorEndpoint anthropic(AnthropicComputer computer, EndpointSteps steps) {
		return endpoint(steps, "anthropic_computer",
				(body) -> computer.run(AgentPrincipals.IN_PROCESS, session(body), List.of(body)));
	}

	/** {@code POST /agents/gemini/computer}: the body's {@code function_calls}. */
	static VendorEndpoint gemini(GeminiComputer computer, EndpointSteps steps) {
		return endpoint(steps, "gemini_computer", (body) -> {
			if (!(body.get("function_calls") instanceof List<?> calls)) {
				throw DeskhandException.args("function_calls must be a list of Gemini function calls");
			}
			return computer.run(AgentPrincipals.IN_PROCESS, session(body), calls);
		});
	}

	/**
	 * @param tool the recorded step's name, the HTTP endpoint's ({@code openai_computer})
	 */
	private static VendorEndpoint endpoint(EndpointSteps steps, String tool,
			Function<Map<String, Object>, Map<String, Object>> run) {
		return (request) -> {
			try {
				Map<String, Object> body = JSON.convertValue(request, OBJECT);
				return JSON.valueToTree(steps.record(tool, VIA, body, () -> run.apply(body)));
			}
			catch (DeskhandException ex) {
				JsonNode error = JSON.createObjectNode().put("error", ex.render());
				return error;
			}
		};
	}

	private static String session(Map<String, Object> body) {
		return (body.get(EndpointSessions.FIELD) instanceof String name) ? name : null;
	}

}
