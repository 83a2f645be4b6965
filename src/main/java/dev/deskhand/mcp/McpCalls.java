package dev.deskhand.mcp;

import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.input.Cancellation;

/**
 * The {@code tools/call} requests in flight, by principal, MCP session and JSON-RPC id,
 * so that a {@code notifications/cancelled} from the same principal and session stops the
 * one it names. The MCP SDK has no handler for that notification; without this a
 * cancelled {@code hold_key} kept its keys down until the hold ended.
 */
final class McpCalls {

	private final Map<Key, Cancellation> calls = new ConcurrentHashMap<>();

	// When each session's last call ended; an entry goes with its session (forget).
	private final Map<String, Instant> lastEnded = new ConcurrentHashMap<>();

	/** A call the client may cancel, until {@link #end}. */
	Cancellation begin(String principal, String mcpSession, String requestId) {
		Cancellation cancellation = Cancellation.none();
		this.calls.put(new Key(principal, mcpSession, requestId), cancellation);
		return cancellation;
	}

	void end(String principal, String mcpSession, String requestId, Cancellation cancellation) {
		this.calls.remove(new Key(principal, mcpSession, requestId), cancellation);
		if (mcpSession != null) {
			this.lastEnded.put(mcpSession, Instant.now());
		}
	}

	/** Forgets an ended session's last call. */
	void forget(String mcpSession) {
		if (mcpSession != null) {
			this.lastEnded.remove(mcpSession);
		}
	}

	/**
	 * @return whether a call in flight had that id (an unknown one is ignored, as the
	 * spec says)
	 */
	boolean cancel(String principal, String mcpSession, String requestId, String reason) {
		Cancellation cancellation = this.calls.get(new Key(principal, mcpSession, requestId));
		if (cancellation == null) {
			return false;
		}
		cancellation.cancel(new DeskhandException(ErrorCode.E_FAIL,
				"the client cancelled the call"
						+ ((reason != null && !reason.isBlank())
								? " (" + reason.substring(0, Math.min(100, reason.length())) + ")" : "")
						+ "; it was stopped and every held key and button released"));
		return true;
	}

	/**
	 * Cancels every call in flight in a session that ended: what they wait for (an
	 * approval, the person at the desk) is withdrawn, what they run stops.
	 * @return how many were in flight
	 */
	int cancelSession(String principal, String mcpSession, String why) {
		int cancelled = 0;
		for (Map.Entry<Key, Cancellation> call : this.calls.entrySet()) {
			if (call.getKey().principal().equals(principal) && call.getKey().mcpSession().equals(mcpSession)) {
				call.getValue().cancel(new DeskhandException(ErrorCode.E_FAIL, why));
				cancelled++;
			}
		}
		return cancelled;
	}

	/** Whether this MCP session has a call in flight now. */
	boolean inFlight(String mcpSession) {
		return this.calls.keySet().stream().anyMatch((key) -> key.mcpSession().equals(mcpSession));
	}

	/**
	 * Whether this MCP session had a call in flight at any time since {@code since}: a
	 * client waiting for a long {@code request_human} or approval sends nothing
	 * meanwhile, and is not idle.
	 */
	boolean activeSince(String mcpSession, Instant since) {
		if (inFlight(mcpSession)) {
			return true;
		}
		Instant ended = this.lastEnded.get(mcpSession);
		return ended != null && ended.isAfter(since);
	}

	/**
	 * @param mcpSession the {@code Mcp-Session-Id} header, or on legacy SSE the message
	 * endpoint's {@code sessionId} parameter
	 */
	private record Key(String principal, String mcpSession, String requestId) {

	}

}
