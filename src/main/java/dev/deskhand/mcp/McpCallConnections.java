package dev.deskhand.mcp;

import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.time.Duration;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.input.Cancellation;
import dev.deskhand.platform.ClientConnections;
import dev.deskhand.platform.ClientConnections.Connection;
import dev.deskhand.platform.ClientConnections.State;

/**
 * Cancels a {@code tools/call} whose client hung up. A call waiting for an approval or
 * for the person at the desk writes nothing on its connection, so Tomcat cannot tell that
 * the client closed it; the OS can ({@link ClientConnections}). Every {@link #INTERVAL}
 * while calls are in flight, their connections are looked up in one reading.
 */
final class McpCallConnections implements AutoCloseable {

	static final Duration INTERVAL = Duration.ofMillis(500);

	private static final Logger logger = LoggerFactory.getLogger(McpCallConnections.class);

	private final ClientConnections connections;

	private final Map<Cancellation, Watched> calls = new ConcurrentHashMap<>();

	private final ScheduledExecutorService checker;

	McpCallConnections(ClientConnections connections) {
		this.connections = connections;
		this.checker = Executors.newSingleThreadScheduledExecutor((task) -> {
			Thread thread = new Thread(task, "deskhand-call-connections");
			thread.setDaemon(true);
			return thread;
		});
		this.checker.scheduleWithFixedDelay(this::check, INTERVAL.toMillis(), INTERVAL.toMillis(),
				TimeUnit.MILLISECONDS);
	}

	/** Watches a call's connection until the returned handle runs. */
	Runnable watch(Connection connection, Cancellation cancellation) {
		this.calls.put(cancellation, new Watched(connection));
		return () -> this.calls.remove(cancellation);
	}

	void check() {
		if (this.calls.isEmpty()) {
			return;
		}
		try {
			Set<Connection> watched = new HashSet<>();
			this.calls.values().forEach((call) -> watched.add(call.connection()));
			Map<Connection, State> states = this.connections.states(watched);
			this.calls.forEach((cancellation, call) -> {
				if (call.gone(states.getOrDefault(call.connection(), State.UNKNOWN))
						&& this.calls.remove(cancellation, call)) {
					cancellation.cancel(new DeskhandException(ErrorCode.E_FAIL,
							"the client's connection closed; the call was stopped and every held key and button released"));
				}
			});
		}
		catch (RuntimeException ex) {
			// A table that cannot be read now may be readable next time; the calls go on.
			logger.debug("could not tell whether the MCP clients are still connected: {}", ex.toString());
		}
	}

	/**
	 * A call's connection, and whether the OS has listed it: a connection it never listed
	 * may be one it names differently, not one that is gone.
	 */
	private static final class Watched {

		private final Connection connection;

		private volatile boolean seen;

		Watched(Connection connection) {
			this.connection = connection;
		}

		Connection connection() {
			return this.connection;
		}

		// Only the checker thread calls this.
		boolean gone(State state) {
			if (state == State.OPEN) {
				this.seen = true;
			}
			return state == State.CLOSED_BY_CLIENT || (state == State.ABSENT && this.seen);
		}

	}

	@Override
	public void close() {
		this.checker.shutdownNow();
	}

}
