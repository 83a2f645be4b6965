package dev.deskhand.platform.linux.wayland.wire;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * One request on the Wayland wire, built argument by argument in the order of its
 * protocol XML and sent with {@link #send()}: a header (object id, then
 * {@code size << 16 | opcode}) and 32-bit words in the host's byte order. File
 * descriptors travel beside the bytes ({@code SCM_RIGHTS}), in argument order.
 * <p>
 * Get one from {@link WaylandConnection#request}; not reusable after {@link #send()}.
 */
public final class WaylandWireRequest {

	/** libwayland's limit: a compositor drops a client that sends a longer message. */
	static final int MAX_MESSAGE_SIZE = 4096;

	static final int HEADER_SIZE = 8;

	private final WaylandConnection connection;

	private final int objectId;

	private final int opcode;

	private ByteBuffer body = ByteBuffer.allocate(64).order(ByteOrder.nativeOrder());

	private int[] fds = new int[0];

	WaylandWireRequest(WaylandConnection connection, int objectId, int opcode) {
		if (objectId <= 0) {
			throw new IllegalArgumentException("no object id " + objectId);
		}
		if (opcode < 0 || opcode > 0xFFFF) {
			throw new IllegalArgumentException("opcode out of range " + opcode);
		}
		this.connection = connection;
		this.objectId = objectId;
		this.opcode = opcode;
		this.body.position(HEADER_SIZE);
	}

	/** A request not bound to a connection: {@link #encode()} only (fixtures, tests). */
	static WaylandWireRequest detached(int objectId, int opcode) {
		return new WaylandWireRequest(null, objectId, opcode);
	}

	public WaylandWireRequest intArg(int value) {
		room(4).putInt(value);
		return this;
	}

	/** An {@code uint}: the bits of {@code value}, read unsigned by the compositor. */
	public WaylandWireRequest uint(int value) {
		return intArg(value);
	}

	/** A {@code fixed}: signed 24.8 fixed point, rounded to the nearest 1/256. */
	public WaylandWireRequest fixed(double value) {
		return intArg(toFixed(value));
	}

	/** A {@code string}: length with the NUL, the UTF-8 bytes, NUL, padding to 4. */
	public WaylandWireRequest string(String value) {
		if (value == null) {
			return intArg(0);
		}
		byte[] bytes = value.getBytes(StandardCharsets.UTF_8);
		for (byte b : bytes) {
			if (b == 0) {
				throw new IllegalArgumentException("a Wayland string cannot hold NUL");
			}
		}
		intArg(bytes.length + 1);
		room(padded(bytes.length + 1)).put(bytes).put((byte) 0);
		pad();
		return this;
	}

	/** An {@code array}: byte length, the bytes, padding to 4. */
	public WaylandWireRequest array(byte[] value) {
		intArg(value.length);
		room(padded(value.length)).put(value);
		pad();
		return this;
	}

	/** An {@code object} argument; {@code null} for a nullable one left empty. */
	public WaylandWireRequest object(WaylandWireObject value) {
		return intArg((value != null) ? value.id() : 0);
	}

	/** A typed {@code new_id}: the object made by {@link WaylandConnection#newObject}. */
	public WaylandWireRequest newId(WaylandWireObject value) {
		return intArg(value.id());
	}

	/**
	 * The untyped {@code new_id} of {@code wl_registry.bind}: interface name, version,
	 * id.
	 */
	public WaylandWireRequest untypedNewId(WaylandWireObject value) {
		return string(value.interfaceName()).uint(value.version()).intArg(value.id());
	}

	/**
	 * An {@code fd}: sent out of band. A request with descriptors is flushed by
	 * {@link #send()} at once, so the caller, who keeps its descriptor, may close it as
	 * soon as {@code send()} returned (the kernel has duplicated it into the compositor).
	 */
	public WaylandWireRequest fd(int fd) {
		if (fd < 0) {
			throw new IllegalArgumentException("no file descriptor " + fd);
		}
		this.fds = Arrays.copyOf(this.fds, this.fds.length + 1);
		this.fds[this.fds.length - 1] = fd;
		return this;
	}

	/**
	 * Queues the request on its connection; it leaves at the next flush, which every wait
	 * for an event does first ({@link WaylandConnection#flush()} to send at once), or
	 * right away when it carries a descriptor.
	 */
	public void send() {
		if (this.connection == null) {
			throw new IllegalStateException("a detached request cannot be sent");
		}
		this.connection.queue(this);
	}

	/** The message's bytes, header included. */
	byte[] encode() {
		int size = this.body.position();
		if (size > MAX_MESSAGE_SIZE) {
			throw new IllegalArgumentException("Wayland request of " + size + " bytes exceeds " + MAX_MESSAGE_SIZE);
		}
		ByteBuffer out = this.body.duplicate().order(ByteOrder.nativeOrder());
		out.putInt(0, this.objectId);
		out.putInt(4, (size << 16) | this.opcode);
		return Arrays.copyOf(this.body.array(), size);
	}

	int[] fds() {
		return this.fds.clone();
	}

	int objectId() {
		return this.objectId;
	}

	int opcode() {
		return this.opcode;
	}

	static int toFixed(double value) {
		return (int) Math.round(value * 256.0);
	}

	static int padded(int length) {
		return (length + 3) & ~3;
	}

	private void pad() {
		while ((this.body.position() & 3) != 0) {
			this.body.put((byte) 0);
		}
	}

	private ByteBuffer room(int bytes) {
		if (this.body.remaining() < bytes) {
			int capacity = Math.max(this.body.capacity() * 2, this.body.position() + bytes);
			ByteBuffer grown = ByteBuffer.allocate(capacity).order(ByteOrder.nativeOrder());
			this.body.flip();
			grown.put(this.body);
			this.body = grown;
		}
		return this.body;
	}

}
