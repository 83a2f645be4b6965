package dev.deskhand.agents.anthropic;

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
 * {@code POST /agents/anthropic/computer}: one {@code tool_use} block,
 * {@code {"tool_uses": [...]}} or a bare array of them in; {@code tool_results} out.
 */
@RestController
class AnthropicComputerEndpoint {

	private final AnthropicComputer computer;

	private final AgentEndpoints endpoints;

	AnthropicComputerEndpoint(AnthropicComputer computer, AgentEndpoints endpoints) {
		this.computer = computer;
		this.endpoints = endpoints;
	}

	@PostMapping(path = "/agents/anthropic/computer", consumes = MediaType.APPLICATION_JSON_VALUE,
			produces = MediaType.APPLICATION_JSON_VALUE)
	ResponseEntity<Map<String, Object>> computer(@RequestBody Object body, HttpServletRequest request,
			Principal principal) {
		Map<String, Object> fields = fields(body);
		return this.endpoints.answer(request, body, () -> this.computer.run(AgentPrincipals.nameOf(principal),
				AgentEndpoints.handle(request, fields), toolUses(body)));
	}

	@SuppressWarnings("unchecked")
	private static Map<String, Object> fields(Object body) {
		return (body instanceof Map<?, ?> map) ? (Map<String, Object>) map : Map.of();
	}

	private static List<?> toolUses(Object body) {
		if (body instanceof List<?> list) {
			return list;
		}
		if (body instanceof Map<?, ?> map && map.get("tool_uses") instanceof List<?> list) {
			return list;
		}
		if (body instanceof Map<?, ?> map && "tool_use".equals(map.get("type"))) {
			return List.of(map);
		}
		throw DeskhandException.args("send a tool_use block, {\"tool_uses\": [...]} or an array of tool_use blocks");
	}

}
