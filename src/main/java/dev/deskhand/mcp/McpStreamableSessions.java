package dev.deskhand.mcp;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.function.BiPredicate;
import java.util.function.Predicate;

import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpStreamableServerSession;
import io.modelcontextprotocol.spec.McpStreamableServerTransportProvider;
import jakarta.servlet.http.HttpServletRequest;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.ai.mcp.server.webmvc.transport.WebMvcStreamableServerTransportProvider;
import org.springframework.http.MediaType;
import org.springframework.web.servlet.function.HandlerFunction;
import org.springframework.web.servlet.function.ServerRequest;
import org.springframework.web.servlet.function.ServerResponse;
import org.springframework.web.util.WebUtils;
import reactor.core.publisher.Mono;

/**
 * Spring AI's Streamable HTTP transport provider, with the sessions it starts kept where
 * {@link McpJsonAnswers} can find them (the provider keeps its own map private, and its
 * class is final), and bounded: a session that has sent nothing for
 * {@code deskhand.mcp.session-idle} ends as if its client had closed it, and no more than
 * {@code deskhand.mcp.max-sessions} are open at once. Clients that never sent
 * {@code DELETE /mcp} once left 1,002 sessions behind after 2,000 opened. The MCP server
 * is built on this one (the provider's own routes still serve {@code /mcp}); every call
 * is handed to the provider.
 */
final class McpStreamableSessions implements McpStreamableServerTransportProvider, McpSessionCount {

	private static final Logger logger = LoggerFactory.getLogger(McpStreamableSessions.class);

	static final String SESSION_HEADER = "Mcp-Session-Id";

	private static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(2);

	private final WebMvcStreamableServerTransportProvider provider;

	private final Map<String, McpStreamableServerSession> sessions = new ConcurrentHashMap<>();

	private final Map<String, Instant> lastSeen = new ConcurrentHashMap<>();

	private final Consumer<String> providerRemoval;

	private final Duration idle;

	private final int maxSessions;

	private final Clock clock;

	private final Consumer<String> onEnd;

	private final BiPredicate<String, Instant> busy;

	private volatile boolean closing;

	/**
	 * @param providerRemoval takes a session out of the provider's own map
	 * @param onEnd runs with the id of each session that ended by going idle
	 * @param busy whether a session had a call in flight since an instant: a client
	 * waiting for a long {@code request_human} or approval sends nothing meanwhile, and
	 * is not idle
	 */
	McpStreamableSessions(WebMvcStreamableServerTransportProvider provider, Consumer<String> providerRemoval,
			Duration idle, int maxSessions, Clock clock, Consumer<String> onEnd, BiPredicate<String, Instant> busy) {
		this.provider = provider;
		this.providerRemoval = providerRemoval;
		this.idle = idle;
		this.maxSessions = maxSessions;
		this.clock = clock;
		this.onEnd = onEnd;
		this.busy = busy;
	}

	/**
	 * The provider forgets a session only on {@code DELETE} or on an idle timer of its
	 * own that the JSON answers ({@link McpJsonAnswers}) never reset, so an idle session
	 * is taken out of its map here: through its private {@code removeSession}, checked
	 * once at start so that a Spring AI upgrade without it fails then, not later.
	 */
	static Consumer<String> providerRemoval(WebMvcStreamableServerTransportProvider provider) {
		Method remove;
		try {
			remove = WebMvcStreamableServerTransportProvider.class.getDeclaredMethod("removeSession", String.class);
			remove.setAccessible(true);
		}
		catch (ReflectiveOperationException | RuntimeException ex) {
			throw new IllegalStateException("This Spring AI's WebMvcStreamableServerTransportProvider has no "
					+ "removeSession(String): Deskhand cannot end idle MCP sessions (deskhand.mcp.session-idle). "
					+ "Use the Spring AI version of Deskhand's pom.xml", ex);
		}
		return (id) -> {
			try {
				remove.invoke(provider, id);
			}
			catch (IllegalAccessException | InvocationTargetException ex) {
				logger.warn("Could not remove MCP session from the transport: {}", ex.toString());
			}
		};
	}

	@Override
	public void setSessionFactory(McpStreamableServerSession.Factory factory) {
		this.provider.setSessionFactory((initialize) -> {
			McpStreamableServerSession.McpStreamableServerSessionInit started = factory.startSession(initialize);
			String id = started.session().getId();
			this.lastSeen.put(id, this.clock.instant());
			this.sessions.put(id, started.session());
			return started;
		});
	}

