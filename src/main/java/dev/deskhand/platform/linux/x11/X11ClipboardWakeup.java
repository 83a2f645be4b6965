package dev.deskhand.platform.linux.x11;

import com.sun.jna.Memory;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.linux.LinuxLibc;

/**
 * How the clipboard thread sleeps: in {@code poll} on its X socket and an eventfd that
 * callers write to when they hand it work. No timer ticks while idle; the thread wakes
 * for an event, a request, or the next deadline.
 */
final class X11ClipboardWakeup implements AutoCloseable {

	private static final long COUNTER_SIZE = 8;

	private final LinuxLibc libc;

	private final int eventFd;

	/** Two {@code struct pollfd}: the eventfd, then the X socket. */
	private final Memory pollFds = new Memory(2L * LinuxLibc.POLLFD_SIZE);

	private final Memory drained = new Memory(8);

	private final Memory one = new Memory(8);

	// callers wake while the clipboard thread may close: a closed fd's number can be
	// reused, so never write after close
	private final Object lock = new Object();

	private boolean closed;

	private X11ClipboardWakeup(LinuxLibc libc, int eventFd) {
		this.libc = libc;
		this.eventFd = eventFd;
		this.one.setLong(0, 1);
	}

	static X11ClipboardWakeup open() {
		LinuxLibc libc = X11Libraries.get().libc();
		int fd = libc.eventfd(0, LinuxLibc.EFD_NONBLOCK | LinuxLibc.EFD_CLOEXEC);
		if (fd < 0) {
			throw new DeskhandException(ErrorCode.E_FAIL, "cannot create an eventfd for the clipboard thread");
		}
		return new X11ClipboardWakeup(libc, fd);
	}

	/** Makes the next or current {@link #await} return; any thread. */
	void wake() {
		synchronized (this.lock) {
			if (!this.closed) {
				this.libc.write(this.eventFd, this.one, COUNTER_SIZE);
			}
		}
	}

	/**
	 * Sleeps until the X socket has data, {@link #wake()} was called, or the timeout
	 * passed. The clipboard thread only.
	 * @param xFd the X socket, or -1 without a connection
	 * @param timeoutMillis -1 to wait without limit
	 */
	void await(int xFd, int timeoutMillis) {
		this.pollFds.setInt(0, this.eventFd);
		this.pollFds.setShort(4, LinuxLibc.POLLIN);
		this.pollFds.setShort(6, (short) 0);
		this.pollFds.setInt(LinuxLibc.POLLFD_SIZE, xFd);
		this.pollFds.setShort(LinuxLibc.POLLFD_SIZE + 4, LinuxLibc.POLLIN);
		this.pollFds.setShort(LinuxLibc.POLLFD_SIZE + 6, (short) 0);
		this.libc.poll(this.pollFds, 2, timeoutMillis);
		// resets the counter; fails with EAGAIN when nobody woke us, which is fine
		this.libc.read(this.eventFd, this.drained, COUNTER_SIZE);
	}

	@Override
	public void close() {
		synchronized (this.lock) {
			if (!this.closed) {
				this.closed = true;
				this.libc.close(this.eventFd);
			}
		}
	}

}
