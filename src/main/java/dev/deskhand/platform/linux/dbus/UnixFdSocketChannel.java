package dev.deskhand.platform.linux.dbus;

import java.io.IOException;
import java.net.Socket;
import java.net.SocketAddress;
import java.net.SocketOption;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.SocketChannel;
import java.nio.channels.spi.SelectorProvider;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import com.sun.jna.Memory;
import com.sun.jna.Native;

import dev.deskhand.platform.linux.LinuxLibc;

/**
 * A blocking Unix stream socket to the D-Bus daemon, as the {@link SocketChannel}
 * dbus-java reads and writes, through libc's {@code recvmsg}/{@code sendmsg} so that file
 * descriptors ({@code SCM_RIGHTS}) travel with the bytes: the JDK's own Unix socket
 * channel drops them. Descriptors that arrive are queued until the message reader takes
 * them; those to send go with the first bytes of the next write. Only what dbus-java
 * calls is implemented: blocking reads and writes, close; no selectors, no options. One
 * reader thread and one writer thread may use it at once (dbus-java has one of each).
 * Struct layouts are LP64 Linux.
 */
final class UnixFdSocketChannel extends SocketChannel {

	/**
	 * The most descriptors one message may carry (the D-Bus daemon's own limit is 16).
	 */
	static final int MAX_FDS = 32;

	private static final int FD_BYTES = 4;

	private static final int CHUNK = 64 * 1024;

	private final LinuxLibc libc = LinuxLibc.get();

	private final String peer;

	// one reader at a time; close() takes it to close the descriptor after the reader let
	// go
	private final Object readLock = new Object();

	// one writer at a time, and the descriptors to send belong to its next write
	private final Object writeLock = new Object();

	private final Memory readBuffer = new Memory(CHUNK);

	private final Memory readMessage = new Memory(LinuxLibc.MSGHDR_SIZE);

	private final Memory readIov = new Memory(16);

	private final Memory readControl = new Memory(LinuxLibc.CMSGHDR_SIZE + MAX_FDS * FD_BYTES + 8);

	private final Memory writeMessage = new Memory(LinuxLibc.MSGHDR_SIZE);

	private final Memory writeIov = new Memory(16);

	private final Memory writeControl = new Memory(LinuxLibc.CMSGHDR_SIZE + MAX_FDS * FD_BYTES + 8);

	private Memory writeBuffer = new Memory(CHUNK);

	// guarded by readLock
	private final List<Integer> received = new ArrayList<>();

	// guarded by writeLock
	private int[] outbound;

	private volatile int fd;

	private UnixFdSocketChannel(int fd, String peer) {
		super(SelectorProvider.provider());
		this.fd = fd;
		this.peer = peer;
	}

	/**
	 * Connects to a socket by path, or in the abstract namespace when {@code name} starts
	 * with a NUL character.
	 * @throws IOException when it cannot connect
	 */
	static UnixFdSocketChannel connect(String name) throws IOException {
		byte[] address = name.getBytes(StandardCharsets.UTF_8);
		if (address.length >= LinuxLibc.SOCKADDR_UN_SIZE - 2) {
			throw new IOException("the D-Bus socket path " + name + " is longer than a socket address");
		}
		LinuxLibc libc = LinuxLibc.get();
		int fd = libc.socket(LinuxLibc.AF_UNIX, LinuxLibc.SOCK_STREAM | LinuxLibc.SOCK_CLOEXEC, 0);
		if (fd < 0) {
			throw new IOException("cannot create a Unix socket: " + libc.strerror(Native.getLastError()));
		}
		Memory sockaddr = new Memory(LinuxLibc.SOCKADDR_UN_SIZE);
		sockaddr.clear();
		sockaddr.setShort(0, (short) LinuxLibc.AF_UNIX);
		sockaddr.write(2, address, 0, address.length);
		// an abstract name's length is exact: it is not NUL-terminated
		int length = (address.length > 0 && address[0] == 0) ? 2 + address.length : LinuxLibc.SOCKADDR_UN_SIZE;
		if (libc.connect(fd, sockaddr, length) != 0) {
			String why = libc.strerror(Native.getLastError());
			libc.close(fd);
			throw new IOException("cannot connect to the D-Bus socket " + name.replace('\0', '@') + ": " + why);
		}
		return new UnixFdSocketChannel(fd, name.replace('\0', '@'));
	}

