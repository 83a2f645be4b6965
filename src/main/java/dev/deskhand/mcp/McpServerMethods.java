package dev.deskhand.mcp;

import java.util.HashSet;
import java.util.Set;

import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.ServerCapabilities;

/**
 * The request methods an MCP server answers, from the capabilities it declares, as the
 * MCP Java SDK's server registers its handlers ({@code initialize} is the transport's).
 */
final class McpServerMethods {

	private McpServerMethods() {
	}

	static Set<String> of(ServerCapabilities capabilities) {
		Set<String> methods = new HashSet<>();
		methods.add(McpSchema.METHOD_PING);
		if (capabilities.tools() != null) {
			methods.add(McpSchema.METHOD_TOOLS_LIST);
			methods.add(McpSchema.METHOD_TOOLS_CALL);
		}
		if (capabilities.resources() != null) {
			methods.add(McpSchema.METHOD_RESOURCES_LIST);
			methods.add(McpSchema.METHOD_RESOURCES_READ);
			methods.add(McpSchema.METHOD_RESOURCES_TEMPLATES_LIST);
			if (Boolean.TRUE.equals(capabilities.resources().subscribe())) {
				methods.add(McpSchema.METHOD_RESOURCES_SUBSCRIBE);
				methods.add(McpSchema.METHOD_RESOURCES_UNSUBSCRIBE);
			}
		}
		if (capabilities.prompts() != null) {
			methods.add(McpSchema.METHOD_PROMPT_LIST);
			methods.add(McpSchema.METHOD_PROMPT_GET);
		}
		if (capabilities.logging() != null) {
			methods.add(McpSchema.METHOD_LOGGING_SET_LEVEL);
		}
		if (capabilities.completions() != null) {
			methods.add(McpSchema.METHOD_COMPLETION_COMPLETE);
		}
		return Set.copyOf(methods);
	}

}
