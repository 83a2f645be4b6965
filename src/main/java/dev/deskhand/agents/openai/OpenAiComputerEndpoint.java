package dev.deskhand.agents.openai;

import java.security.Principal;
import java.util.Map;

import jakarta.servlet.http.HttpServletRequest;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

import dev.deskhand.agents.AgentEndpoints;
import dev.deskhand.security.AgentPrincipals;

/** {@code POST /agents/openai/computer}: a {@code computer_call} in, its output out. */
@RestController
class OpenAiComputerEndpoint {

	private final OpenAiComputer computer;

	private final AgentEndpoints endpoints;

	OpenAiComputerEndpoint(OpenAiComputer computer, AgentEndpoints endpoints) {
		this.computer = computer;
		this.endpoints = endpoints;
	}

	@PostMapping(path = "/agents/openai/computer", consumes = MediaType.APPLICATION_JSON_VALUE,
			produces = MediaType.APPLICATION_JSON_VALUE)
	ResponseEntity<Map<String, Object>> computer(@RequestBody Map<String, Object> call, HttpServletRequest request,
			Principal principal) {
		return this.endpoints.answer(request, call,
				() -> this.computer.run(AgentPrincipals.nameOf(principal), AgentEndpoints.handle(request, call), call));
	}

}
