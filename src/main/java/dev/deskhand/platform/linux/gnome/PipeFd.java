package dev.deskhand.platform.linux.gnome;

import java.io.ByteArrayOutputStream;

import com.sun.jna.Memory;
import com.sun.jna.Native;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.linux.LinuxLibc;

/**
 * Reads or writes a pipe mutter handed over (its clipboard transfers), with a deadline:
 * the other end is an application that may never answer. Every call closes the
 * descriptor, whatever happens.
 */
final class PipeFd {

	private static final int CHUNK = 64 * 1024;

	/**
	 * At most this much per write after {@code POLLOUT}: a pipe with room takes a page
	 * without blocking, and the descriptor may be a blocking one.
	 */
	private static final int WRITE_STEP = 4096;

	private PipeFd() {
	}

	/**
	 * Everything until the writer closes its end.
	 * @param limit the most bytes taken; more is an error, not a truncation
	 * @throws DeskhandException E_TIMEOUT when the writer has not finished in time,
	 * E_ARGS past the limit
	 */
	static byte[] readAll(int fd, long deadlineNanos, int limit, String what) {
		LinuxLibc libc = LinuxLibc.get();
		Memory buffer = new Memory(CHUNK);
		ByteArrayOutputStream bytes = new ByteArrayOutputStream();
		try {
			while (true) {
				if (!await(libc, fd, LinuxLibc.POLLIN, deadlineNanos)) {
					throw new DeskhandException(ErrorCode.E_TIMEOUT, what + " did not finish in time");
				}
				long read = libc.read(fd, buffer, CHUNK);
				if (read < 0) {
					int errno = Native.getLastError();
					if (errno == LinuxLibc.EINTR || errno == LinuxLibc.EAGAIN) {
						continue;
					}
					throw new DeskhandException(ErrorCode.E_NO_DESKTOP, what + " failed: " + libc.strerror(errno));
				}
				if (read == 0) {
					return bytes.toByteArray();
				}
				if (bytes.size() + read > limit) {
					throw DeskhandException.args(what + " gave more than " + limit + " bytes");
				}
				bytes.write(buffer.getByteArray(0, (int) read), 0, (int) read);
			}
		}
		finally {
			libc.close(fd);
		}
	}

	/**
	 * Writes all of {@code bytes}, then closes the pipe (the reader sees the end).
	 * @throws DeskhandException E_TIMEOUT when the reader does not take them in time,
	 * E_NO_DESKTOP when it went away
	 */
	static void writeAll(int fd, byte[] bytes, long deadlineNanos, String what) {
		LinuxLibc libc = LinuxLibc.get();
		try {
			Memory buffer = new Memory(Math.max(1, Math.min(bytes.length, CHUNK)));
			int sent = 0;
			while (sent < bytes.length) {
				if (!await(libc, fd, LinuxLibc.POLLOUT, deadlineNanos)) {
					throw new DeskhandException(ErrorCode.E_TIMEOUT, what + ": the reader took no more in time");
				}
				int step = Math.min(WRITE_STEP, bytes.length - sent);
				buffer.write(0, bytes, sent, step);
				long written = libc.write(fd, buffer, step);
				if (written < 0) {
					int errno = Native.getLastError();
					if (errno == LinuxLibc.EINTR || errno == LinuxLibc.EAGAIN) {
						continue;
					}
					throw new DeskhandException(ErrorCode.E_NO_DESKTOP, what + " failed: " + libc.strerror(errno));
				}
				sent += (int) written;
			}
		}
		finally {
			libc.close(fd);
		}
	}

	/** Whether the descriptor is ready (hang-up and errors count: the next call says). */
	private static boolean await(LinuxLibc libc, int fd, short events, long deadlineNanos) {
		Memory pollfd = new Memory(LinuxLibc.POLLFD_SIZE);
		while (true) {
			long left = deadlineNanos - System.nanoTime();
			if (left <= 0) {
				return false;
			}
			pollfd.setInt(0, fd);
			pollfd.setShort(4, events);
			pollfd.setShort(6, (short) 0);
			int ready = libc.poll(pollfd, 1, (int) Math.max(1, Math.min(Integer.MAX_VALUE, left / 1_000_000L)));
			if (ready > 0) {
				return true;
			}
			if (ready < 0 && Native.getLastError() != LinuxLibc.EINTR) {
				throw new DeskhandException(ErrorCode.E_NO_DESKTOP,
						"cannot wait for a clipboard pipe: " + libc.strerror(Native.getLastError()));
			}
		}
	}

}
