package dev.deskhand.mcp;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.junit.jupiter.api.Test;

import dev.deskhand.input.Cancellation;
import dev.deskhand.platform.ClientConnections.Connection;
import dev.deskhand.platform.ClientConnections.State;

import static org.assertj.core.api.Assertions.assertThat;

class McpCallConnectionsTests {

	private final Map<Connection, State> states = new ConcurrentHashMap<>();

	@Test
	void aCallIsCancelledWhenItsClientClosesOrResetsAConnectionOnceSeen() throws Exception {
		Connection closing = connection(40001);
		Connection resetting = connection(40002);
		Connection neverListed = connection(40003);
		Connection staying = connection(40004);
		try (McpCallConnections connections = new McpCallConnections((asked) -> Map.copyOf(this.states))) {
			Cancellation closed = watched(connections, closing, State.OPEN);
			Cancellation reset = watched(connections, resetting, State.OPEN);
			Cancellation unlisted = watched(connections, neverListed, State.ABSENT);
			Cancellation open = watched(connections, staying, State.OPEN);
			connections.check();
			assertThat(closed.isCancelled() || reset.isCancelled() || unlisted.isCancelled() || open.isCancelled())
				.isFalse();

			this.states.put(closing, State.CLOSED_BY_CLIENT);
			this.states.put(resetting, State.ABSENT);
			connections.check();
			assertThat(closed.isCancelled()).isTrue();
			assertThat(reset.isCancelled()).isTrue();
			// a connection the OS never listed may be one it names differently
			assertThat(unlisted.isCancelled()).isFalse();
			assertThat(open.isCancelled()).isFalse();
		}
	}

	@Test
	void aCallThatEndedIsNoLongerWatched() throws Exception {
		Connection connection = connection(40005);
		try (McpCallConnections connections = new McpCallConnections((asked) -> Map.copyOf(this.states))) {
			Cancellation cancellation = Cancellation.none();
			this.states.put(connection, State.OPEN);
			Runnable unwatch = connections.watch(connection, cancellation);
			connections.check();
			unwatch.run();
			this.states.put(connection, State.CLOSED_BY_CLIENT);
			connections.check();
			assertThat(cancellation.isCancelled()).isFalse();
		}
	}

	private Cancellation watched(McpCallConnections connections, Connection connection, State state) {
		Cancellation cancellation = Cancellation.none();
		this.states.put(connection, state);
		connections.watch(connection, cancellation);
		return cancellation;
	}

	private static Connection connection(int clientPort) throws Exception {
		InetAddress loopback = InetAddress.getByName("127.0.0.1");
		return new Connection(new InetSocketAddress(loopback, 8080), new InetSocketAddress(loopback, clientPort));
	}

}
