package dev.deskhand.platform.linux.wayland.wire;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import com.sun.jna.Native;
import com.sun.jna.Pointer;

import dev.deskhand.platform.linux.LinuxLibc;

/**
 * An anonymous shared-memory file ({@code memfd_create}) mapped into this process: the
 * backing of {@code wl_shm} pools, and of anything else passed to the compositor by file
 * descriptor (a keymap). The mapping is gone after {@link #close()}: do not keep the
 * buffer from {@link #bytes()}.
 */
public final class WaylandShmFile implements AutoCloseable {

	private final LinuxLibc libc = LinuxLibc.get();

	private final int fd;

	private final long size;

	private final Pointer address;

	private final ByteBuffer bytes;

	private boolean closed;

	private WaylandShmFile(int fd, long size, Pointer address) {
		this.fd = fd;
		this.size = size;
		this.address = address;
		this.bytes = address.getByteBuffer(0, size).order(ByteOrder.LITTLE_ENDIAN);
	}

	/**
	 * @param name shown in {@code /proc/<pid>/fd} (as {@code memfd:name})
	 * @param size bytes, at most {@link Integer#MAX_VALUE}
	 */
	public static WaylandShmFile create(String name, long size) {
		if (size <= 0 || size > Integer.MAX_VALUE) {
			throw new IllegalArgumentException("shared memory size out of range: " + size);
		}
		LinuxLibc libc = LinuxLibc.get();
		int fd = libc.memfd_create(name, LinuxLibc.MFD_CLOEXEC);
		if (fd < 0) {
			throw new WaylandConnectionException("cannot create shared memory for the compositor: " + lastError(libc));
		}
		if (libc.ftruncate(fd, size) != 0) {
			String why = lastError(libc);
			libc.close(fd);
			throw new WaylandConnectionException("cannot size " + size + " bytes of shared memory: " + why);
		}
		Pointer address = libc.mmap(null, size, LinuxLibc.PROT_READ | LinuxLibc.PROT_WRITE, LinuxLibc.MAP_SHARED, fd,
				0);
		if (address == null || Pointer.nativeValue(address) == -1L) {
			String why = lastError(libc);
			libc.close(fd);
			throw new WaylandConnectionException("cannot map " + size + " bytes of shared memory: " + why);
		}
		return new WaylandShmFile(fd, size, address);
	}

	/** The descriptor to pass with {@link WaylandWireRequest#fd}; owned by this file. */
	public int fd() {
		requireOpen();
		return this.fd;
	}

	public long size() {
		return this.size;
	}

	/** The mapped bytes, little-endian (the {@code wl_shm} formats are). */
	public ByteBuffer bytes() {
		requireOpen();
		return this.bytes.duplicate().order(ByteOrder.LITTLE_ENDIAN);
	}

	@Override
	public void close() {
		if (!this.closed) {
			this.closed = true;
			this.libc.munmap(this.address, this.size);
			this.libc.close(this.fd);
		}
	}

	private void requireOpen() {
		if (this.closed) {
			throw new IllegalStateException("shared memory file closed");
		}
	}

	private static String lastError(LinuxLibc libc) {
		return libc.strerror(Native.getLastError());
	}

}
