package dev.deskhand.platform.linux;

import com.sun.jna.Library;
import com.sun.jna.Native;
import com.sun.jna.Pointer;

/**
 * The libc calls the Linux drivers need and Java has no API for: a Unix socket that
 * passes file descriptors ({@code sendmsg}/{@code recvmsg} with {@code SCM_RIGHTS}), a
 * bounded wait ({@code poll}), an {@code eventfd} to wake a poll, and shared memory for
 * pixel buffers ({@code memfd_create} and {@code mmap} for Wayland, System V
 * {@code shmget}/{@code shmat} for X11's MIT-SHM). Sizes are mapped to {@code long}: LP64
 * Linux (x86-64, aarch64) only, like the struct layouts the callers build. {@code errno}
 * is read with {@link Native#getLastError()} right after a call.
 */
public interface LinuxLibc extends Library {

	/** Loaded on first use, so that merely naming the interface does not load JNA. */
	static LinuxLibc get() {
		return Holder.INSTANCE;
	}

	int AF_UNIX = 1;

	int SOCK_STREAM = 1;

	int SOCK_CLOEXEC = 02000000;

	int SOL_SOCKET = 1;

	int SCM_RIGHTS = 1;

	/** A peer that went away gives {@code EPIPE}, not a SIGPIPE that ends the JVM. */
	int MSG_NOSIGNAL = 0x4000;

	int MSG_DONTWAIT = 0x40;

	/** Received descriptors are not inherited by child processes. */
	int MSG_CMSG_CLOEXEC = 0x40000000;

	short POLLIN = 0x001;

	short POLLOUT = 0x004;

	short POLLERR = 0x008;

	short POLLHUP = 0x010;

	short POLLNVAL = 0x020;

	int MFD_CLOEXEC = 1;

	int PROT_READ = 1;

	int PROT_WRITE = 2;

	int MAP_SHARED = 1;

	int EINTR = 4;

	int EAGAIN = 11;

	/** Bytes of {@code struct sockaddr_un}: a family and a 108-byte path. */
	int SOCKADDR_UN_SIZE = 110;

	/** Bytes of {@code struct msghdr} on LP64. */
	int MSGHDR_SIZE = 56;

	/** Bytes of {@code struct cmsghdr} on LP64, before its data. */
	int CMSGHDR_SIZE = 16;

	/** Bytes of a {@code struct pollfd}: {@code int fd; short events; short revents}. */
	int POLLFD_SIZE = 8;

	int socket(int domain, int type, int protocol);

	int connect(int fd, Pointer address, int addressLength);

	long sendmsg(int fd, Pointer message, int flags);

	long recvmsg(int fd, Pointer message, int flags);

	/**
	 * @return how many descriptors are ready, 0 on timeout, -1 on error (EINTR included)
	 */
	int poll(Pointer fds, long count, int timeoutMillis);

	int close(int fd);

	/** For {@link #shutdown}: both directions. */
	int SHUT_RDWR = 2;

	/**
	 * Ends a socket's traffic both ways: unlike {@link #close}, it wakes a thread blocked
	 * in {@link #recvmsg} on it.
	 */
	int shutdown(int fd, int how);

	int memfd_create(String name, int flags);

	int ftruncate(int fd, long length);

	/**
	 * @return the address, or {@code (void*) -1} on failure
	 */
	Pointer mmap(Pointer address, long length, int protection, int flags, int fd, long offset);

	int munmap(Pointer address, long length);

	String strerror(int errno);

	long read(int fd, Pointer buffer, long count);

	long write(int fd, Pointer buffer, long count);

	int O_CLOEXEC = 02000000;

	/** A pipe: {@code fds[0]} reads, {@code fds[1]} writes. */
	int pipe2(int[] fds, int flags);

	int EFD_NONBLOCK = 04000;

	int EFD_CLOEXEC = 02000000;

	int eventfd(int initialValue, int flags);

	int IPC_PRIVATE = 0;

	int IPC_CREAT = 01000;

	int IPC_RMID = 0;

	int shmget(int key, long size, int flags);

	Pointer shmat(int id, Pointer address, int flags);

	int shmdt(Pointer address);

	int shmctl(int id, int command, Pointer buffer);

	/** The lazy holder of the loaded library. */
	final class Holder {

		private static final LinuxLibc INSTANCE = Native.load("c", LinuxLibc.class);

		private Holder() {
		}

	}

}
