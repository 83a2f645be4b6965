package dev.deskhand.mcp;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.HashMap;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.deskhand.platform.ClientConnections;
import dev.deskhand.platform.ClientConnections.Connection;
import dev.deskhand.platform.ClientConnections.State;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Whether a Streamable HTTP session's client is gone, from the states the OS gives the
 * connections it used (a table of states stands in for {@code /proc/net/tcp}).
 */
class McpClientTrailsTests {

	private final Map<Connection, State> states = new HashMap<>();

	private final ClientConnections os = (asked) -> {
		Map<Connection, State> answer = new HashMap<>();
		asked.forEach((connection) -> answer.put(connection, this.states.getOrDefault(connection, State.ABSENT)));
		return answer;
	};

	private final McpClientTrails trails = new McpClientTrails(this.os);

	@Test
	void aClientThatClosedEveryConnectionItUsedIsGone() {
		Connection post = connection(8080, 41001);
		Connection stream = connection(8080, 41002);
		Connection other = connection(8080, 41003);
		this.trails.record("one-shot", post);
		this.trails.record("one-shot", stream);
		this.trails.record("other", other);
		this.states.put(post, State.OPEN);
		this.states.put(stream, State.OPEN);
		this.states.put(other, State.OPEN);
		assertThat(this.trails.departed("one-shot")).isFalse();

		// its POST connection reset and gone, its GET stream closed by the client
		this.states.remove(post);
		assertThat(this.trails.departed("one-shot")).as("its GET stream is still open").isFalse();
		this.states.put(stream, State.CLOSED_BY_CLIENT);
		assertThat(this.trails.departed("one-shot")).isTrue();
		assertThat(this.trails.departed("other")).isFalse();
	}

	@Test
	void connectionsTheOsNeverListedAtThatServerEndMeanNothing() {
		// the container names the server end one way, the OS another: nothing it does not
		// list is taken for gone
		Connection unlisted = connection(9090, 41004);
		this.trails.record("s", unlisted);
		assertThat(this.trails.departed("s")).isFalse();

		// once a connection at that end was listed open, an unlisted one is gone
		Connection listed = connection(9090, 41005);
		this.states.put(listed, State.OPEN);
		this.trails.record("t", listed);
		assertThat(this.trails.departed("s")).isTrue();
	}

	@Test
	void aSessionWithoutATrailOrWhereTheOsCannotTellIsNotGone() {
		assertThat(this.trails.departed("never-seen")).isFalse();
		McpClientTrails unsupported = new McpClientTrails(ClientConnections.unsupported());
		unsupported.record("s", connection(8080, 41006));
		assertThat(unsupported.departed("s")).isFalse();
	}

	@Test
	void aForgottenSessionHasNoTrail() {
		Connection connection = connection(8080, 41007);
		this.states.put(connection, State.CLOSED_BY_CLIENT);
		this.trails.record("s", connection);
		assertThat(this.trails.departed("s")).isTrue();
		this.trails.forget("s");
		assertThat(this.trails.departed("s")).isFalse();
	}

	@Test
	void onlyTheNewestConnectionsOfASessionCount() {
		for (int i = 0; i < McpClientTrails.KEPT; i++) {
			Connection closed = connection(8080, 42000 + i);
			this.states.put(closed, State.CLOSED_BY_CLIENT);
			this.trails.record("s", closed);
		}
		Connection open = connection(8080, 43000);
		this.states.put(open, State.OPEN);
		this.trails.record("s", open);
		assertThat(this.trails.departed("s")).isFalse();
		this.states.put(open, State.CLOSED_BY_CLIENT);
		assertThat(this.trails.departed("s")).isTrue();
	}

	private static Connection connection(int serverPort, int clientPort) {
		InetAddress loopback = InetAddress.getLoopbackAddress();
		return new Connection(new InetSocketAddress(loopback, serverPort), new InetSocketAddress(loopback, clientPort));
	}

}
