package dev.deskhand.inprocess;

import java.lang.reflect.Method;

import io.modelcontextprotocol.common.McpTransportContext;
import io.modelcontextprotocol.spec.McpSchema.CallToolRequest;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import org.springframework.ai.mcp.annotation.context.McpSyncRequestContext;
import org.springframework.ai.mcp.annotation.method.tool.AbstractSyncMcpToolMethodCallback;
import org.springframework.ai.mcp.annotation.method.tool.ReturnMode;

/**
 * Calls one {@code @McpTool} method the way the MCP server does (Spring AI's own argument
 * binding and result mapping), with an {@link InProcessRequestContext} where the server
 * passes a context over its exchange.
 */
final class InProcessToolMethod
		extends AbstractSyncMcpToolMethodCallback<InProcessRequestContext, McpSyncRequestContext> {

	InProcessToolMethod(Method method, Object bean) {
		super(ReturnMode.TEXT, method, bean);
	}

	CallToolResult call(InProcessRequestContext context) {
		CallToolRequest request = context.request();
		try {
			Object result = callMethod(buildMethodArguments(context, request.arguments(), request));
			return processResult(result);
		}
		catch (RuntimeException ex) {
			return createSyncErrorResult(ex);
		}
	}

	@Override
	protected boolean isExchangeOrContextType(Class<?> type) {
		return McpSyncRequestContext.class.isAssignableFrom(type) || McpTransportContext.class.isAssignableFrom(type);
	}

	@Override
	protected McpSyncRequestContext createRequestContext(InProcessRequestContext context, CallToolRequest request) {
		return context;
	}

	@Override
	protected McpTransportContext resolveTransportContext(InProcessRequestContext context) {
		return context.transportContext();
	}

}
