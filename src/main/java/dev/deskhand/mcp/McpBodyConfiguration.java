package dev.deskhand.mcp;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The one {@link RequestBodyScreen} of the agents' port, for the MCP transports and the
 * vendor endpoints alike.
 */
@Configuration(proxyBeanMethods = false)
class McpBodyConfiguration {

	@Bean
	RequestBodyScreen requestBodyScreen(McpProperties properties) {
		return new RequestBodyScreen(properties);
	}

}
