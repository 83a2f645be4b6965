package dev.deskhand.agents;

import java.security.Principal;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

import jakarta.servlet.http.HttpServletRequest;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

import dev.deskhand.security.AgentPrincipals;

/**
 * {@code POST /agents/{vendor}/computer}: one request in a vendor's computer-use
 * vocabulary in, the vendor's answer out, through whichever {@link VendorComputer} names
 * that vendor.
 */
@RestController
class VendorComputerEndpoint {

	private final Map<String, VendorComputer> computers;

	private final AgentEndpoints endpoints;

	VendorComputerEndpoint(List<VendorComputer> computers, AgentEndpoints endpoints) {
		this.computers = computers.stream().collect(Collectors.toMap(VendorComputer::vendor, Function.identity()));
		this.endpoints = endpoints;
	}

	@PostMapping(path = "/agents/{vendor}/computer", consumes = MediaType.APPLICATION_JSON_VALUE,
			produces = MediaType.APPLICATION_JSON_VALUE)
	ResponseEntity<Map<String, Object>> computer(@PathVariable String vendor, @RequestBody Object body,
			HttpServletRequest request, Principal principal) {
		VendorComputer computer = this.computers.get(vendor);
		if (computer == null) {
			return ResponseEntity.status(HttpStatus.NOT_FOUND)
				.body(Map.of("error", "E_NOT_FOUND: no computer-use endpoint for '" + vendor + "'; there are "
						+ this.computers.keySet().stream().sorted().toList()));
		}
		@SuppressWarnings("unchecked")
		Map<String, Object> fields = (body instanceof Map<?, ?> map) ? (Map<String, Object>) map : Map.of();
		return this.endpoints.answer(request, body,
				() -> computer.answer(AgentPrincipals.nameOf(principal), AgentEndpoints.handle(request, fields), body));
	}

}
