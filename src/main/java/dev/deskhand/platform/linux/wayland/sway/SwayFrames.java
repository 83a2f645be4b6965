package dev.deskhand.platform.linux.wayland.sway;

import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.ClosedSelectorException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * One i3-ipc connection to sway: frames of {@code "i3-ipc"}, a 32-bit payload length, a
 * 32-bit message type and the payload (UTF-8 JSON), the integers in the host's byte order
 * (sway writes them with a plain {@code memcpy}).
 *
 * <p>
 * Every read and write has a deadline: the channel is non-blocking and waits in a
 * {@link Selector}, because a blocking {@code SocketChannel} has no read timeout and a
 * compositor that stops reading must give an error, not a hang. After a timeout the
 * stream may be mid-frame, so the caller closes the connection. Not thread-safe: one
 * caller at a time.
 */
final class SwayFrames implements AutoCloseable {

	static final int HEADER_BYTES = 14;

	/**
	 * Bigger than any tree a desktop produces (a few hundred KB with hundreds of
	 * windows): a length past it means the stream is not i3-ipc.
	 */
	static final int MAX_PAYLOAD = 64 * 1024 * 1024;

	/** A deadline that never passes: the event connection waits for sway's next event. */
	static final long NO_DEADLINE = Long.MAX_VALUE;

	private static final byte[] MAGIC = "i3-ipc".getBytes(StandardCharsets.US_ASCII);

	private final Path socket;

	private final SocketChannel channel;

	private final Selector selector;

	/** A message read or written: its type (events have the high bit set) and payload. */
	record Message(int type, String payload) {

		boolean isEvent() {
			return (this.type & 0x80000000) != 0;
		}

	}

	private SwayFrames(Path socket, SocketChannel channel, Selector selector) {
		this.socket = socket;
		this.channel = channel;
		this.selector = selector;
	}

	/**
	 * Connects; a UNIX socket connects at once or fails at once, so there is no deadline.
	 */
	static SwayFrames open(Path socket) throws IOException {
		SocketChannel channel = SocketChannel.open(StandardProtocolFamily.UNIX);
		try {
			channel.connect(UnixDomainSocketAddress.of(socket));
			channel.configureBlocking(false);
			Selector selector = Selector.open();
			return new SwayFrames(socket, channel, selector);
		}
		catch (IOException | RuntimeException ex) {
			channel.close();
			throw ex;
		}
	}

	Path socket() {
		return this.socket;
	}

	static ByteBuffer encode(int type, String payload) {
		byte[] body = payload.getBytes(StandardCharsets.UTF_8);
		ByteBuffer frame = ByteBuffer.allocate(HEADER_BYTES + body.length).order(ByteOrder.nativeOrder());
		frame.put(MAGIC).putInt(body.length).putInt(type).put(body).flip();
		return frame;
	}

	/**
	 * The payload length and type of a header.
	 * @throws IOException when it is not an i3-ipc header
	 */
	static int[] decodeHeader(ByteBuffer header) throws IOException {
		header.order(ByteOrder.nativeOrder());
		byte[] magic = new byte[MAGIC.length];
		header.get(magic);
		if (!Arrays.equals(magic, MAGIC)) {
			throw new IOException("not an i3-ipc frame (magic " + Arrays.toString(magic) + ")");
		}
		int length = header.getInt();
		int type = header.getInt();
		if (length < 0 || length > MAX_PAYLOAD) {
			throw new IOException("i3-ipc frame of " + Integer.toUnsignedString(length) + " bytes is not plausible");
		}
		return new int[] { length, type };
	}

	/**
	 * Writes one message, all of it before {@code deadlineNanos}
	 * ({@link System#nanoTime}).
	 */
	void write(int type, String payload, long deadlineNanos) throws IOException {
		ByteBuffer frame = encode(type, payload);
		while (frame.hasRemaining()) {
			if (this.channel.write(frame) == 0) {
				await(SelectionKey.OP_WRITE, deadlineNanos);
			}
		}
	}

	/**
	 * Reads one whole message before the deadline.
	 * @throws SwayTimeoutException when the deadline passes first
	 * @throws IOException when sway closed the connection or sent garbage
	 */
	Message read(long deadlineNanos) throws IOException {
		ByteBuffer header = ByteBuffer.allocate(HEADER_BYTES);
		try {
			fill(header, deadlineNanos);
		}
		catch (SwayTimeoutException ex) {
			throw ex;
		}
		catch (IOException ex) {
			if (header.position() == 0) {
				throw new ClosedBeforeReply(ex);
			}
			throw ex;
		}
		int[] decoded = decodeHeader(header);
		ByteBuffer body = fill(ByteBuffer.allocate(decoded[0]), deadlineNanos);
		return new Message(decoded[1], StandardCharsets.UTF_8.decode(body).toString());
	}

	private ByteBuffer fill(ByteBuffer buffer, long deadlineNanos) throws IOException {
		while (buffer.hasRemaining()) {
			int n = this.channel.read(buffer);
			if (n < 0) {
				throw new IOException("sway closed the IPC connection " + this.socket);
			}
			if (n == 0) {
				await(SelectionKey.OP_READ, deadlineNanos);
			}
		}
		return buffer.flip();
	}

	private void await(int operation, long deadlineNanos) throws IOException {
		long left = (deadlineNanos == NO_DEADLINE) ? 0 : deadlineNanos - System.nanoTime();
		if (deadlineNanos != NO_DEADLINE && left <= 0) {
			throw new SwayTimeoutException();
		}
		if (!this.selector.isOpen()) {
			throw new IOException("the IPC connection " + this.socket + " was closed");
		}
		SelectionKey key = this.channel.register(this.selector, operation);
		try {
			// select(0) waits until woken (close() does that); with a deadline never ask
			// for less than a millisecond, which would be 0 too
			this.selector.select((deadlineNanos == NO_DEADLINE) ? 0 : Math.max(1, left / 1_000_000));
		}
		catch (ClosedSelectorException ex) {
			throw new IOException("the IPC connection " + this.socket + " was closed", ex);
		}
		finally {
			if (key.isValid()) {
				key.interestOps(0);
			}
			if (this.selector.isOpen()) {
				this.selector.selectedKeys().clear();
			}
		}
	}

	@Override
	public void close() {
		try {
			this.selector.close();
		}
		catch (IOException ex) {
			// nothing to do: the channel below is what matters
		}
		try {
			this.channel.close();
		}
		catch (IOException ex) {
			// closing a UNIX socket does not fail in a way anyone could act on
		}
	}

	/** The connection ended (or broke) before the first byte of a message. */
	static final class ClosedBeforeReply extends IOException {

		private static final long serialVersionUID = 1L;

		ClosedBeforeReply(IOException cause) {
			super(cause.getMessage(), cause);
		}

	}

	/** The deadline passed before sway answered. */
	static final class SwayTimeoutException extends IOException {

		private static final long serialVersionUID = 1L;

		SwayTimeoutException() {
			super("sway did not answer in time");
		}

	}

}
