package dev.deskhand.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;

/**
 * The test rig's own i3-ipc client for sway, independent of the driver's: one connection
 * per request, every read bounded by a deadline so a stuck compositor fails a test
 * instead of hanging it.
 * <p>
 * Frame: the magic {@code "i3-ipc"}, a u32 payload length, a u32 message type, then the
 * UTF-8 payload; the integers are in the host's native byte order (sway writes them with
 * memcpy), not network order.
 */
final class SwayIpcSocket {

	static final int RUN_COMMAND = 0;

	static final int GET_OUTPUTS = 3;

	static final int GET_TREE = 4;

	static final int GET_VERSION = 7;

	static final int GET_SEATS = 101;

	private static final byte[] MAGIC = "i3-ipc".getBytes(StandardCharsets.US_ASCII);

	private static final int HEADER = MAGIC.length + 8;

	private SwayIpcSocket() {
	}

	/**
	 * Sends one request and returns the reply's payload.
	 * @param socket sway's IPC socket
	 * @param type the message type, e.g. {@link #GET_TREE}
	 * @param payload the request's payload (a command for {@link #RUN_COMMAND}, else "")
	 * @param timeout how long the whole exchange may take
	 * @return the reply's JSON text
	 */
	static String request(Path socket, int type, String payload, Duration timeout) {
		long deadline = System.nanoTime() + timeout.toNanos();
		byte[] body = payload.getBytes(StandardCharsets.UTF_8);
		ByteBuffer request = ByteBuffer.allocate(HEADER + body.length).order(ByteOrder.nativeOrder());
		request.put(MAGIC).putInt(body.length).putInt(type).put(body).flip();
		try (SocketChannel channel = SocketChannel.open(StandardProtocolFamily.UNIX);
				Selector selector = Selector.open()) {
			channel.connect(UnixDomainSocketAddress.of(socket));
			channel.configureBlocking(false);
			channel.register(selector, SelectionKey.OP_READ);
			while (request.hasRemaining()) {
				channel.write(request);
			}
			ByteBuffer header = ByteBuffer.allocate(HEADER).order(ByteOrder.nativeOrder());
			readFully(channel, selector, header, deadline, type);
			byte[] magic = Arrays.copyOf(header.array(), MAGIC.length);
			if (!Arrays.equals(magic, MAGIC)) {
				throw new IllegalStateException("sway IPC reply does not start with i3-ipc: " + Arrays.toString(magic));
			}
			int length = header.getInt(MAGIC.length);
			int replyType = header.getInt(MAGIC.length + 4);
			if (replyType != type) {
				throw new IllegalStateException(
						"sway IPC answered type " + replyType + " to a request of type " + type);
			}
			ByteBuffer reply = ByteBuffer.allocate(length);
			readFully(channel, selector, reply, deadline, type);
			return new String(reply.array(), StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("sway IPC request " + type + " on " + socket + " failed", ex);
		}
	}

	private static void readFully(SocketChannel channel, Selector selector, ByteBuffer buffer, long deadline, int type)
			throws IOException {
		while (buffer.hasRemaining()) {
			long left = deadline - System.nanoTime();
			if (left <= 0) {
				throw new IllegalStateException("sway IPC did not answer request type " + type + " in time");
			}
			selector.select(Math.max(1, left / 1_000_000));
			selector.selectedKeys().clear();
			if (channel.read(buffer) < 0) {
				throw new IllegalStateException("sway closed the IPC connection before answering request type " + type);
			}
		}
	}

}