	/** The descriptors that came with the bytes read so far, handed over once. */
	List<Integer> takeReceived() {
		synchronized (this.readLock) {
			List<Integer> taken = List.copyOf(this.received);
			this.received.clear();
			return taken;
		}
	}

	/**
	 * Descriptors to send with the first bytes of the next write ({@code null}: none).
	 */
	void sendWithNextWrite(int[] fds) {
		if (fds != null && fds.length > MAX_FDS) {
			throw new IllegalArgumentException("at most " + MAX_FDS + " descriptors per message");
		}
		synchronized (this.writeLock) {
			this.outbound = fds;
		}
	}

	@Override
	public int read(ByteBuffer into) throws IOException {
		int want = Math.min(into.remaining(), CHUNK);
		if (want == 0) {
			return 0;
		}
		synchronized (this.readLock) {
			while (true) {
				int socket = this.fd;
				if (socket < 0) {
					return -1;
				}
				this.readMessage.clear();
				this.readIov.setPointer(0, this.readBuffer);
				this.readIov.setLong(8, want);
				this.readMessage.setPointer(16, this.readIov);
				this.readMessage.setLong(24, 1);
				this.readControl.clear();
				this.readMessage.setPointer(32, this.readControl);
				this.readMessage.setLong(40, this.readControl.size());
				long read = this.libc.recvmsg(socket, this.readMessage, LinuxLibc.MSG_CMSG_CLOEXEC);
				if (read < 0) {
					int errno = Native.getLastError();
					if (errno == LinuxLibc.EINTR) {
						continue;
					}
					if (this.fd < 0) {
						return -1;
					}
					throw new IOException("lost the D-Bus socket " + this.peer + ": " + this.libc.strerror(errno));
				}
				collectFds();
				if (read == 0) {
					return -1;
				}
				into.put(this.readBuffer.getByteArray(0, (int) read));
				return (int) read;
			}
		}
	}

	private void collectFds() {
		long controlLength = this.readMessage.getLong(40);
		long offset = 0;
		while (offset + LinuxLibc.CMSGHDR_SIZE <= controlLength) {
			long length = this.readControl.getLong(offset);
			if (length < LinuxLibc.CMSGHDR_SIZE) {
				break;
			}
			if (this.readControl.getInt(offset + 8) == LinuxLibc.SOL_SOCKET
					&& this.readControl.getInt(offset + 12) == LinuxLibc.SCM_RIGHTS) {
				long count = (length - LinuxLibc.CMSGHDR_SIZE) / FD_BYTES;
				for (int i = 0; i < count; i++) {
					this.received.add(this.readControl.getInt(offset + LinuxLibc.CMSGHDR_SIZE + (long) i * FD_BYTES));
				}
			}
			offset += space(length - LinuxLibc.CMSGHDR_SIZE);
		}
	}

