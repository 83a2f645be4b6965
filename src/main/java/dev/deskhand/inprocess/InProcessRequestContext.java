package dev.deskhand.inprocess;

import java.util.Map;
import java.util.function.Consumer;

import io.modelcontextprotocol.common.McpTransportContext;
import io.modelcontextprotocol.server.McpSyncServerExchange;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.CallToolRequest;
import org.springframework.ai.mcp.annotation.context.McpSyncRequestContext;
import org.springframework.ai.mcp.annotation.context.StructuredElicitResult;
import org.springframework.core.ParameterizedTypeReference;

import dev.deskhand.approval.CallTransport;
import dev.deskhand.security.AgentPrincipals;

/**
 * What an in-process tool call looks like to a tool method: a request context with a
 * session id (the conversation's), a client name, the principal {@value #PRINCIPAL}, and
 * no way back to a client: no elicitation, so approvals go to the operator API and the
 * agent can never answer its own; no progress token, no sampling, no roots.
 */
final class InProcessRequestContext implements McpSyncRequestContext {

	/**
	 * The principal in-process calls run as: approvals and the audit trail show this
	 * name.
	 */
	static final String PRINCIPAL = AgentPrincipals.IN_PROCESS;

	/** The client name operators see for in-process sessions. */
	static final McpSchema.Implementation CLIENT = new McpSchema.Implementation(DeskhandToolCallbacks.CLIENT, "1");

	private static final McpTransportContext TRANSPORT = McpTransportContext
		.create(Map.of(AgentPrincipals.KEY, PRINCIPAL, AgentPrincipals.TRANSPORT_KEY, CallTransport.IN_PROCESS.key()));

	private final String sessionId;

	private final CallToolRequest request;

	InProcessRequestContext(String sessionId, CallToolRequest request) {
		this.sessionId = sessionId;
		this.request = request;
	}

	@Override
	public CallToolRequest request() {
		return this.request;
	}

	/** There is no MCP exchange in-process. */
	@Override
	public McpSyncServerExchange exchange() {
		return null;
	}

	@Override
	public String sessionId() {
		return this.sessionId;
	}

	@Override
	public McpSchema.Implementation clientInfo() {
		return CLIENT;
	}

	@Override
	public McpSchema.ClientCapabilities clientCapabilities() {
		return McpSchema.ClientCapabilities.builder().build();
	}

	@Override
	public Map<String, Object> requestMeta() {
		return Map.of();
	}

	@Override
	public McpTransportContext transportContext() {
		return TRANSPORT;
	}

	@Override
	public boolean elicitEnabled() {
		return false;
	}

	@Override
	public <T> StructuredElicitResult<T> elicit(Class<T> type) {
		throw noClient("elicitation");
	}

	@Override
	public <T> StructuredElicitResult<T> elicit(ParameterizedTypeReference<T> type) {
		throw noClient("elicitation");
	}

	@Override
	public <T> StructuredElicitResult<T> elicit(Consumer<ElicitationSpec> spec, Class<T> type) {
		throw noClient("elicitation");
	}

	@Override
	public <T> StructuredElicitResult<T> elicit(Consumer<ElicitationSpec> spec, ParameterizedTypeReference<T> type) {
		throw noClient("elicitation");
	}

	@Override
	public McpSchema.ElicitResult elicit(McpSchema.ElicitRequest request) {
		throw noClient("elicitation");
	}

	@Override
	public boolean rootsEnabled() {
		return false;
	}

	@Override
	public McpSchema.ListRootsResult roots() {
		throw noClient("roots");
	}

	@Override
	public boolean sampleEnabled() {
		return false;
	}

	@Override
	public McpSchema.CreateMessageResult sample(String... messages) {
		throw noClient("sampling");
	}

	@Override
	public McpSchema.CreateMessageResult sample(Consumer<SamplingSpec> spec) {
		throw noClient("sampling");
	}

	@Override
	public McpSchema.CreateMessageResult sample(McpSchema.CreateMessageRequest request) {
		throw noClient("sampling");
	}

	// Progress and logging have no one to go to: the caller sees the result when the call
	// returns.

	@Override
	public void progress(int percentage) {
	}

	@Override
	public void progress(Consumer<ProgressSpec> spec) {
	}

	@Override
	public void progress(McpSchema.ProgressNotification notification) {
	}

	@Override
	public void ping() {
	}

	@Override
	public void log(Consumer<LoggingSpec> spec) {
	}

	@Override
	public void debug(String message) {
	}

	@Override
	public void info(String message) {
	}

	@Override
	public void warn(String message) {
	}

	@Override
	public void error(String message) {
	}

	private static UnsupportedOperationException noClient(String feature) {
		return new UnsupportedOperationException("in-process tool calls have no MCP client for " + feature);
	}

}
