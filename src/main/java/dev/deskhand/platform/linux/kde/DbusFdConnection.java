package dev.deskhand.platform.linux.kde;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

import com.sun.jna.Memory;
import com.sun.jna.Native;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.linux.LinuxLibc;

/**
 * A connection to the session bus that can pass file descriptors with a method call: SASL
 * EXTERNAL with {@code NEGOTIATE_UNIX_FD}, {@code Hello}, then calls whose replies it
 * waits for, dropping signals and other messages meanwhile. Through libc ({@code sendmsg}
 * with {@code SCM_RIGHTS}), since dbus-java's transport here passes no descriptors (see
 * {@link DbusWire}). Every wait is bounded by the timeout; after any failure the
 * connection is closed and a new one must be opened. Not thread-safe: its owner
 * serialises the calls.
 */
final class DbusFdConnection implements AutoCloseable {

	private static final int FD_BYTES = 4;

	private final LinuxLibc libc = LinuxLibc.get();

	private final String address;

	private final Duration timeout;

	private final Memory message = new Memory(LinuxLibc.MSGHDR_SIZE);

	private final Memory iov = new Memory(16);

	private final Memory control = new Memory(LinuxLibc.CMSGHDR_SIZE + 8 * FD_BYTES);

	private final Memory pollfd = new Memory(LinuxLibc.POLLFD_SIZE);

	private int fd;

	private int serial;

	private String uniqueName;

	private DbusFdConnection(String address, int fd, Duration timeout) {
		this.address = address;
		this.fd = fd;
		this.timeout = timeout;
	}

	/**
	 * Connects to the session bus of {@code environment}
	 * ({@code DBUS_SESSION_BUS_ADDRESS}, else {@code $XDG_RUNTIME_DIR/bus}) and
	 * authenticates.
	 * @throws DeskhandException E_NO_DESKTOP when the bus cannot be reached or refuses
	 */
	static DbusFdConnection open(Map<String, String> environment, Duration timeout) {
		String address = sessionBusAddress(environment);
		DbusFdConnection connection = new DbusFdConnection(address, connect(address), timeout);
		try {
			connection.authenticate();
			DbusWire.Message hello = connection.call("org.freedesktop.DBus", "/org/freedesktop/DBus",
					"org.freedesktop.DBus", "Hello", "", List.of(), -1);
			connection.uniqueName = (String) hello.body().get(0);
			return connection;
		}
		catch (RuntimeException ex) {
			connection.close();
			throw ex;
		}
	}

	static String sessionBusAddress(Map<String, String> environment) {
		String address = environment.getOrDefault("DBUS_SESSION_BUS_ADDRESS", "");
		if (address.isEmpty()) {
			String runtimeDir = environment.getOrDefault("XDG_RUNTIME_DIR", "");
			if (runtimeDir.isEmpty()) {
				throw new DeskhandException(ErrorCode.E_NO_DESKTOP,
						"neither DBUS_SESSION_BUS_ADDRESS nor XDG_RUNTIME_DIR is set, so the session bus cannot be found");
			}
			address = "unix:path=" + Path.of(runtimeDir, "bus");
		}
		return address;
	}

	private static int connect(String address) {
		for (String candidate : address.split(";")) {
			if (!candidate.startsWith("unix:")) {
				continue;
			}
			for (String part : candidate.substring("unix:".length()).split(",")) {
				boolean abstractName = part.startsWith("abstract=");
				if (!part.startsWith("path=") && !abstractName) {
					continue;
				}
				String value = unescape(part.substring(part.indexOf('=') + 1));
				int fd = connectTo(value.getBytes(StandardCharsets.UTF_8), abstractName);
				if (fd >= 0) {
					return fd;
				}
			}
		}
		throw new DeskhandException(ErrorCode.E_NO_DESKTOP, "cannot connect to the session bus at " + address);
	}

	private static String unescape(String value) {
		StringBuilder out = new StringBuilder();
		for (int i = 0; i < value.length(); i++) {
			char c = value.charAt(i);
			if (c == '%' && i + 2 < value.length()) {
				out.append((char) Integer.parseInt(value.substring(i + 1, i + 3), 16));
				i += 2;
			}
			else {
				out.append(c);
			}
		}
		return out.toString();
	}

	private static int connectTo(byte[] name, boolean abstractName) {
		int offset = abstractName ? 3 : 2;
		if (name.length + offset >= LinuxLibc.SOCKADDR_UN_SIZE) {
			return -1;
		}
		LinuxLibc libc = LinuxLibc.get();
		int fd = libc.socket(LinuxLibc.AF_UNIX, LinuxLibc.SOCK_STREAM | LinuxLibc.SOCK_CLOEXEC, 0);
		if (fd < 0) {
			return -1;
		}
		Memory address = new Memory(LinuxLibc.SOCKADDR_UN_SIZE);
		address.clear();
		address.setShort(0, (short) LinuxLibc.AF_UNIX);
		address.write(offset, name, 0, name.length);
		int length = abstractName ? offset + name.length : LinuxLibc.SOCKADDR_UN_SIZE;
		if (libc.connect(fd, address, length) != 0) {
			libc.close(fd);
			return -1;
		}
		return fd;
	}

