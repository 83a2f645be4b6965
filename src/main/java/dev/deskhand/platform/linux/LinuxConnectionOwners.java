package dev.deskhand.platform.linux;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import dev.deskhand.platform.ConnectionOwners;

/**
 * Linux: the owner of a loopback client's socket is the uid column of its row in
 * {@code /proc/net/tcp} or {@code /proc/net/tcp6}, the user this JVM runs as its
 * effective uid in {@code /proc/self/status}.
 */
final class LinuxConnectionOwners implements ConnectionOwners {

	private static final List<Path> TABLES = List.of(Path.of("/proc/net/tcp"), Path.of("/proc/net/tcp6"));

	private final OsUser self;

	private final List<Path> tables;

	LinuxConnectionOwners() {
		this(readUid(Path.of("/proc/self/status")), TABLES);
	}

	LinuxConnectionOwners(long uid, List<Path> tables) {
		this.self = user(uid);
		this.tables = tables;
	}

	@Override
	public OsUser self() {
		return this.self;
	}

	@Override
	public Owner ownerOf(InetSocketAddress client, InetSocketAddress server) {
		// The client's row exists from its connect() until well after the connection
		// closes (TIME_WAIT), so it is there while its request is served. But the kernel
		// writes these files a chunk at a time without a lock over the whole table: a row
		// can move under a concurrent insertion and be skipped once. A second reading
		// finds it then; a second miss means the client is not a socket of this network
		// namespace (or is already gone).
		for (int attempt = 0; attempt < 2; attempt++) {
			Optional<ProcNetTcp.Row> row = ProcNetTcp.clientSide(rows(), client, server);
			if (row.isPresent()) {
				return new Owner.Known(user(row.get().uid()));
			}
		}
		return new Owner.Unknown("no socket " + text(client) + " -> " + text(server) + " in /proc/net/tcp or tcp6");
	}

	private List<ProcNetTcp.Row> rows() {
		return ProcNetTcp.read(this.tables);
	}

	/** The effective uid: the one a socket created by this process would carry. */
	static long effectiveUid(String status) {
		for (String line : status.split("\n")) {
			if (line.startsWith("Uid:")) {
				// Uid: real effective saved filesystem
				String[] ids = line.substring("Uid:".length()).strip().split("\\s+");
				return Long.parseLong(ids[1]);
			}
		}
		throw new IllegalArgumentException("no Uid: line in /proc/self/status");
	}

	private static long readUid(Path status) {
		try {
			return effectiveUid(Files.readString(status, StandardCharsets.US_ASCII));
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private static OsUser user(long uid) {
		return new OsUser("uid " + uid);
	}

	private static String text(InetSocketAddress address) {
		return address.getAddress().getHostAddress() + ":" + address.getPort();
	}

}
