package dev.deskhand.agents.gemini;

import java.security.Principal;
import java.util.List;
import java.util.Map;

import jakarta.servlet.http.HttpServletRequest;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

import dev.deskhand.agents.AgentEndpoints;
import dev.deskhand.errors.DeskhandException;
import dev.deskhand.security.AgentPrincipals;

/**
 * {@code POST /agents/gemini/computer}: {@code {"function_calls": [...]}} or a bare array
 * of function calls in, {@code function_responses} out.
 */
@RestController
class GeminiComputerEndpoint {

	private final GeminiComputer computer;

	private final AgentEndpoints endpoints;

	GeminiComputerEndpoint(GeminiComputer computer, AgentEndpoints endpoints) {
		this.computer = computer;
		this.endpoints = endpoints;
	}

	@PostMapping(path = "/agents/gemini/computer", consumes = MediaType.APPLICATION_JSON_VALUE,
			produces = MediaType.APPLICATION_JSON_VALUE)
	ResponseEntity<Map<String, Object>> computer(@RequestBody Object body, HttpServletRequest request,
			Principal principal) {
		@SuppressWarnings("unchecked")
		Map<String, Object> fields = (body instanceof Map<?, ?> map) ? (Map<String, Object>) map : Map.of();
		return this.endpoints.answer(request, body, () -> this.computer.run(AgentPrincipals.nameOf(principal),
				AgentEndpoints.handle(request, fields), calls(body)));
	}

	private static List<?> calls(Object body) {
		if (body instanceof List<?> list) {
			return list;
		}
		if (body instanceof Map<?, ?> map && map.get("function_calls") instanceof List<?> list) {
			return list;
		}
		throw DeskhandException.args("send {\"function_calls\": [...]} or an array of function calls");
	}

}
