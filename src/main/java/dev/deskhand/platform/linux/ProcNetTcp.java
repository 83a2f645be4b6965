package dev.deskhand.platform.linux;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;

/**
 * The rows of {@code /proc/net/tcp} and {@code /proc/net/tcp6}: one per TCP socket of
 * this network namespace, both ends of a loopback connection included, each with the uid
 * that created it. Parsing only: {@link LinuxConnectionOwners} reads the files.
 * <p>
 * An address is hex of the kernel's bytes printed as 32-bit words in host order (little
 * endian on x86-64 and aarch64): {@code 0100007F} is 127.0.0.1 there, and an IPv6 address
 * is four such words. Ports are plain big-endian hex. An IPv4-mapped IPv6 address
 * ({@code ::ffff:127.0.0.1}, a dual-stack socket's view of an IPv4 peer) comes out as the
 * IPv4 address, so either socket family matches the servlet container's addresses.
 */
final class ProcNetTcp {

	private ProcNetTcp() {
	}

	/**
	 * One socket.
	 *
	 * @param local this socket's own address and port
	 * @param remote its peer's, 0.0.0.0:0 for a listening socket
	 * @param state the TCP state
	 * @param uid the uid that created the socket (0 for {@code TIME_WAIT} and
	 * {@code NEW_SYN_RECV}, which are no longer, or not yet, full sockets)
	 */
	record Row(InetSocketAddress local, InetSocketAddress remote, TcpState state, long uid) {

		/** Whether {@link #uid} names the socket's creator. */
		boolean ownerKnown() {
			return this.state != TcpState.TIME_WAIT && this.state != TcpState.NEW_SYN_RECV;
		}

	}

	/** The kernel's TCP states, in the order of their codes (1 to 12). */
	enum TcpState {

		ESTABLISHED, SYN_SENT, SYN_RECV, FIN_WAIT1, FIN_WAIT2, TIME_WAIT, CLOSE, CLOSE_WAIT, LAST_ACK, LISTEN, CLOSING,
		NEW_SYN_RECV, UNKNOWN;

		static TcpState of(int code) {
			TcpState[] states = values();
			return (code >= 1 && code < states.length) ? states[code - 1] : UNKNOWN;
		}

	}

	/**
	 * @param text the whole file, header line included
	 * @return its rows; a line that does not parse is skipped (the header, or a future
	 * kernel's format)
	 */
	/**
	 * The rows of these tables ({@code /proc/net/tcp}, {@code /proc/net/tcp6}); a table
	 * that does not exist (tcp6 on a kernel without IPv6) has none.
	 */
	static List<Row> read(List<Path> tables) {
		List<Row> rows = new ArrayList<>();
		for (Path table : tables) {
			try {
				rows.addAll(parse(Files.readString(table, StandardCharsets.US_ASCII)));
			}
			catch (NoSuchFileException ex) {
				// no IPv6
			}
			catch (IOException ex) {
				throw new UncheckedIOException(ex);
			}
		}
		return rows;
	}

	static List<Row> parse(String text) {
		return parse(text, ByteOrder.nativeOrder());
	}

	static List<Row> parse(String text, ByteOrder order) {
		List<Row> rows = new ArrayList<>();
		for (String line : text.split("\n")) {
			Row row = parseLine(line.strip(), order);
			if (row != null) {
				rows.add(row);
			}
		}
		return rows;
	}

	/**
	 * The owner of the socket whose local end is {@code client} and remote end is
	 * {@code server}: the client's side of the connection, as opposed to the server's row
	 * of the same pair, which shows this process's uid.
	 */
	static Optional<Row> clientSide(List<Row> rows, InetSocketAddress client, InetSocketAddress server) {
		return rows.stream()
			.filter((row) -> row.local().equals(client) && row.remote().equals(server) && row.ownerKnown())
			.findFirst();
	}

	// sl local_address rem_address st tx_queue:rx_queue tr:tm->when retrnsmt uid ...
	private static Row parseLine(String line, ByteOrder order) {
		String[] fields = line.split("\\s+");
		if (fields.length < 8 || !fields[0].endsWith(":")) {
			return null;
		}
		try {
			return new Row(endpoint(fields[1], order), endpoint(fields[2], order),
					TcpState.of(Integer.parseInt(fields[3], 16)), Long.parseLong(fields[7]));
		}
		catch (IllegalArgumentException | UnknownHostException ex) {
			return null;
		}
	}

	static InetSocketAddress endpoint(String field, ByteOrder order) throws UnknownHostException {
		int colon = field.indexOf(':');
		if (colon < 0) {
			throw new IllegalArgumentException("no port in " + field);
		}
		byte[] words = HexFormat.of().parseHex(field.substring(0, colon));
		if (words.length != 4 && words.length != 16) {
			throw new IllegalArgumentException("not an address: " + field);
		}
		byte[] address = words;
		if (order == ByteOrder.LITTLE_ENDIAN) {
			address = new byte[words.length];
			for (int word = 0; word < words.length; word += 4) {
				for (int i = 0; i < 4; i++) {
					address[word + i] = words[word + 3 - i];
				}
			}
		}
		// getByAddress turns an IPv4-mapped address into the IPv4 one.
		return new InetSocketAddress(InetAddress.getByAddress(address),
				Integer.parseInt(field.substring(colon + 1), 16));
	}

}
