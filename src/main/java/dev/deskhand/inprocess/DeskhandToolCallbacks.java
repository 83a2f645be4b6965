package dev.deskhand.inprocess;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.json.schema.JsonSchemaValidator;
import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.spec.McpSchema;
import org.springframework.ai.chat.model.ToolContext;
import org.springframework.ai.mcp.annotation.McpTool;
import org.springframework.ai.mcp.annotation.provider.tool.SyncMcpToolProvider;
import org.springframework.ai.tool.ToolCallback;
import org.springframework.ai.tool.ToolCallbackProvider;
import org.springframework.util.StringUtils;
import tools.jackson.databind.json.JsonMapper;

import dev.deskhand.security.AgentPrincipals;
import dev.deskhand.tools.ModelSchemas;

/**
 * Deskhand's MCP tools as Spring AI tools, for a {@code ChatClient} in the same JVM:
 * {@code chatClient.prompt(...).tools(deskhandToolCallbacks)}. Every {@code @McpTool}
 * method the MCP server exposes becomes a callback with the same name, description and
 * input schema, and a call runs that same method: same validation, same approval gate,
 * same input lease and queue. Nothing is written twice.
 * <p>
 * A conversation's session is the {@code ToolContext} entry {@value #SESSION} (any
 * string; default {@value #DEFAULT_SESSION}); grants, the app scope and screenshot
 * geometry belong to it. The calls run as the principal {@code in-process} with no
 * elicitation: a request the policy says to ask about waits for an operator on the
 * operator API, up to {@code deskhand.approval.ask-timeout}. Images (screenshots) come
 * back as geometry text and go to {@link LatestScreenshots}.
 */
public final class DeskhandToolCallbacks implements ToolCallbackProvider {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	/** The {@code ToolContext} key naming the in-process session a call belongs to. */
	public static final String SESSION = "deskhand_session";

	/** The session of calls whose {@code ToolContext} names none. */
	public static final String DEFAULT_SESSION = AgentPrincipals.IN_PROCESS_DEFAULT_SESSION;

	/**
	 * The client name operators see for in-process sessions, whichever in-process tool
	 * opened them.
	 */
	public static final String CLIENT = AgentPrincipals.IN_PROCESS_CLIENT;

	private final Supplier<List<Object>> toolBeans;

	private final LatestScreenshots screenshots;

	private volatile ToolCallback[] callbacks;

	/**
	 * @param toolBeans the beans holding {@code @McpTool} methods, asked on first use:
	 * the MCP annotation scanner knows them only once every singleton exists
	 */
	DeskhandToolCallbacks(Supplier<List<Object>> toolBeans, LatestScreenshots screenshots) {
		this.toolBeans = toolBeans;
		this.screenshots = screenshots;
	}

	@Override
	public ToolCallback[] getToolCallbacks() {
		ToolCallback[] resolved = this.callbacks;
		if (resolved == null) {
			resolved = build(this.toolBeans.get());
			this.callbacks = resolved;
		}
		return resolved.clone();
	}

	/**
	 * The session a call runs in: the {@value #SESSION} entry of its tool context, if
	 * any.
	 */
	static String session(ToolContext context) {
		Object session = (context != null && context.getContext() != null) ? context.getContext().get(SESSION) : null;
		return (session != null && StringUtils.hasText(session.toString())) ? session.toString() : DEFAULT_SESSION;
	}

	private ToolCallback[] build(List<Object> beans) {
		JsonSchemaValidator validator = McpJsonDefaults.getSchemaValidator();
		List<ToolCallback> built = new ArrayList<>();
		for (Object bean : beans) {
			// The tool definitions exactly as the MCP server lists them.
			Map<String, McpSchema.Tool> tools = new HashMap<>();
			for (SyncToolSpecification specification : new SyncMcpToolProvider(List.of(bean)).getToolSpecifications()) {
				tools.put(specification.tool().name(), specification.tool());
			}
			List<Method> methods = new ArrayList<>(List.of(bean.getClass().getDeclaredMethods()));
			methods.sort(Comparator.comparing(Method::getName));
			for (Method method : methods) {
				McpTool annotation = method.getAnnotation(McpTool.class);
				McpSchema.Tool tool = (annotation != null) ? tools.get(name(annotation, method)) : null;
				if (tool != null) {
					// what a model reads: the schema the MCP listing shows
					built.add(new InProcessToolCallback(tool,
							JSON.writeValueAsString(ModelSchemas.trimmed(tool.inputSchema())),
							new InProcessToolMethod(method, bean), validator, this.screenshots));
				}
			}
		}
		return built.toArray(ToolCallback[]::new);
	}

	// As SyncMcpToolProvider names a tool.
	private static String name(McpTool annotation, Method method) {
		return StringUtils.hasText(annotation.name()) ? annotation.name() : method.getName();
	}

}
