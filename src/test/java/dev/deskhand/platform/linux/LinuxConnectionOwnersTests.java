package dev.deskhand.platform.linux;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.deskhand.platform.ConnectionOwners.OsUser;
import dev.deskhand.platform.ConnectionOwners.Owner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class LinuxConnectionOwnersTests {

	@TempDir
	Path dir;

	@Test
	void theEffectiveUidIsTheSecondOfTheUidLine() {
		String status = "Name:\tjava\nUmask:\t0022\nState:\tS (sleeping)\nUid:\t1000\t1001\t1000\t1001\nGid:\t1000\t1000\t1000\t1000\n";
		assertThat(LinuxConnectionOwners.effectiveUid(status)).isEqualTo(1001);
		assertThatIllegalArgumentException().isThrownBy(() -> LinuxConnectionOwners.effectiveUid("Name:\tjava\n"));
	}

	@Test
	void theOwnerIsTheClientRowsUidFromEitherTable() throws Exception {
		Path tcp = Files.writeString(this.dir.resolve("tcp"),
				"  sl  local_address rem_address   st\n"
						+ "   1: 0100007F:1F90 0100007F:A1B2 01 00000000:00000000 00:00000000 00000000  1000 0 1 1\n"
						+ "   2: 0100007F:A1B2 0100007F:1F90 01 00000000:00000000 00:00000000 00000000 65534 0 2 1\n");
		// no tcp6 file: a kernel without IPv6
		LinuxConnectionOwners owners = new LinuxConnectionOwners(1000, List.of(tcp, this.dir.resolve("tcp6")));
		InetAddress loopback = InetAddress.getByName("127.0.0.1");
		assertThat(owners.self()).isEqualTo(new OsUser("uid 1000"));
		assertThat(owners.ownerOf(new InetSocketAddress(loopback, 0xA1B2), new InetSocketAddress(loopback, 8080)))
			.isEqualTo(new Owner.Known(new OsUser("uid 65534")));
		assertThat(owners.ownerOf(new InetSocketAddress(loopback, 0xA1B3), new InetSocketAddress(loopback, 8080)))
			.isEqualTo(new Owner.Unknown("no socket 127.0.0.1:41395 -> 127.0.0.1:8080 in /proc/net/tcp or tcp6"));
	}

	@Test
	void findsThisProcesssOwnClientSocket() throws Exception {
		// The real tables: a connection this JVM opens belongs to this JVM's user.
		LinuxConnectionOwners owners = new LinuxConnectionOwners();
		try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
				Socket client = new Socket(InetAddress.getLoopbackAddress(), server.getLocalPort());
				Socket accepted = server.accept()) {
			Owner owner = owners.ownerOf((InetSocketAddress) accepted.getRemoteSocketAddress(),
					(InetSocketAddress) accepted.getLocalSocketAddress());
			assertThat(owner).isEqualTo(new Owner.Known(owners.self()));
		}
	}

}