	private void authenticate() {
		int uid;
		try {
			uid = (Integer) Files.getAttribute(Path.of("/proc/self"), "unix:uid");
		}
		catch (IOException ex) {
			throw new DeskhandException(ErrorCode.E_NO_DESKTOP, "cannot read this process's uid: " + ex.getMessage());
		}
		String hexUid = HexFormat.of().formatHex(Integer.toString(uid).getBytes(StandardCharsets.US_ASCII));
		send(("\0AUTH EXTERNAL " + hexUid + "\r\n").getBytes(StandardCharsets.US_ASCII), new int[0]);
		String ok = readLine();
		if (!ok.startsWith("OK ")) {
			throw fail("the session bus refused EXTERNAL authentication: " + ok);
		}
		send("NEGOTIATE_UNIX_FD\r\n".getBytes(StandardCharsets.US_ASCII), new int[0]);
		String agreed = readLine();
		if (!agreed.startsWith("AGREE_UNIX_FD")) {
			throw fail("the session bus does not pass file descriptors: " + agreed);
		}
		send("BEGIN\r\n".getBytes(StandardCharsets.US_ASCII), new int[0]);
	}

	/**
	 * Calls a method and waits for its reply.
	 * @param fdToPass a descriptor to send with the call (the {@code h} argument's index
	 * 0), or -1; the caller keeps and closes its own
	 * @return the reply
	 * @throws DeskhandException E_FAIL with the error's name and message for an error
	 * reply, E_TIMEOUT when no reply comes in time
	 */
	DbusWire.Message call(String destination, String path, String interfaceName, String member, String signature,
			List<Object> arguments, int fdToPass) {
		int callSerial = ++this.serial;
		byte[] bytes = DbusWire.methodCall(callSerial, destination, path, interfaceName, member, signature, arguments,
				(fdToPass >= 0) ? 1 : 0);
		send(bytes, (fdToPass >= 0) ? new int[] { fdToPass } : new int[0]);
		long deadline = System.nanoTime() + this.timeout.toNanos();
		while (true) {
			DbusWire.Message reply = DbusWire.read(readMessage(deadline));
			if (reply.replySerial() != callSerial) {
				continue;
			}
			if (reply.type() == DbusWire.ERROR) {
				String text = reply.body().isEmpty() ? "" : String.valueOf(reply.body().get(0));
				throw new DeskhandException(ErrorCode.E_FAIL,
						interfaceName + "." + member + " failed: " + reply.errorName() + ": " + text);
			}
			return reply;
		}
	}

	/**
	 * This connection's unique name on the bus, e.g. {@code :1.42}: others call it there.
	 */
	String uniqueName() {
		return this.uniqueName;
	}

	/**
	 * Waits for a method call to this connection whose member is {@code member} and whose
	 * first argument is {@code tag}, dropping every other message meanwhile. Nothing is
	 * answered: the callers here (KWin scripts' {@code callDBus}) want no reply.
	 * @return the call's arguments
	 * @throws DeskhandException E_TIMEOUT when none comes in time
	 */
	List<Object> awaitCall(String member, String tag, Duration wait) {
		long deadline = System.nanoTime() + wait.toNanos();
		while (true) {
			DbusWire.Message message = DbusWire.read(readMessage(deadline));
			if (message.type() == DbusWire.METHOD_CALL && member.equals(message.member()) && !message.body().isEmpty()
					&& tag.equals(message.body().get(0))) {
				return message.body();
			}
		}
	}

	private byte[] readMessage(long deadline) {
		byte[] fixed = readExactly(DbusWire.FIXED_HEADER, deadline);
		int length = DbusWire.messageLength(fixed);
		byte[] whole = new byte[length];
		System.arraycopy(fixed, 0, whole, 0, fixed.length);
		byte[] rest = readExactly(length - fixed.length, deadline);
		System.arraycopy(rest, 0, whole, fixed.length, rest.length);
		return whole;
	}

	private String readLine() {
		long deadline = System.nanoTime() + this.timeout.toNanos();
		ByteArrayOutputStream line = new ByteArrayOutputStream();
		while (true) {
			byte[] one = readExactly(1, deadline);
			if (one[0] == '\n') {
				return line.toString(StandardCharsets.US_ASCII).strip();
			}
			line.write(one[0]);
		}
	}

