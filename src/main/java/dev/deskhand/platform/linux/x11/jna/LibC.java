package dev.deskhand.platform.linux.x11.jna;

import com.sun.jna.NativeLong;
import com.sun.jna.Pointer;
import com.sun.jna.platform.unix.LibCAPI;

/**
 * The System V shared memory calls MIT-SHM needs, and the eventfd and poll calls the
 * clipboard thread waits with, extending jna-platform's
 * {@link com.sun.jna.platform.linux.LibC}. Load with
 * {@code Native.load("c", LibC.class)}.
 */
public interface LibC extends com.sun.jna.platform.linux.LibC {

	int IPC_PRIVATE = 0;

	int IPC_CREAT = 01000;

	int IPC_RMID = 0;

	int shmget(int key, LibCAPI.size_t size, int shmflg);

	/**
	 * @return the address, or {@code (void*) -1} on failure
	 */
	Pointer shmat(int shmid, Pointer shmaddr, int shmflg);

	int shmdt(Pointer shmaddr);

	int shmctl(int shmid, int cmd, Pointer buf);

	/** {@code eventfd} flags: reads never block; not inherited by child processes. */
	int EFD_NONBLOCK = 04000;

	int EFD_CLOEXEC = 02000000;

	/** {@code pollfd.events}: data to read. */
	short POLLIN = 0x001;

	/** Bytes of a {@code struct pollfd}: {@code int fd; short events; short revents}. */
	int POLLFD_SIZE = 8;

	/**
	 * A counter to wake a thread that waits in {@link #poll}; read and written 8 bytes at
	 * a time.
	 */
	int eventfd(int initialValue, int flags);

	/**
	 * @param fds {@code nfds} {@code struct pollfd}s of {@link #POLLFD_SIZE} bytes; a
	 * negative fd is skipped
	 * @param timeoutMillis -1 to wait without limit
	 * @return how many fds are ready, 0 on timeout, -1 on error (EINTR included)
	 */
	int poll(Pointer fds, NativeLong nfds, int timeoutMillis);

	LibCAPI.ssize_t read(int fd, Pointer buffer, LibCAPI.size_t count);

	LibCAPI.ssize_t write(int fd, Pointer buffer, LibCAPI.size_t count);

}
