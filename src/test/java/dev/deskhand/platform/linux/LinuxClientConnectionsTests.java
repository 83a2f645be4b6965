package dev.deskhand.platform.linux;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

import dev.deskhand.platform.ClientConnections.Connection;
import dev.deskhand.platform.ClientConnections.State;

import static org.assertj.core.api.Assertions.assertThat;

class LinuxClientConnectionsTests {

	@TempDir
	Path dir;

	@Test
	void establishedIsOpenCloseWaitIsClosedByTheClientAndNoRowIsAbsent() throws Exception {
		// this process's ends of three connections from clients on ports A1B2, A1B3, A1B4
		Path tcp = Files.writeString(this.dir.resolve("tcp"),
				"  sl  local_address rem_address   st\n"
						+ "   1: 0100007F:1F90 0100007F:A1B2 01 00000000:00000000 00:00000000 00000000  1000 0 1 1\n"
						+ "   2: 0100007F:1F90 0100007F:A1B3 08 00000000:00000000 00:00000000 00000000  1000 0 2 1\n");
		LinuxClientConnections connections = new LinuxClientConnections(List.of(tcp, this.dir.resolve("tcp6")));
		Connection established = connection(0xA1B2);
		Connection closeWait = connection(0xA1B3);
		Connection reset = connection(0xA1B4);
		assertThat(connections.states(Set.of(established, closeWait, reset)))
			.isEqualTo(Map.of(established, State.OPEN, closeWait, State.CLOSED_BY_CLIENT, reset, State.ABSENT));
		assertThat(connections.states(Set.of())).isEmpty();
	}

	@Test
	@EnabledOnOs(OS.LINUX)
	void aClientThatClosesItsEndIsGoneFromTheRealTables() throws Exception {
		LinuxClientConnections connections = new LinuxClientConnections();
		try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
				Socket client = new Socket(InetAddress.getLoopbackAddress(), server.getLocalPort());
				Socket accepted = server.accept()) {
			Connection connection = new Connection((InetSocketAddress) accepted.getLocalSocketAddress(),
					(InetSocketAddress) accepted.getRemoteSocketAddress());
			assertThat(connections.states(Set.of(connection))).isEqualTo(Map.of(connection, State.OPEN));
			client.close();
			long deadline = System.nanoTime() + 5_000_000_000L;
			while (connections.states(Set.of(connection)).get(connection) != State.CLOSED_BY_CLIENT) {
				assertThat(System.nanoTime()).as("the client's FIN shows as CLOSE_WAIT").isLessThan(deadline);
				Thread.sleep(10);
			}
		}
	}

	private static Connection connection(int clientPort) throws Exception {
		InetAddress loopback = InetAddress.getByName("127.0.0.1");
		return new Connection(new InetSocketAddress(loopback, 8080), new InetSocketAddress(loopback, clientPort));
	}

}
