package dev.deskhand.approval;

import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/**
 * The agent sessions there are, keyed by principal and MCP session together. A session
 * unseen for {@code deskhand.approval.session-idle} ends, and whoever listens (the input
 * lease) lets go of it.
 */
public class AgentSessions {

	private static final SecureRandom RANDOM = new SecureRandom();

	private final Map<Key, AgentSession> sessions = new ConcurrentHashMap<>();

	private final List<Consumer<AgentSession>> endListeners = new CopyOnWriteArrayList<>();

	private final Clock clock;

	private final Duration idle;

	public AgentSessions(Clock clock, Duration idle) {
		this.clock = clock;
		this.idle = idle;
	}

	/**
	 * The session of a principal's MCP session, created on first sight.
	 * @param mcpSessionId the transport's session id, or {@code null} where there is none
	 * (stdio, in-process): then the principal has one session
	 */
	public AgentSession resolve(String principal, String mcpSessionId, String client) {
		Instant now = this.clock.instant();
		evictIdle(now);
		Key key = new Key(principal, (mcpSessionId != null) ? mcpSessionId : "");
		AgentSession session = this.sessions.computeIfAbsent(key,
				(k) -> new AgentSession("s-" + HexFormat.of().formatHex(randomBytes()), principal, client, now));
		session.touch(now);
		return session;
	}

	/**
	 * The transport's session id of a session ({@code Mcp-Session-Id} on Streamable
	 * HTTP), if it has one.
	 */
	public Optional<String> mcpSessionOf(String handle) {
		return this.sessions.entrySet()
			.stream()
			.filter((entry) -> entry.getValue().handle().equals(handle) && !entry.getKey().mcpSessionId().isEmpty())
			.map((entry) -> entry.getKey().mcpSessionId())
			.findFirst();
	}

	public Optional<AgentSession> find(String handle) {
		return this.sessions.values().stream().filter((session) -> session.handle().equals(handle)).findFirst();
	}

	public List<AgentSession> all() {
		evictIdle(this.clock.instant());
		return List.copyOf(this.sessions.values());
	}

	/** Runs when a session ends: idle, or ended by an operator. */
	public void onEnd(Consumer<AgentSession> listener) {
		this.endListeners.add(listener);
	}

	/** Ends a session now. */
	public boolean end(String handle) {
		for (Map.Entry<Key, AgentSession> entry : this.sessions.entrySet()) {
			if (entry.getValue().handle().equals(handle) && this.sessions.remove(entry.getKey(), entry.getValue())) {
				ended(entry.getValue());
				return true;
			}
		}
		return false;
	}

	/** Ends the session of a principal's MCP session, when the client closes it. */
	public boolean endMcpSession(String principal, String mcpSessionId) {
		AgentSession session = this.sessions.remove(new Key(principal, mcpSessionId));
		if (session != null) {
			ended(session);
		}
		return session != null;
	}

	Instant now() {
		return this.clock.instant();
	}

	private void evictIdle(Instant now) {
		Instant cutoff = now.minus(this.idle);
		for (Map.Entry<Key, AgentSession> entry : this.sessions.entrySet()) {
			if (entry.getValue().lastSeen().isBefore(cutoff)
					&& this.sessions.remove(entry.getKey(), entry.getValue())) {
				ended(entry.getValue());
			}
		}
	}

	private void ended(AgentSession session) {
		session.clearGrants();
		this.endListeners.forEach((listener) -> listener.accept(session));
	}

	private static byte[] randomBytes() {
		byte[] bytes = new byte[8];
		RANDOM.nextBytes(bytes);
		return bytes;
	}

	private record Key(String principal, String mcpSessionId) {
	}

}
