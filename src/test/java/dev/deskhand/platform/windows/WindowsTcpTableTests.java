package dev.deskhand.platform.windows;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.deskhand.platform.windows.WindowsTcpTable.Row;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Fixtures written byte by byte from the structure definitions in {@code tcpmib.h} (a
 * server on 8080 = 0x1F90, its clients on 0xD431 to 0xD434), in the little-endian layout
 * {@code GetExtendedTcpTable} fills. Never compared with a buffer from a real Windows:
 * the layout is the documented one.
 */
class WindowsTcpTableTests {

	// dwNumEntries, then MIB_TCPROW_OWNER_PID: state, local addr, local port, remote
	// addr, remote port, pid
	private static final String TCP = """
			05000000
			02000000 00000000 1F900000 00000000 00000000 A00F0000
			05000000 7F000001 1F900000 7F000001 D4310000 A00F0000
			05000000 7F000001 D431ABCD 7F000001 1F900000 92100000
			0B000000 7F000001 D4320000 7F000001 1F900000 00000000
			05000000 7F000001 D4350000 7F000001 1F900000 00000000
			""";

	// dwNumEntries, then MIB_TCP6ROW_OWNER_PID: local addr, scope, port, remote addr,
	// scope, port, state, pid
	private static final String TCP6 = """
			02000000
			00000000000000000000000000000001 00000000 D4330000 00000000000000000000000000000001 00000000 1F900000 05000000 00200000
			00000000000000000000FFFF7F000001 00000000 D4340000 00000000000000000000FFFF7F000001 00000000 1F900000 08000000 00300000
			""";

	@Test
	void readsIpv4RowsWithTheirStateAndPid() throws Exception {
		List<Row> rows = WindowsTcpTable.parseIpv4(bytes(TCP));
		assertThat(rows).hasSize(5);
		assertThat(rows.get(0)).isEqualTo(new Row(at("0.0.0.0", 8080), at("0.0.0.0", 0), WindowsTcpTable.LISTEN, 4000));
		// the port's upper two bytes are undefined and ignored
		assertThat(rows.get(2))
			.isEqualTo(new Row(at("127.0.0.1", 0xD431), at("127.0.0.1", 8080), WindowsTcpTable.ESTABLISHED, 0x1092));
		assertThat(rows.get(3).state()).isEqualTo(WindowsTcpTable.TIME_WAIT);
	}

	@Test
	void readsIpv6AndIpv4MappedRows() throws Exception {
		List<Row> rows = WindowsTcpTable.parseIpv6(bytes(TCP6));
		assertThat(rows).containsExactly(
				new Row(at("::1", 0xD433), at("::1", 8080), WindowsTcpTable.ESTABLISHED, 0x2000),
				// ::ffff:127.0.0.1 is the IPv4 address a servlet container reports
				new Row(at("127.0.0.1", 0xD434), at("127.0.0.1", 8080), 8, 0x3000));
	}

	@Test
	void theRowSizesAreTheStructures() throws Exception {
		byte[] one = bytes("01000000 05000000 7F000001 D4310000 7F000001 1F900000 92100000");
		assertThat(one).hasSize(4 + WindowsTcpTable.IPV4_ROW_BYTES);
		assertThat(WindowsTcpTable.parseIpv4(one))
			.containsExactly(new Row(at("127.0.0.1", 0xD431), at("127.0.0.1", 8080), 5, 0x1092));
		assertThat(bytes(TCP6)).hasSize(4 + 2 * WindowsTcpTable.IPV6_ROW_BYTES);
	}

	@Test
	void theClientSideIsTheRowWhoseLocalEndIsTheClient() throws Exception {
		List<Row> rows = new ArrayList<>(WindowsTcpTable.parseIpv4(bytes(TCP)));
		rows.addAll(WindowsTcpTable.parseIpv6(bytes(TCP6)));
		// the server's row of the same pair (pid 4000) is not the answer
		assertThat(WindowsTcpTable.clientSide(rows, at("127.0.0.1", 0xD431), at("127.0.0.1", 8080))).map(Row::pid)
			.contains(0x1092);
		assertThat(WindowsTcpTable.clientSide(rows, at("::1", 0xD433), at("::1", 8080))).map(Row::pid).contains(0x2000);
		assertThat(WindowsTcpTable.clientSide(rows, at("127.0.0.1", 0xD434), at("127.0.0.1", 8080))).map(Row::pid)
			.contains(0x3000);
	}

	@Test
	void aTimeWaitRowOrOneWithoutAProcessOwnsNothing() throws Exception {
		List<Row> rows = WindowsTcpTable.parseIpv4(bytes(TCP));
		assertThat(WindowsTcpTable.clientSide(rows, at("127.0.0.1", 0xD432), at("127.0.0.1", 8080))).isEmpty();
		assertThat(WindowsTcpTable.clientSide(rows, at("127.0.0.1", 0xD435), at("127.0.0.1", 8080))).isEmpty();
	}

	@Test
	void noRowForAnotherPair() throws Exception {
		List<Row> rows = WindowsTcpTable.parseIpv4(bytes(TCP));
		assertThat(WindowsTcpTable.clientSide(rows, at("127.0.0.1", 0xD431), at("127.0.0.1", 8081))).isEmpty();
		assertThat(WindowsTcpTable.clientSide(rows, at("127.0.0.2", 0xD431), at("127.0.0.1", 8080))).isEmpty();
	}

	@Test
	void aShortBufferIsReadAsFarAsItGoes() {
		byte[] full = bytes(TCP);
		byte[] cut = Arrays.copyOf(full, full.length - 1);
		assertThat(WindowsTcpTable.parseIpv4(cut)).hasSize(4);
		assertThat(WindowsTcpTable.parseIpv4(new byte[2])).isEmpty();
		assertThat(WindowsTcpTable.parseIpv6(new byte[0])).isEmpty();
	}

	private static byte[] bytes(String hex) {
		return HexFormat.of().parseHex(hex.replaceAll("\\s", ""));
	}

	private static InetSocketAddress at(String address, int port) throws UnknownHostException {
		return new InetSocketAddress(InetAddress.getByName(address), port);
	}

}
