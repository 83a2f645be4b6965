package dev.deskhand.platform.windows;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The buffers {@code GetExtendedTcpTable} fills with {@code TCP_TABLE_OWNER_PID_ALL}: one
 * row per TCP socket of the machine, both ends of a loopback connection included, each
 * with the id of the process that owns it. Parsing only: {@link WindowsConnectionOwners}
 * asks iphlpapi.
 * <p>
 * Both tables are a {@code DWORD dwNumEntries} followed by the rows, in the machine's
 * order (little endian on every Windows Deskhand runs on). {@code MIB_TCPROW_OWNER_PID}
 * (24 bytes): {@code dwState, dwLocalAddr, dwLocalPort, dwRemoteAddr, dwRemotePort,
 * dwOwningPid}. {@code MIB_TCP6ROW_OWNER_PID} (56 bytes):
 * {@code ucLocalAddr[16], dwLocalScopeId, dwLocalPort, ucRemoteAddr[16], dwRemoteScopeId,
 * dwRemotePort, dwState, dwOwningPid}. Addresses are in network order, byte for byte. A
 * port is a {@code DWORD} whose two lowest-addressed bytes are the port in network order
 * (what {@code ntohs((u_short) dwLocalPort)} reads); Microsoft leaves its upper two bytes
 * undefined, so they are ignored. An IPv4-mapped IPv6 address comes out as the IPv4 one,
 * as the servlet container reports it.
 */
final class WindowsTcpTable {

	static final int IPV4_ROW_BYTES = 24;

	static final int IPV6_ROW_BYTES = 56;

	/** {@code MIB_TCP_STATE_TIME_WAIT}: the connection is closed, its pid is 0. */
	static final int TIME_WAIT = 11;

	/** {@code MIB_TCP_STATE_ESTAB}. */
	static final int ESTABLISHED = 5;

	/** {@code MIB_TCP_STATE_LISTEN}. */
	static final int LISTEN = 2;

	private static final int HEADER_BYTES = 4;

	private WindowsTcpTable() {
	}

	/**
	 * One socket.
	 *
	 * @param local this socket's own address and port
	 * @param remote its peer's, 0.0.0.0:0 for a listening socket
	 * @param state the {@code MIB_TCP_STATE} (1 closed to 12 delete TCB)
	 * @param pid the owning process; 0 (the idle process) when no process owns it any
	 * more
	 */
	record Row(InetSocketAddress local, InetSocketAddress remote, int state, int pid) {

		/** Whether {@link #pid} names a process that holds the socket. */
		boolean ownerKnown() {
			return this.pid != 0 && this.state != TIME_WAIT;
		}

	}

	/** The rows of a {@code MIB_TCPTABLE_OWNER_PID} ({@code AF_INET}). */
	static List<Row> parseIpv4(byte[] table) {
		ByteBuffer buffer = ByteBuffer.wrap(table).order(ByteOrder.LITTLE_ENDIAN);
		int count = rowsIn(buffer, IPV4_ROW_BYTES);
		List<Row> rows = new ArrayList<>(count);
		for (int i = 0; i < count; i++) {
			int row = HEADER_BYTES + i * IPV4_ROW_BYTES;
			rows.add(new Row(endpoint(table, row + 4, 4, row + 8), endpoint(table, row + 12, 4, row + 16),
					buffer.getInt(row), buffer.getInt(row + 20)));
		}
		return rows;
	}

	/** The rows of a {@code MIB_TCP6TABLE_OWNER_PID} ({@code AF_INET6}). */
	static List<Row> parseIpv6(byte[] table) {
		ByteBuffer buffer = ByteBuffer.wrap(table).order(ByteOrder.LITTLE_ENDIAN);
		int count = rowsIn(buffer, IPV6_ROW_BYTES);
		List<Row> rows = new ArrayList<>(count);
		for (int i = 0; i < count; i++) {
			int row = HEADER_BYTES + i * IPV6_ROW_BYTES;
			// The scope ids (row + 16, row + 40) are 0 on loopback and are not compared:
			// the servlet container's addresses carry none either.
			rows.add(new Row(endpoint(table, row, 16, row + 20), endpoint(table, row + 24, 16, row + 44),
					buffer.getInt(row + 48), buffer.getInt(row + 52)));
		}
		return rows;
	}

	/**
	 * The process owning the socket whose local end is {@code client} and remote end is
	 * {@code server}: the client's side of the connection, as opposed to the server's row
	 * of the same pair, which shows this process's pid.
	 */
	static Optional<Row> clientSide(List<Row> rows, InetSocketAddress client, InetSocketAddress server) {
		return rows.stream()
			.filter((row) -> row.local().equals(client) && row.remote().equals(server) && row.ownerKnown())
			.findFirst();
	}

	/**
	 * How many whole rows the buffer holds: {@code dwNumEntries}, or fewer if the buffer
	 * ends first (it never should; a short buffer is read as far as it goes).
	 */
	private static int rowsIn(ByteBuffer buffer, int rowBytes) {
		if (buffer.capacity() < HEADER_BYTES) {
			return 0;
		}
		long declared = Integer.toUnsignedLong(buffer.getInt(0));
		return (int) Math.min(declared, (buffer.capacity() - HEADER_BYTES) / rowBytes);
	}

	private static InetSocketAddress endpoint(byte[] table, int address, int length, int port) {
		try {
			// getByAddress turns an IPv4-mapped address into the IPv4 one.
			return new InetSocketAddress(InetAddress.getByAddress(Arrays.copyOfRange(table, address, address + length)),
					((table[port] & 0xFF) << 8) | (table[port + 1] & 0xFF));
		}
		catch (UnknownHostException ex) {
			// Only thrown for a length other than 4 or 16.
			throw new IllegalStateException(ex);
		}
	}

}
