package dev.deskhand.platform.linux;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.nio.ByteOrder;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.deskhand.platform.linux.ProcNetTcp.Row;
import dev.deskhand.platform.linux.ProcNetTcp.TcpState;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Fixtures are rows read from a real x86-64 kernel (a server on port 0xE8C3 = 59587 and
 * its clients), with the uid column changed to tell the rows apart.
 */
class ProcNetTcpTests {

	private static final String TCP = """
			  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode
			   0: 0100007F:1F90 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 294 1 00000000df53ccd3 100 0 0 10 0
			   1: 0100007F:1F90 0100007F:A1B2 01 00000000:00000000 00:00000000 00000000  1000        0 29070 1 00000000a92d312e 20 0 0 10 -1
			   2: 0100007F:A1B2 0100007F:1F90 01 00000000:00000000 00:00000000 00000000 65534        0 29071 2 00000000c5609c3d 20 0 0 10 -1
			   3: 0100007F:A1B3 0100007F:1F90 06 00000000:00000000 03:00001770 00000000     0        0 0 3 0000000000000000
			""";

	private static final String TCP6 = """
			  sl  local_address                         remote_address                        st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode
			   0: 00000000000000000000000000000000:E8C3 00000000000000000000000000000000:0000 0A 00000000:00000002 00:00000000 00000000  1000        0 29065 3 000000009e1dcfa5 100 0 0 10 0
			   1: 0000000000000000FFFF00000100007F:ACE4 0000000000000000FFFF00000100007F:E8C3 01 00000000:00000000 00:00000000 00000000  1001        0 29066 2 00000000c5609c3d 20 0 0 10 -1
			   2: 00000000000000000000000001000000:9D64 00000000000000000000000001000000:E8C3 08 00000000:00000000 00:00000000 00000000  1002        0 29067 2 000000006c60d1a4 20 0 0 10 -1
			   3: 00000000000000000000000001000000:E8C3 00000000000000000000000001000000:9D64 01 00000000:00000000 00:00000000 00000000  1000        0 0 1 00000000a92d312e 20 0 0 10 -1
			""";

	@Test
	void readsIpv4RowsWithTheirStateAndUid() throws Exception {
		List<Row> rows = ProcNetTcp.parse(TCP, ByteOrder.LITTLE_ENDIAN);
		assertThat(rows).hasSize(4);
		assertThat(rows.get(0)).isEqualTo(new Row(at("127.0.0.1", 8080), at("0.0.0.0", 0), TcpState.LISTEN, 0));
		assertThat(rows.get(2))
			.isEqualTo(new Row(at("127.0.0.1", 0xA1B2), at("127.0.0.1", 8080), TcpState.ESTABLISHED, 65534));
		assertThat(rows.get(3).state()).isEqualTo(TcpState.TIME_WAIT);
	}

	@Test
	void readsIpv6AndIpv4MappedRows() throws Exception {
		List<Row> rows = ProcNetTcp.parse(TCP6, ByteOrder.LITTLE_ENDIAN);
		assertThat(rows).hasSize(4);
		assertThat(rows.get(0).local()).isEqualTo(at("::", 59587));
		// ::ffff:127.0.0.1 is the IPv4 address a servlet container reports
		assertThat(rows.get(1))
			.isEqualTo(new Row(at("127.0.0.1", 0xACE4), at("127.0.0.1", 59587), TcpState.ESTABLISHED, 1001));
		assertThat(rows.get(2)).isEqualTo(new Row(at("::1", 0x9D64), at("::1", 59587), TcpState.CLOSE_WAIT, 1002));
	}

	@Test
	void aBigEndianKernelPrintsTheBytesInOrder() throws Exception {
		List<Row> rows = ProcNetTcp.parse("   0: 7F000001:1F90 7F000002:0050 01 0:0 0:0 0  42  0 1\n",
				ByteOrder.BIG_ENDIAN);
		assertThat(rows).containsExactly(new Row(at("127.0.0.1", 8080), at("127.0.0.2", 80), TcpState.ESTABLISHED, 42));
	}

	@Test
	void theClientSideIsTheRowWhoseLocalEndIsTheClient() throws Exception {
		List<Row> rows = ProcNetTcp.parse(TCP + TCP6, ByteOrder.LITTLE_ENDIAN);
		// the server's row of the same pair (uid 1000) is not the answer
		assertThat(ProcNetTcp.clientSide(rows, at("127.0.0.1", 0xA1B2), at("127.0.0.1", 8080))).map(Row::uid)
			.contains(65534L);
		assertThat(ProcNetTcp.clientSide(rows, at("127.0.0.1", 0xACE4), at("127.0.0.1", 59587))).map(Row::uid)
			.contains(1001L);
		assertThat(ProcNetTcp.clientSide(rows, at("::1", 0x9D64), at("::1", 59587))).map(Row::uid).contains(1002L);
	}

	@Test
	void aTimeWaitRowOwnsNothing() throws Exception {
		// its uid column is 0 whoever opened it: it is no longer anyone's socket
		List<Row> rows = ProcNetTcp.parse(TCP, ByteOrder.LITTLE_ENDIAN);
		assertThat(ProcNetTcp.clientSide(rows, at("127.0.0.1", 0xA1B3), at("127.0.0.1", 8080))).isEmpty();
	}

	@Test
	void noRowForAnotherPair() throws Exception {
		List<Row> rows = ProcNetTcp.parse(TCP + TCP6, ByteOrder.LITTLE_ENDIAN);
		assertThat(ProcNetTcp.clientSide(rows, at("127.0.0.1", 0xA1B2), at("127.0.0.1", 8081))).isEmpty();
		assertThat(ProcNetTcp.clientSide(rows, at("127.0.0.2", 0xA1B2), at("127.0.0.1", 8080))).isEmpty();
	}

	@Test
	void linesThatAreNotRowsAreSkipped() {
		assertThat(ProcNetTcp.parse("garbage\n   0: nothex:1F90 00000000:0000 0A 0:0 0:0 0 0 0 1\n\n",
				ByteOrder.LITTLE_ENDIAN))
			.isEmpty();
	}

	private static InetSocketAddress at(String address, int port) throws UnknownHostException {
		return new InetSocketAddress(InetAddress.getByName(address), port);
	}

}