	/**
	 * Routes filter for {@code /mcp}: every request of a session keeps it alive; an
	 * {@code initialize} (a POST without a session) while {@code max-sessions} are open
	 * is answered with a JSON-RPC error, as a 200 so that clients hand its sentence to
	 * the caller rather than report a transport failure; a successful {@code DELETE}
	 * forgets its session.
	 */
	ServerResponse screen(ServerRequest request, HandlerFunction<ServerResponse> next) throws Exception {
		String id = request.headers().firstHeader(SESSION_HEADER);
		String method = request.method().name();
		endIdle();
		if (id != null) {
			this.lastSeen.computeIfPresent(id, (key, seen) -> this.clock.instant());
			ServerResponse answer = next.handle(request);
			if ("DELETE".equals(method) && answer.statusCode().is2xxSuccessful()) {
				forget(id);
			}
			return answer;
		}
		if ("POST".equals(method) && isFull()) {
			logger.warn("MCP initialize refused: {} sessions open, deskhand.mcp.max-sessions is {}",
					this.sessions.size(), this.maxSessions);
			return ServerResponse.ok()
				.contentType(MediaType.APPLICATION_JSON)
				.body(McpMessageScreen.errorBody(requestId(request), McpSchema.ErrorCodes.INTERNAL_ERROR,
						"Deskhand has " + this.maxSessions + " MCP sessions open, the most deskhand.mcp.max-sessions "
								+ "allows: close one (DELETE /mcp) or wait until one has been idle for "
								+ "deskhand.mcp.session-idle (" + this.idle.toMinutes() + " min)"));
		}
		return next.handle(request);
	}

	/** Whether another session would pass {@code max-sessions}, idle ones ended first. */
	boolean isFull() {
		endIdle();
		return this.sessions.size() >= this.maxSessions;
	}

	@Override
	public int open() {
		endIdle();
		return this.sessions.size();
	}

	@Override
	public int max() {
		return this.maxSessions;
	}

	/**
	 * Ends every session unseen for {@code session-idle}: out of the provider, closed,
	 * and reported to {@code onEnd}.
	 */
	void endIdle() {
		Instant cutoff = this.clock.instant().minus(this.idle);
		for (Map.Entry<String, Instant> entry : this.lastSeen.entrySet()) {
			if (entry.getValue().isBefore(cutoff) && this.busy.test(entry.getKey(), cutoff)) {
				// a call in flight, or one that ended within session-idle: not idle
				this.lastSeen.replace(entry.getKey(), entry.getValue(), this.clock.instant());
			}
			else if (entry.getValue().isBefore(cutoff) && this.lastSeen.remove(entry.getKey(), entry.getValue())) {
				String id = entry.getKey();
				McpStreamableServerSession session = this.sessions.remove(id);
				this.providerRemoval.accept(id);
				if (session != null) {
					session.closeGracefully().onErrorComplete().subscribe();
				}
				logger.info("MCP session ended after {} idle", this.idle);
				this.onEnd.accept(id);
			}
		}
	}

	/**
	 * Ends every session without a call in flight, its {@code GET /mcp} stream with it,
	 * while the web server still runs: a stream the web server has to cut instead holds
	 * its graceful shutdown for {@code timeout-per-shutdown-phase} and leaves a warning
	 * per stream (86 of them, once). A session with a call in flight is left to the
	 * graceful shutdown, which lets the call finish.
	 * @param inFlight whether a session has a call in flight
	 * @return how many sessions were ended, and how many of them had a stream open
	 */
	Ended endAllIdle(Predicate<String> inFlight) {
		int ended = 0;
		int streams = 0;
		for (Map.Entry<String, McpStreamableServerSession> entry : this.sessions.entrySet()) {
			String id = entry.getKey();
			McpStreamableServerSession session = entry.getValue();
			if (inFlight.test(id) || !this.sessions.remove(id, session)) {
				continue;
			}
			this.lastSeen.remove(id);
			this.providerRemoval.accept(id);
			streams += session.hasListeningStream() ? 1 : 0;
			session.closeGracefully().onErrorComplete().block(CLOSE_TIMEOUT);
			ended++;
		}
		return new Ended(ended, streams);
	}

	record Ended(int sessions, int streams) {
	}

	private static String requestId(ServerRequest request) {
		ReadBodyRequest read = WebUtils.getNativeRequest((HttpServletRequest) request.servletRequest(),
				ReadBodyRequest.class);
		return (read != null) ? McpMessageScreen.check(read.body(), null).id() : null;
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
			this.lastSeen.remove(id);
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
			.doFinally((signal) -> {
				this.sessions.clear();
				this.lastSeen.clear();
			});
	}

}
