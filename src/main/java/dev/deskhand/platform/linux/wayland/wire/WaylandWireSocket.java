package dev.deskhand.platform.linux.wayland.wire;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Deque;

import com.sun.jna.Memory;
import com.sun.jna.Native;

import dev.deskhand.platform.linux.LinuxLibc;

/**
 * The Unix stream socket to the compositor, through libc because Java's own
 * {@code SocketChannel} cannot pass file descriptors. Struct layouts are LP64 Linux. Not
 * thread-safe: its connection serialises the calls.
 */
final class WaylandWireSocket implements AutoCloseable {

	/** libwayland's limit of descriptors per message batch. */
	static final int MAX_FDS = 28;

	private static final int FD_BYTES = 4;

	private final LinuxLibc libc = LinuxLibc.get();

	private final Path path;

	private final Memory message = new Memory(LinuxLibc.MSGHDR_SIZE);

	private final Memory iov = new Memory(16);

	private final Memory control = new Memory(LinuxLibc.CMSGHDR_SIZE + MAX_FDS * FD_BYTES + 8);

	private final Memory pollfd = new Memory(LinuxLibc.POLLFD_SIZE);

	private Memory out = new Memory(WaylandWireRequest.MAX_MESSAGE_SIZE);

	private int fd;

	private WaylandWireSocket(Path path, int fd) {
		this.path = path;
		this.fd = fd;
	}

	static WaylandWireSocket connect(Path path) {
		byte[] name = path.toString().getBytes(StandardCharsets.UTF_8);
		if (name.length >= LinuxLibc.SOCKADDR_UN_SIZE - 2) {
			throw new WaylandConnectionException(
					"the Wayland socket path " + path + " is longer than a socket address");
		}
		LinuxLibc libc = LinuxLibc.get();
		int fd = libc.socket(LinuxLibc.AF_UNIX, LinuxLibc.SOCK_STREAM | LinuxLibc.SOCK_CLOEXEC, 0);
		if (fd < 0) {
			throw new WaylandConnectionException("cannot create a Unix socket: " + error(libc));
		}
		Memory address = new Memory(LinuxLibc.SOCKADDR_UN_SIZE);
		address.clear();
		address.setShort(0, (short) LinuxLibc.AF_UNIX);
		address.write(2, name, 0, name.length);
		if (libc.connect(fd, address, LinuxLibc.SOCKADDR_UN_SIZE) != 0) {
			String why = error(libc);
			libc.close(fd);
			throw new WaylandConnectionException("cannot connect to the Wayland compositor at " + path + ": " + why);
		}
		return new WaylandWireSocket(path, fd);
	}

	/**
	 * Writes all of {@code bytes}, the descriptors with the first part, waiting at most
	 * {@code timeoutMillis} for room whenever the compositor's side is full (a stopped
	 * compositor stops reading).
	 */
	void send(byte[] bytes, int length, int[] fds, int fdCount, int timeoutMillis) {
		if (this.out.size() < length) {
			this.out = new Memory(length);
		}
		this.out.write(0, bytes, 0, length);
		int sent = 0;
		boolean withFds = fdCount > 0;
		while (sent < length) {
			this.message.clear();
			this.iov.setPointer(0, this.out.share(sent));
			this.iov.setLong(8, length - sent);
			this.message.setPointer(16, this.iov);
			this.message.setLong(24, 1);
			if (withFds) {
				int dataBytes = fdCount * FD_BYTES;
				this.control.clear();
				this.control.setLong(0, LinuxLibc.CMSGHDR_SIZE + dataBytes);
				this.control.setInt(8, LinuxLibc.SOL_SOCKET);
				this.control.setInt(12, LinuxLibc.SCM_RIGHTS);
				for (int i = 0; i < fdCount; i++) {
					this.control.setInt(LinuxLibc.CMSGHDR_SIZE + i * FD_BYTES, fds[i]);
				}
				this.message.setPointer(32, this.control);
				this.message.setLong(40, space(dataBytes));
			}
			long written = this.libc.sendmsg(this.fd, this.message, LinuxLibc.MSG_NOSIGNAL | LinuxLibc.MSG_DONTWAIT);
			if (written < 0) {
				int errno = Native.getLastError();
				if (errno == LinuxLibc.EINTR) {
					continue;
				}
				if (errno == LinuxLibc.EAGAIN) {
					if (!waitFor(LinuxLibc.POLLOUT, timeoutMillis)) {
						throw new WaylandConnectionException("the Wayland compositor at " + this.path
								+ " took no requests for " + timeoutMillis + " ms");
					}
					continue;
				}
				throw new WaylandConnectionException(
						"lost the Wayland compositor at " + this.path + ": " + this.libc.strerror(errno));
			}
			sent += (int) written;
			withFds = false;
		}
	}

