package dev.deskhand.tools;

import java.util.List;

import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.spec.McpSchema;
import org.springframework.ai.mcp.customizer.McpSyncServerCustomizer;
import org.springframework.ai.mcp.server.common.autoconfigure.properties.McpServerProperties;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanPostProcessor;

/**
 * Completes what Spring AI's {@code @McpTool} scan declares with what its annotation has
 * no attribute for: each tool's {@code outputSchema} and icon ({@link ToolCatalog}), and
 * Deskhand's icon in {@code serverInfo} (through the server customizer, which the
 * auto-config applies after it set the name and version, and the legacy SSE server
 * applies too).
 */
class ToolDeclarations implements BeanPostProcessor {

	private final ObjectProvider<McpServerProperties> server;

	ToolDeclarations(ObjectProvider<McpServerProperties> server) {
		this.server = server;
	}

	@Override
	public Object postProcessAfterInitialization(Object bean, String beanName) {
		if (bean instanceof List<?> list && !list.isEmpty()
				&& list.stream().allMatch(SyncToolSpecification.class::isInstance)) {
			return list.stream().map((spec) -> declare((SyncToolSpecification) spec)).toList();
		}
		if (bean instanceof McpSyncServerCustomizer customizer) {
			return (McpSyncServerCustomizer) (spec) -> {
				customizer.customize(spec);
				McpServerProperties properties = this.server.getObject();
				spec.serverInfo(McpSchema.Implementation.builder(properties.getName(), properties.getVersion())
					.title("Deskhand")
					.icons(ToolFamily.SERVER_ICONS)
					.build());
			};
		}
		return bean;
	}

	static SyncToolSpecification declare(SyncToolSpecification spec) {
		return new SyncToolSpecification(ToolCatalog.declare(spec.tool()), spec.callHandler());
	}

}
