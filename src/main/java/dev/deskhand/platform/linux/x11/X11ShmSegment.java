package dev.deskhand.platform.linux.x11;

import com.sun.jna.NativeLong;
import com.sun.jna.Pointer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.Frame;
import dev.deskhand.platform.Rect;
import dev.deskhand.platform.linux.LinuxLibc;
import dev.deskhand.platform.linux.x11.jna.XShm;
import dev.deskhand.platform.linux.x11.jna.Xlib;

/**
 * A System V shared memory segment attached to one connection, which the X server fills
 * with {@code XShmGetImage}: no pixels travel through the socket. Reused for every
 * capture that fits; detached and freed at close. Marked for removal right after the
 * attach, so the kernel frees it even if the JVM dies.
 */
final class X11ShmSegment {

	private static final Logger logger = LoggerFactory.getLogger(X11ShmSegment.class);

	private static final Pointer SHMAT_FAILED = new Pointer(-1);

	private final X11Connection connection;

	private final XShm.XShmSegmentInfo info;

	private final long capacity;

	private X11ShmSegment(X11Connection connection, XShm.XShmSegmentInfo info, long capacity) {
		this.connection = connection;
		this.info = info;
		this.capacity = capacity;
	}

	/**
	 * @return the attached segment, or {@code null} when the server cannot share memory
	 * with us (another host, another IPC namespace, shm limits); the reason is logged
	 */
	static X11ShmSegment attach(X11Connection connection, long bytes) {
		LinuxLibc libc = connection.libraries().libc();
		int id = libc.shmget(LinuxLibc.IPC_PRIVATE, bytes, LinuxLibc.IPC_CREAT | 0600);
		if (id < 0) {
			logger.warn("MIT-SHM capture unavailable: shmget of {} bytes failed; using XGetImage", bytes);
			return null;
		}
		Pointer address = libc.shmat(id, null, 0);
		if (address == null || address.equals(SHMAT_FAILED)) {
			libc.shmctl(id, LinuxLibc.IPC_RMID, null);
			logger.warn("MIT-SHM capture unavailable: shmat failed; using XGetImage");
			return null;
		}
		XShm.XShmSegmentInfo info = new XShm.XShmSegmentInfo();
		info.shmid = id;
		info.shmaddr = address;
		info.readOnly = 0;
		X11Error error = connection.expectingErrors(() -> {
			connection.libraries().xshm().XShmAttach(connection.display(), info);
			connection.sync();
			return connection.takeError();
		});
		// attached (or refused): either way nobody else needs the id any more
		libc.shmctl(id, LinuxLibc.IPC_RMID, null);
		if (error != null) {
			libc.shmdt(address);
			logger.warn("MIT-SHM capture unavailable: the X server cannot attach our segment ({}); using XGetImage",
					error.describe());
			return null;
		}
		logger.debug("attached a {} byte MIT-SHM segment to X display {}", bytes, connection.name());
		return new X11ShmSegment(connection, info, bytes);
	}

	X11Connection connection() {
		return this.connection;
	}

	boolean fits(long bytes) {
		return bytes <= this.capacity;
	}

	/**
	 * Captures a region of the root window (already checked to lie inside it), into
	 * {@code buffer} when it is large enough.
	 */
	Frame capture(X11Connection.RootInfo root, Rect region, int[] buffer) {
		Xlib xlib = this.connection.libraries().xlib();
		Pointer image = this.connection.libraries()
			.xshm()
			.XShmCreateImage(this.connection.display(), root.visual(), root.depth(), Xlib.ZPIXMAP, this.info.shmaddr,
					this.info, region.width(), region.height());
		if (image == null) {
			throw new DeskhandException(ErrorCode.E_FAIL, "XShmCreateImage failed");
		}
		try {
			Xlib.XImage header = new Xlib.XImage(image);
			if ((long) header.bytes_per_line * header.height > this.capacity) {
				throw new IllegalStateException("region " + region + " does not fit the shared segment");
			}
			boolean ok = this.connection.libraries()
				.xshm()
				.XShmGetImage(this.connection.display(), this.connection.root(), image, region.x(), region.y(),
						new NativeLong(-1));
			this.connection.requireUsable();
			X11Error error = this.connection.takeError();
			if (!ok || error != null) {
				throw new DeskhandException(ErrorCode.E_FAIL,
						"XShmGetImage of " + region + " failed" + ((error != null) ? ": " + error.describe() : ""));
			}
			// the pixels go into the caller's buffer: not once the caller gave up
			X11SharedConnection.claimDelivery();
			return X11Pixels.toFrame(header, buffer);
		}
		finally {
			// frees the XImage header only: XShmCreateImage's images never own their data
			xlib.XDestroyImage(image);
		}
	}

	/** Detaches (if the connection still works) and unmaps the segment. */
	void close() {
		if (this.connection.isUsable()) {
			this.connection.libraries().xshm().XShmDetach(this.connection.display(), this.info);
			this.connection.libraries().xlib().XSync(this.connection.display(), false);
		}
		this.connection.libraries().libc().shmdt(this.info.shmaddr);
	}

}
