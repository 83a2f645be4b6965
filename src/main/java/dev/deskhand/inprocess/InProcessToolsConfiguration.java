package dev.deskhand.inprocess;

import org.springframework.ai.mcp.annotation.McpTool;
import org.springframework.ai.mcp.server.common.autoconfigure.annotations.McpServerAnnotationScannerAutoConfiguration.ServerMcpAnnotatedBeans;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The in-process Spring AI tools. They come from the beans the MCP annotation scanner
 * found, so the in-process tool list is the MCP server's by construction.
 * <p>
 * Spring AI's MCP server would also publish every {@code ToolCallbackProvider} bean as
 * MCP tools (and fail on the duplicate names);
 * {@code spring.ai.mcp.server.tool-callback-converter=false} in the built-in defaults
 * turns that off.
 */
@Configuration(proxyBeanMethods = false)
class InProcessToolsConfiguration {

	@Bean
	LatestScreenshots latestScreenshots() {
		return new LatestScreenshots();
	}

	// No scanner (spring.ai.mcp.server.annotation-scanner.enabled=false): no MCP tools,
	// none in-process.
	@Bean
	DeskhandToolCallbacks deskhandToolCallbacks(ObjectProvider<ServerMcpAnnotatedBeans> annotated,
			LatestScreenshots screenshots) {
		return new DeskhandToolCallbacks(() -> annotated.stream()
			.flatMap((beans) -> beans.getBeansByAnnotation(McpTool.class).stream())
			.toList(), screenshots);
	}

}