	private byte[] readExactly(int count, long deadline) {
		byte[] out = new byte[count];
		Memory buffer = new Memory(Math.max(1, count));
		int read = 0;
		while (read < count) {
			awaitReadable(deadline);
			this.message.clear();
			this.iov.setPointer(0, buffer.share(read));
			this.iov.setLong(8, count - read);
			this.message.setPointer(16, this.iov);
			this.message.setLong(24, 1);
			this.control.clear();
			this.message.setPointer(32, this.control);
			this.message.setLong(40, this.control.size());
			long got = this.libc.recvmsg(this.fd, this.message, LinuxLibc.MSG_CMSG_CLOEXEC | LinuxLibc.MSG_DONTWAIT);
			if (got < 0) {
				int errno = Native.getLastError();
				if (errno == LinuxLibc.EINTR || errno == LinuxLibc.EAGAIN) {
					continue;
				}
				throw fail("lost the session bus: " + this.libc.strerror(errno));
			}
			closeReceivedFds();
			if (got == 0) {
				throw fail("the session bus closed the connection");
			}
			read += (int) got;
		}
		buffer.read(0, out, 0, count);
		return out;
	}

	// nothing this connection reads carries descriptors it wants: close any that came
	private void closeReceivedFds() {
		long controlLength = this.message.getLong(40);
		if (controlLength >= LinuxLibc.CMSGHDR_SIZE && this.control.getInt(8) == LinuxLibc.SOL_SOCKET
				&& this.control.getInt(12) == LinuxLibc.SCM_RIGHTS) {
			long count = (this.control.getLong(0) - LinuxLibc.CMSGHDR_SIZE) / FD_BYTES;
			for (int i = 0; i < count; i++) {
				this.libc.close(this.control.getInt(LinuxLibc.CMSGHDR_SIZE + (long) i * FD_BYTES));
			}
		}
	}

	private void awaitReadable(long deadline) {
		while (true) {
			long left = (deadline - System.nanoTime()) / 1_000_000L;
			if (left <= 0) {
				DeskhandException timeout = new DeskhandException(ErrorCode.E_TIMEOUT, "the session bus at "
						+ this.address + " did not answer within " + this.timeout.toMillis() + " ms");
				close();
				throw timeout;
			}
			this.pollfd.setInt(0, this.fd);
			this.pollfd.setShort(4, LinuxLibc.POLLIN);
			this.pollfd.setShort(6, (short) 0);
			int ready = this.libc.poll(this.pollfd, 1, (int) Math.min(left, Integer.MAX_VALUE));
			if (ready > 0) {
				return;
			}
			if (ready < 0 && Native.getLastError() != LinuxLibc.EINTR) {
				throw fail("cannot wait for the session bus: " + this.libc.strerror(Native.getLastError()));
			}
		}
	}

	private void send(byte[] bytes, int[] fds) {
		if (this.fd < 0) {
			throw new DeskhandException(ErrorCode.E_FAIL, "the session bus connection is closed");
		}
		Memory out = new Memory(bytes.length);
		out.write(0, bytes, 0, bytes.length);
		int sent = 0;
		boolean withFds = fds.length > 0;
		while (sent < bytes.length) {
			this.message.clear();
			this.iov.setPointer(0, out.share(sent));
			this.iov.setLong(8, bytes.length - sent);
			this.message.setPointer(16, this.iov);
			this.message.setLong(24, 1);
			if (withFds) {
				int dataBytes = fds.length * FD_BYTES;
				this.control.clear();
				this.control.setLong(0, LinuxLibc.CMSGHDR_SIZE + dataBytes);
				this.control.setInt(8, LinuxLibc.SOL_SOCKET);
				this.control.setInt(12, LinuxLibc.SCM_RIGHTS);
				for (int i = 0; i < fds.length; i++) {
					this.control.setInt(LinuxLibc.CMSGHDR_SIZE + i * FD_BYTES, fds[i]);
				}
				this.message.setPointer(32, this.control);
				this.message.setLong(40, LinuxLibc.CMSGHDR_SIZE + ((dataBytes + 7) & ~7L));
			}
			// blocking: the bus reads its clients promptly, and messages here are small
			long written = this.libc.sendmsg(this.fd, this.message, LinuxLibc.MSG_NOSIGNAL);
			if (written < 0) {
				int errno = Native.getLastError();
				if (errno == LinuxLibc.EINTR) {
					continue;
				}
				throw fail("lost the session bus: " + this.libc.strerror(errno));
			}
			sent += (int) written;
			withFds = false;
		}
	}

	private DeskhandException fail(String why) {
		close();
		return new DeskhandException(ErrorCode.E_NO_DESKTOP, why);
	}

	boolean isClosed() {
		return this.fd < 0;
	}

	@Override
	public void close() {
		if (this.fd >= 0) {
			this.libc.close(this.fd);
			this.fd = -1;
		}
	}

}