	@Override
	public int write(ByteBuffer from) throws IOException {
		int length = from.remaining();
		synchronized (this.writeLock) {
			if (this.writeBuffer.size() < length) {
				this.writeBuffer = new Memory(length);
			}
			byte[] bytes = new byte[length];
			from.get(bytes);
			if (length > 0) {
				this.writeBuffer.write(0, bytes, 0, length);
			}
			int[] fds = this.outbound;
			this.outbound = null;
			long sent = 0;
			while (sent < length || (fds != null && length == 0)) {
				int socket = this.fd;
				if (socket < 0) {
					throw new ClosedChannelException();
				}
				this.writeMessage.clear();
				this.writeIov.setPointer(0, this.writeBuffer.share(sent));
				this.writeIov.setLong(8, length - sent);
				this.writeMessage.setPointer(16, this.writeIov);
				this.writeMessage.setLong(24, 1);
				if (fds != null && fds.length > 0) {
					int dataBytes = fds.length * FD_BYTES;
					this.writeControl.clear();
					this.writeControl.setLong(0, LinuxLibc.CMSGHDR_SIZE + dataBytes);
					this.writeControl.setInt(8, LinuxLibc.SOL_SOCKET);
					this.writeControl.setInt(12, LinuxLibc.SCM_RIGHTS);
					for (int i = 0; i < fds.length; i++) {
						this.writeControl.setInt(LinuxLibc.CMSGHDR_SIZE + (long) i * FD_BYTES, fds[i]);
					}
					this.writeMessage.setPointer(32, this.writeControl);
					this.writeMessage.setLong(40, space(dataBytes));
				}
				long written = this.libc.sendmsg(socket, this.writeMessage, LinuxLibc.MSG_NOSIGNAL);
				if (written < 0) {
					int errno = Native.getLastError();
					if (errno == LinuxLibc.EINTR) {
						continue;
					}
					throw new IOException("lost the D-Bus socket " + this.peer + ": " + this.libc.strerror(errno));
				}
				sent += written;
				fds = null;
			}
			return length;
		}
	}

	/** {@code CMSG_SPACE}: the header and the data rounded up to 8. */
	private static long space(long dataBytes) {
		return LinuxLibc.CMSGHDR_SIZE + ((dataBytes + 7) & ~7L);
	}

	@Override
	public long read(ByteBuffer[] into, int offset, int length) throws IOException {
		for (int i = offset; i < offset + length; i++) {
			if (into[i].hasRemaining()) {
				return read(into[i]);
			}
		}
		return 0;
	}

	@Override
	public long write(ByteBuffer[] from, int offset, int length) throws IOException {
		long total = 0;
		for (int i = offset; i < offset + length; i++) {
			total += write(from[i]);
		}
		return total;
	}

	@Override
	protected void implCloseSelectableChannel() {
		int socket = this.fd;
		if (socket < 0) {
			return;
		}
		// wakes a reader blocked in recvmsg, which then lets go of the read lock
		this.libc.shutdown(socket, LinuxLibc.SHUT_RDWR);
		synchronized (this.readLock) {
			synchronized (this.writeLock) {
				this.fd = -1;
				this.libc.close(socket);
				this.received.forEach(this.libc::close);
				this.received.clear();
			}
		}
	}

	@Override
	protected void implConfigureBlocking(boolean block) throws IOException {
		if (!block) {
			throw new IOException("this D-Bus socket is blocking only");
		}
	}

	@Override
	public boolean isConnected() {
		return this.fd >= 0;
	}

	@Override
	public boolean isConnectionPending() {
		return false;
	}

	@Override
	public boolean connect(SocketAddress remote) throws IOException {
		throw new IOException("already connected to " + this.peer);
	}

	@Override
	public boolean finishConnect() {
		return true;
	}

	@Override
	public SocketAddress getRemoteAddress() {
		return null;
	}

	@Override
	public SocketAddress getLocalAddress() {
		return null;
	}

	@Override
	public SocketChannel bind(SocketAddress local) throws IOException {
		throw new IOException("a client socket is not bound");
	}

	@Override
	public <T> SocketChannel setOption(SocketOption<T> name, T value) throws IOException {
		throw new UnsupportedOperationException("no socket options on " + this.peer);
	}

	@Override
	public <T> T getOption(SocketOption<T> name) throws IOException {
		throw new UnsupportedOperationException("no socket options on " + this.peer);
	}

	@Override
	public Set<SocketOption<?>> supportedOptions() {
		return Set.of();
	}

	@Override
	public SocketChannel shutdownInput() {
		this.libc.shutdown(this.fd, 0);
		return this;
	}

	@Override
	public SocketChannel shutdownOutput() {
		this.libc.shutdown(this.fd, 1);
		return this;
	}

	@Override
	public Socket socket() {
		throw new UnsupportedOperationException("no java.net.Socket for " + this.peer);
	}

	@Override
	public String toString() {
		return "UnixFdSocketChannel[" + this.peer + "]";
	}

}
