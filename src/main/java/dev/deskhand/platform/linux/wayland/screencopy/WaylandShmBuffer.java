package dev.deskhand.platform.linux.wayland.screencopy;

import dev.deskhand.platform.linux.wayland.wire.WaylandConnection;
import dev.deskhand.platform.linux.wayland.wire.WaylandConnectionException;
import dev.deskhand.platform.linux.wayland.wire.WaylandShmFile;
import dev.deskhand.platform.linux.wayland.wire.WaylandWireObject;

import java.nio.ByteBuffer;

/**
 * A {@code wl_buffer} in a {@code wl_shm_pool} of its own, with the memory behind it:
 * made once and reused for as long as its size and format fit.
 */
public final class WaylandShmBuffer implements AutoCloseable {

	static final int POOL_CREATE_BUFFER = 0;

	private static final int POOL_DESTROY = 1;

	private static final int BUFFER_DESTROY = 0;

	private final WaylandConnection connection;

	private final WaylandShmFile file;

	private final WaylandWireObject pool;

	private final WaylandWireObject buffer;

	private final int format;

	private final int width;

	private final int height;

	private final int stride;

	WaylandShmBuffer(WaylandConnection connection, WaylandShmFile file, WaylandWireObject pool,
			WaylandWireObject buffer, int format, int width, int height, int stride) {
		this.connection = connection;
		this.file = file;
		this.pool = pool;
		this.buffer = buffer;
		this.format = format;
		this.width = width;
		this.height = height;
		this.stride = stride;
	}

	/** The {@code wl_buffer} to name in requests. */
	public WaylandWireObject buffer() {
		return this.buffer;
	}

	public int format() {
		return this.format;
	}

	public int width() {
		return this.width;
	}

	public int height() {
		return this.height;
	}

	/** Bytes per row. */
	public int stride() {
		return this.stride;
	}

	/** Whether a buffer of this layout is what is asked for. */
	public boolean fits(int format, int width, int height, int stride) {
		return this.format == format && this.width == width && this.height == height && this.stride == stride;
	}

	/** The pixels, little-endian; valid until {@link #close()}. */
	public ByteBuffer bytes() {
		return this.file.bytes();
	}

	/**
	 * Destroys the buffer and pool on the compositor's side (when the connection still
	 * stands) and unmaps the memory.
	 */
	@Override
	public void close() {
		try {
			if (!this.connection.isClosed()) {
				synchronized (this.connection) {
					this.connection.request(this.buffer, BUFFER_DESTROY).send();
					this.connection.destroyed(this.buffer);
					this.connection.request(this.pool, POOL_DESTROY).send();
					this.connection.destroyed(this.pool);
				}
			}
		}
		catch (WaylandConnectionException ex) {
			// the connection broke meanwhile: the compositor dropped both with it
		}
		finally {
			this.file.close();
		}
	}

}
