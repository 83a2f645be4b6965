package dev.deskhand.platform.linux.wayland.wire;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;

/**
 * A compositor played by the test, one message at a time on a real Unix socket: reads the
 * client's requests and writes the events a script chooses. Descriptors the client sends
 * are dropped (Java channels do not receive them), so it cannot look into shm buffers.
 */
public final class WaylandScriptedCompositor implements AutoCloseable {

	private final ServerSocketChannel server;

	private final Path socket;

	private SocketChannel peer;

	public WaylandScriptedCompositor(Path dir) {
		try {
			this.socket = dir.resolve("wayland-scripted");
			this.server = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
			this.server.bind(UnixDomainSocketAddress.of(this.socket));
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/** Connects a client; {@link #accept()} takes its side. */
	public WaylandConnection connect(Duration timeout) {
		return WaylandConnection.open(this.socket, timeout);
	}

	public void accept() {
		try {
			this.peer = this.server.accept();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/** The next request, whole. */
	public Request read() {
		ByteBuffer header = readBytes(8);
		int objectId = header.getInt(0);
		int word = header.getInt(4);
		ByteBuffer body = readBytes((word >>> 16) - 8);
		return new Request(objectId, word & 0xFFFF, body);
	}

	/** Reads the next request and checks it is {@code opcode} on {@code objectId}. */
	public Request expect(int objectId, int opcode) {
		Request request = read();
		if (request.objectId() != objectId || request.opcode() != opcode) {
			throw new AssertionError("expected request " + opcode + " on object " + objectId + ", got "
					+ request.opcode() + " on " + request.objectId());
		}
		return request;
	}

	/** Writes an event of 32-bit words and strings, in order. */
	public void send(int objectId, int opcode, Object... arguments) {
		WaylandWireRequest message = WaylandWireRequest.detached(objectId, opcode);
		for (Object argument : arguments) {
			if (argument instanceof String text) {
				message.string(text);
			}
			else {
				message.intArg((Integer) argument);
			}
		}
		ByteBuffer bytes = ByteBuffer.wrap(message.encode());
		try {
			while (bytes.hasRemaining()) {
				this.peer.write(bytes);
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/** Answers a {@code wl_display.sync}: done, then delete_id, as compositors do. */
	public void answerSync(Request sync) {
		int callback = sync.arguments().getInt(0);
		send(callback, 0, 1);
		send(1, 1, callback);
	}

	/** Skips requests up to the next {@code wl_display.sync} and answers it. */
	public void answerNextSync() {
		WaylandScriptedCompositor.Request request;
		do {
			request = read();
		}
		while (request.objectId() != 1 || request.opcode() != 0);
		answerSync(request);
	}

	private ByteBuffer readBytes(int count) {
		ByteBuffer buffer = ByteBuffer.allocate(count).order(ByteOrder.nativeOrder());
		try {
			while (buffer.hasRemaining()) {
				if (this.peer.read(buffer) < 0) {
					throw new IOException("the client closed the connection");
				}
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		return buffer.flip();
	}

	@Override
	public void close() throws IOException {
		if (this.peer != null) {
			this.peer.close();
		}
		this.server.close();
	}

	/** A request as the compositor read it. */
	public record Request(int objectId, int opcode, ByteBuffer arguments) {

		public int word(int index) {
			return this.arguments.getInt(index * 4);
		}

		/**
		 * The {@code new_id} of a {@code wl_registry.bind}: after name, interface,
		 * version.
		 */
		public String boundInterface() {
			int length = this.arguments.getInt(4);
			byte[] bytes = new byte[length - 1];
			this.arguments.get(8, bytes);
			return new String(bytes, StandardCharsets.UTF_8);
		}

		public int boundId() {
			int length = this.arguments.getInt(4);
			return this.arguments.getInt(8 + WaylandWireRequest.padded(length) + 4);
		}

		public int boundVersion() {
			int length = this.arguments.getInt(4);
			return this.arguments.getInt(8 + WaylandWireRequest.padded(length));
		}

	}

}
