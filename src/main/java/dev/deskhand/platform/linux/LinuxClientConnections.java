package dev.deskhand.platform.linux;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import dev.deskhand.platform.ClientConnections;
import dev.deskhand.platform.ClientConnections.State;

/**
 * Linux: this process's end of a connection is a row of {@code /proc/net/tcp} or
 * {@code tcp6}. {@code CLOSE_WAIT} there (or {@code LAST_ACK}, {@code CLOSING},
 * {@code CLOSE}) means the client sent its FIN; no row (in two readings) means the client
 * reset the connection and the kernel dropped it, or the servlet container named an
 * address differently than the kernel does (which is why the caller counts it only after
 * having seen the row).
 */
final class LinuxClientConnections implements ClientConnections {

	private static final List<Path> TABLES = List.of(Path.of("/proc/net/tcp"), Path.of("/proc/net/tcp6"));

	private static final Set<ProcNetTcp.TcpState> CLOSED_BY_CLIENT = Set.of(ProcNetTcp.TcpState.CLOSE_WAIT,
			ProcNetTcp.TcpState.LAST_ACK, ProcNetTcp.TcpState.CLOSING, ProcNetTcp.TcpState.CLOSE);

	private final List<Path> tables;

	LinuxClientConnections() {
		this(TABLES);
	}

	LinuxClientConnections(List<Path> tables) {
		this.tables = tables;
	}

	@Override
	public Map<Connection, State> states(Set<Connection> connections) {
		Map<Connection, State> states = new HashMap<>();
		if (connections.isEmpty()) {
			return states;
		}
		classify(connections, rows(), states);
		Set<Connection> absent = new HashSet<>();
		states.forEach((connection, state) -> {
			if (state == State.ABSENT) {
				absent.add(connection);
			}
		});
		if (!absent.isEmpty()) {
			// The kernel writes these files a chunk at a time: a row can move under a
			// concurrent insertion and be skipped once. Only a second miss counts.
			classify(absent, rows(), states);
		}
		return states;
	}

	static void classify(Set<Connection> connections, List<ProcNetTcp.Row> rows, Map<Connection, State> states) {
		Map<Connection, ProcNetTcp.TcpState> found = rows.stream()
			.collect(Collectors.toMap((row) -> new Connection(row.local(), row.remote()), ProcNetTcp.Row::state,
					(first, second) -> first));
		for (Connection connection : connections) {
			ProcNetTcp.TcpState state = found.get(connection);
			states.put(connection, (state == null) ? State.ABSENT
					: CLOSED_BY_CLIENT.contains(state) ? State.CLOSED_BY_CLIENT : State.OPEN);
		}
	}

	private List<ProcNetTcp.Row> rows() {
		return ProcNetTcp.read(this.tables);
	}

}
