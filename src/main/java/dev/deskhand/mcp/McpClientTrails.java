package dev.deskhand.mcp;

import java.net.InetSocketAddress;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import dev.deskhand.platform.ClientConnections;
import dev.deskhand.platform.ClientConnections.Connection;
import dev.deskhand.platform.ClientConnections.State;

/**
 * The TCP connections each Streamable HTTP session's client has used (its POSTs, its
 * {@code GET} stream), so that a client that closed every one of them can be told from
 * one that is still there. A one-shot client (the MCP Inspector's CLI:
 * {@code initialize}, one {@code tools/call}, exit) never sends {@code DELETE /mcp}, but
 * its process's exit closes its connections; a live client keeps at least its {@code GET}
 * stream open, or a connection with a call in flight. The OS is asked
 * ({@link ClientConnections}) only when someone wants to know, so nothing runs while
 * nobody does.
 */
final class McpClientTrails {

	/** A client uses one or two connections at a time; older ones are closed anyway. */
	static final int KEPT = 8;

	private final ClientConnections connections;

	private final Map<String, Deque<Connection>> trails = new ConcurrentHashMap<>();

	/**
	 * Server ends at which the OS has listed a connection as the servlet container named
	 * it: only there does a connection the OS no longer lists mean one that is gone.
	 */
	private final Set<InetSocketAddress> listedServerEnds = ConcurrentHashMap.newKeySet();

	// The connection of the newest request: open while it runs, so it shows whether the
	// OS lists connections as the container names them.
	private volatile Connection newest;

	McpClientTrails(ClientConnections connections) {
		this.connections = connections;
	}

	/** A request of {@code mcpSession} came on {@code connection}. */
	void record(String mcpSession, Connection connection) {
		Deque<Connection> trail = this.trails.computeIfAbsent(mcpSession, (id) -> new ArrayDeque<>());
		// Guarded by the trail: requests of one session may come at once.
		synchronized (trail) {
			trail.remove(connection);
			trail.addLast(connection);
			while (trail.size() > KEPT) {
				trail.removeFirst();
			}
		}
		this.newest = connection;
	}

	/** The session ended: its trail goes. */
	void forget(String mcpSession) {
		if (mcpSession != null) {
			this.trails.remove(mcpSession);
		}
	}

	/**
	 * Whether every connection {@code mcpSession}'s client used is closed by the client
	 * or gone: then it has no stream open and no call in flight. {@code false} for a
	 * session with no trail, or where the OS cannot say.
	 */
	boolean departed(String mcpSession) {
		Deque<Connection> trail = this.trails.get(mcpSession);
		if (trail == null) {
			return false;
		}
		List<Connection> used;
		synchronized (trail) {
			used = List.copyOf(trail);
		}
		if (used.isEmpty()) {
			return false;
		}
		Set<Connection> asked = new HashSet<>(used);
		Connection control = this.newest;
		if (control != null) {
			asked.add(control);
		}
		Map<Connection, State> states = this.connections.states(asked);
		states.forEach((connection, state) -> {
			if (state == State.OPEN) {
				this.listedServerEnds.add(connection.server());
			}
		});
		return used.stream().allMatch((connection) -> gone(connection, states.get(connection)));
	}

	private boolean gone(Connection connection, State state) {
		return state == State.CLOSED_BY_CLIENT
				|| (state == State.ABSENT && this.listedServerEnds.contains(connection.server()));
	}

}
