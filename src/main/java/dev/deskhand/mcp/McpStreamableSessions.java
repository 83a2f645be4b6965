package dev.deskhand.mcp;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import io.modelcontextprotocol.spec.McpStreamableServerSession;
import io.modelcontextprotocol.spec.McpStreamableServerTransportProvider;
import org.springframework.ai.mcp.server.webmvc.transport.WebMvcStreamableServerTransportProvider;
import reactor.core.publisher.Mono;

/**
 * Spring AI's Streamable HTTP transport provider, with the sessions it starts kept where
 * {@link McpJsonAnswers} can find them: the provider keeps its own map private, and its
 * class is final. The MCP server is built on this one (the provider's own routes still
 * serve {@code /mcp}); every call is handed to the provider.
 */
final class McpStreamableSessions implements McpStreamableServerTransportProvider {

	private final WebMvcStreamableServerTransportProvider provider;

	private final Map<String, McpStreamableServerSession> sessions = new ConcurrentHashMap<>();

	private volatile boolean closing;

	McpStreamableSessions(WebMvcStreamableServerTransportProvider provider) {
		this.provider = provider;
	}

	@Override
	public void setSessionFactory(McpStreamableServerSession.Factory factory) {
		this.provider.setSessionFactory((initialize) -> {
			McpStreamableServerSession.McpStreamableServerSessionInit started = factory.startSession(initialize);
			this.sessions.put(started.session().getId(), started.session());
			return started;
		});
	}

	/**
	 * The live session of that id, or {@code null} (unknown, ended, or the server is
	 * closing): the provider then answers the request as it always does.
	 */
	McpStreamableServerSession find(String id) {
		return (this.closing || id == null) ? null : this.sessions.get(id);
	}

	/** The client ended the session ({@code DELETE /mcp} answered 2xx). */
	void forget(String id) {
		if (id != null) {
			this.sessions.remove(id);
		}
	}

	@Override
	public Mono<Void> notifyClients(String method, Object params) {
		return this.provider.notifyClients(method, params);
	}

	@Override
	public Mono<Void> notifyClient(String sessionId, String method, Object params) {
		return this.provider.notifyClient(sessionId, method, params);
	}

	@Override
	public List<String> protocolVersions() {
		return this.provider.protocolVersions();
	}

	@Override
	public Mono<Void> closeGracefully() {
		return Mono.fromRunnable(() -> this.closing = true)
			.then(this.provider.closeGracefully())
			.doFinally((signal) -> this.sessions.clear());
	}

}
