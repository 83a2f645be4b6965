package dev.deskhand.mcp;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Which principal opened each MCP protocol session, on both transports. The session id is
 * only a handle a client was told: knowing it must not let another principal speak in
 * that session, or a client holding token B could answer the elicitation that asks token
 * A's human for approval.
 */
final class McpSessionOwners {

	private final Map<String, String> owners = new ConcurrentHashMap<>();

	/**
	 * Records the owner when the transport hands out a new session id. An id is never
	 * reassigned: a second claim on a known id (the transports mint random UUIDs, so only
	 * a bug could cause one) keeps the first owner.
	 */
	void bind(String sessionId, String principal) {
		this.owners.putIfAbsent(sessionId, principal);
	}

	/**
	 * @return whether {@code principal} opened the session; {@code false} for an id never
	 * handed out or already ended
	 */
	boolean isOwner(String sessionId, String principal) {
		return principal.equals(this.owners.get(sessionId));
	}

	/** Who opened the session, or {@code null}. */
	String ownerOf(String sessionId) {
		return this.owners.get(sessionId);
	}

	void forget(String sessionId) {
		this.owners.remove(sessionId);
	}

	int size() {
		return this.owners.size();
	}

}
