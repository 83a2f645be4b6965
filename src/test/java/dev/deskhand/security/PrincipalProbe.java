package dev.deskhand.security;

import java.util.Map;

import org.springframework.ai.mcp.annotation.McpTool;
import org.springframework.ai.mcp.annotation.McpTool.McpAnnotations;
import org.springframework.ai.mcp.annotation.context.McpSyncRequestContext;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.WriteOperation;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;

/**
 * Test-only probes: an MCP tool that answers with the principal it was called as, and an
 * actuator endpoint with a write operation, to see what reaches each side.
 */
@TestConfiguration(proxyBeanMethods = false)
class PrincipalProbe {

	@Bean
	WhoAmITool whoAmITool() {
		return new WhoAmITool();
	}

	@Bean
	ProbeEndpoint probeEndpoint() {
		return new ProbeEndpoint();
	}

	/** Public, as the MCP annotation scanner requires. */
	public static class WhoAmITool {

		@McpTool(name = "whoami", description = "The principal this call runs as.",
				annotations = @McpAnnotations(readOnlyHint = true, destructiveHint = false, openWorldHint = false))
		public String whoami(McpSyncRequestContext context) {
			return AgentPrincipals.of(context.transportContext());
		}

	}

	/**
	 * A POST on the management port, as the operator endpoints (approvals, failsafe)
	 * have.
	 */
	@Endpoint(id = "probe")
	public static class ProbeEndpoint {

		@WriteOperation
		public Map<String, String> write() {
			return Map.of("written", "yes");
		}

	}

}