	/**
	 * Waits up to {@code timeoutMillis} for bytes, then reads what is there into
	 * {@code into} (from its position to its limit, advancing nothing: the count is
	 * returned) and queues received descriptors on {@code fds}.
	 * @return bytes read; 0 when the wait timed out
	 * @throws WaylandConnectionException when the compositor closed the connection
	 */
	int receive(ByteBuffer into, Deque<Integer> fds, int timeoutMillis) {
		if (!waitFor(LinuxLibc.POLLIN, timeoutMillis)) {
			return 0;
		}
		while (true) {
			this.message.clear();
			this.iov.setPointer(0, Native.getDirectBufferPointer(into).share(into.position()));
			this.iov.setLong(8, into.remaining());
			this.message.setPointer(16, this.iov);
			this.message.setLong(24, 1);
			this.control.clear();
			this.message.setPointer(32, this.control);
			this.message.setLong(40, this.control.size());
			long read = this.libc.recvmsg(this.fd, this.message, LinuxLibc.MSG_CMSG_CLOEXEC | LinuxLibc.MSG_DONTWAIT);
			if (read < 0) {
				int errno = Native.getLastError();
				if (errno == LinuxLibc.EINTR) {
					continue;
				}
				if (errno == LinuxLibc.EAGAIN) {
					return 0;
				}
				throw new WaylandConnectionException(
						"lost the Wayland compositor at " + this.path + ": " + this.libc.strerror(errno));
			}
			collectFds(fds);
			if (read == 0) {
				throw new WaylandConnectionException(
						"the Wayland compositor at " + this.path + " closed the connection");
			}
			return (int) read;
		}
	}

	private void collectFds(Deque<Integer> fds) {
		long controlLength = this.message.getLong(40);
		long offset = 0;
		while (offset + LinuxLibc.CMSGHDR_SIZE <= controlLength) {
			long length = this.control.getLong(offset);
			if (length < LinuxLibc.CMSGHDR_SIZE) {
				break;
			}
			if (this.control.getInt(offset + 8) == LinuxLibc.SOL_SOCKET
					&& this.control.getInt(offset + 12) == LinuxLibc.SCM_RIGHTS) {
				long count = (length - LinuxLibc.CMSGHDR_SIZE) / FD_BYTES;
				for (int i = 0; i < count; i++) {
					fds.addLast(this.control.getInt(offset + LinuxLibc.CMSGHDR_SIZE + (long) i * FD_BYTES));
				}
			}
			offset += space(length - LinuxLibc.CMSGHDR_SIZE);
		}
	}

	/** {@code CMSG_SPACE}: the header and the data rounded up to 8. */
	private static long space(long dataBytes) {
		return LinuxLibc.CMSGHDR_SIZE + ((dataBytes + 7) & ~7L);
	}

	/**
	 * @return whether the socket is ready for {@code events} within the time; hang-up and
	 * errors count as ready, so the following call reports them
	 */
	private boolean waitFor(short events, int timeoutMillis) {
		long deadline = System.nanoTime() + timeoutMillis * 1_000_000L;
		while (true) {
			this.pollfd.setInt(0, this.fd);
			this.pollfd.setShort(4, events);
			this.pollfd.setShort(6, (short) 0);
			int left = (int) Math.max(0, (deadline - System.nanoTime()) / 1_000_000L);
			int ready = this.libc.poll(this.pollfd, 1, left);
			if (ready > 0) {
				return true;
			}
			if (ready == 0) {
				return false;
			}
			int errno = Native.getLastError();
			if (errno != LinuxLibc.EINTR) {
				throw new WaylandConnectionException(
						"cannot wait for the Wayland compositor: " + this.libc.strerror(errno));
			}
		}
	}

	/** Closes descriptors received but never taken by an event. */
	static void closeAll(Deque<Integer> fds) {
		LinuxLibc libc = LinuxLibc.get();
		while (!fds.isEmpty()) {
			libc.close(fds.removeFirst());
		}
	}

	@Override
	public void close() {
		if (this.fd >= 0) {
			this.libc.close(this.fd);
			this.fd = -1;
		}
	}

	private static String error(LinuxLibc libc) {
		return libc.strerror(Native.getLastError());
	}

}
