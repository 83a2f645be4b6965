package dev.deskhand.platform.linux.wayland.wire;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.function.IntSupplier;

/**
 * Cuts the byte stream from the compositor into messages. Bytes arrive in reads that
 * split messages anywhere; a message is handed out once all of it is here. The buffer is
 * direct so the socket reads into it without a copy.
 */
final class WaylandWireDecoder {

	private final ByteBuffer buffer;

	private final IntSupplier fds;

	/** Bytes [start, end) are received and not yet handed out. */
	private int start;

	private int end;

	WaylandWireDecoder(int capacity, IntSupplier fds) {
		if (capacity < WaylandWireRequest.MAX_MESSAGE_SIZE) {
			throw new IllegalArgumentException("decoder smaller than one message: " + capacity);
		}
		this.buffer = ByteBuffer.allocateDirect(capacity).order(ByteOrder.nativeOrder());
		this.fds = fds;
	}

	/**
	 * The free space to read into, after moving unread bytes to the front; report what
	 * was written with {@link #received(int)}.
	 */
	ByteBuffer space() {
		if (this.start > 0) {
			ByteBuffer unread = this.buffer.duplicate();
			unread.position(this.start).limit(this.end);
			this.buffer.clear();
			this.buffer.put(unread);
			this.end -= this.start;
			this.start = 0;
		}
		this.buffer.limit(this.buffer.capacity()).position(this.end);
		return this.buffer;
	}

	void received(int count) {
		if (count < 0 || this.end + count > this.buffer.capacity()) {
			throw new IllegalArgumentException(
					"received " + count + " bytes into " + (this.buffer.capacity() - this.end));
		}
		this.end += count;
	}

	/** Copies bytes in, as a socket read would (fixtures, tests). */
	void feed(byte[] bytes) {
		space().put(bytes);
		received(bytes.length);
	}

	/** The next whole message, or {@code null} when its bytes are not all here yet. */
	WaylandWireEvent next() {
		int available = this.end - this.start;
		if (available < WaylandWireRequest.HEADER_SIZE) {
			return null;
		}
		int objectId = this.buffer.getInt(this.start);
		int word = this.buffer.getInt(this.start + 4);
		int size = word >>> 16;
		if (size < WaylandWireRequest.HEADER_SIZE || (size & 3) != 0) {
			throw new WaylandConnectionException("the compositor sent a message of " + size + " bytes for object "
					+ objectId + ": the stream is corrupt");
		}
		if (available < size) {
			return null;
		}
		byte[] arguments = new byte[size - WaylandWireRequest.HEADER_SIZE];
		this.buffer.get(this.start + WaylandWireRequest.HEADER_SIZE, arguments);
		this.start += size;
		return new WaylandWireEvent(objectId, word & 0xFFFF, ByteBuffer.wrap(arguments).order(ByteOrder.nativeOrder()),
				this.fds);
	}

	/** Bytes received and not yet handed out (a partial message). */
	int pending() {
		return this.end - this.start;
	}

}
