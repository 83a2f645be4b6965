package dev.deskhand.platform.linux.x11;

import com.sun.jna.NativeLong;
import com.sun.jna.Pointer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.CaptureDriver;
import dev.deskhand.platform.Frame;
import dev.deskhand.platform.Rect;
import dev.deskhand.platform.ScreenDamage;
import dev.deskhand.platform.linux.x11.jna.Xlib;

/**
 * Captures the root window on the observation connection: through MIT-SHM when the server
 * can share memory with us (a local server), else with XGetImage, which sends the pixels
 * through the socket, several times slower (docs/performance.md). What was drawn since a
 * consumer's last capture comes from the DAMAGE extension ({@link X11DamageTracker}), so
 * a screenshot can capture only the rows that changed.
 */
final class X11CaptureDriver implements CaptureDriver, AutoCloseable {

	private static final Logger logger = LoggerFactory.getLogger(X11CaptureDriver.class);

	private final X11SharedConnection observe;

	private final boolean shmAllowed;

	private final X11DamageTracker damage;

	// the fields below belong to the observation connection and are only touched by its
	// worker; a worker given up while stuck stops at its next requireUsable, before it
	// touches them again

	private X11Connection shmConnection;

	private boolean shmTried;

	private X11ShmSegment segment;

	/**
	 * @param observe the observation connection
	 * @param shmAllowed whether to try MIT-SHM at all
	 */
	X11CaptureDriver(X11SharedConnection observe, boolean shmAllowed) {
		this.observe = observe;
		this.shmAllowed = shmAllowed;
		this.damage = new X11DamageTracker(observe);
	}

	@Override
	public Frame capture(Rect region) {
		return capture(region, null);
	}

	@Override
	public Frame capture(Rect region, int[] buffer) {
		if (region.width() == 0 || region.height() == 0) {
			throw DeskhandException.args("cannot capture an empty region " + region);
		}
		return this.observe.call((connection) -> {
			X11Connection.RootInfo root = connection.rootInfo();
			requireTrueColor(root);
			if (region.x() < 0 || region.y() < 0 || region.right() > root.width() || region.bottom() > root.height()) {
				throw DeskhandException
					.args("region " + region + " is outside the screen (" + root.width() + "x" + root.height() + ")");
			}
			X11ShmSegment shm = segmentFor(connection, root, region);
			if (shm != null) {
				return shm.capture(root, region, buffer);
			}
			return getImage(connection, region, buffer);
		});
	}

	@Override
	public ScreenDamage takeDamage(String consumer, Rect region) {
		return this.damage.take(consumer, region);
	}

	/** The damage tracker; for tests. */
	X11DamageTracker damageTracker() {
		return this.damage;
	}

	/** Whether the last capture could use MIT-SHM; for health and benchmarks. */
	boolean usesShm() {
		return this.observe.call((connection) -> this.segment != null && this.segment.connection() == connection);
	}

	private X11ShmSegment segmentFor(X11Connection connection, X11Connection.RootInfo root, Rect region) {
		if (!this.shmAllowed) {
			return null;
		}
		if (this.shmConnection != connection) {
			// a new connection: the old one's segment died with it, try again from
			// scratch
			releaseSegment();
			this.shmConnection = connection;
			this.shmTried = false;
		}
		long needed = 4L * region.width() * region.height();
		if (this.segment != null && this.segment.fits(needed)) {
			return this.segment;
		}
		if (this.shmTried && this.segment == null) {
			return null;
		}
		this.shmTried = true;
		releaseSegment();
		if (!connection.hasShm()) {
			logger.info("X display {} has no MIT-SHM (a remote server?); capturing with XGetImage", connection.name());
			return null;
		}
		// sized for the whole screen, so that any later region fits without a new segment
		this.segment = X11ShmSegment.attach(connection, Math.max(needed, 4L * root.width() * root.height()));
		return this.segment;
	}

	private void releaseSegment() {
		if (this.segment != null) {
			this.segment.close();
			this.segment = null;
		}
	}

	private static Frame getImage(X11Connection connection, Rect region, int[] buffer) {
		Xlib xlib = connection.libraries().xlib();
		Pointer image = xlib.XGetImage(connection.display(), connection.root(), region.x(), region.y(), region.width(),
				region.height(), new NativeLong(-1), Xlib.ZPIXMAP);
		connection.requireUsable();
		if (image != null) {
			try {
				// the pixels go into the caller's buffer: not once the caller gave up
				X11SharedConnection.claimDelivery();
			}
			catch (DeskhandException ex) {
				xlib.XDestroyImage(image);
				throw ex;
			}
		}
		if (image == null) {
			X11Error error = connection.takeError();
			throw new DeskhandException(ErrorCode.E_FAIL,
					"XGetImage of " + region + " failed" + ((error != null) ? ": " + error.describe() : ""));
		}
		try {
			return X11Pixels.toFrame(new Xlib.XImage(image), buffer);
		}
		finally {
			xlib.XDestroyImage(image);
		}
	}

	private static void requireTrueColor(X11Connection.RootInfo root) {
		if (root.visualClass() != Xlib.TRUE_COLOR || (root.depth() != 24 && root.depth() != 32)) {
			throw new DeskhandException(ErrorCode.E_UNSUPPORTED,
					"the X display's root visual is class " + root.visualClass() + " at depth " + root.depth()
							+ "; Deskhand captures only TrueColor at depth"
							+ " 24 or 32. Run the X server at depth 24, e.g. Xvfb -screen 0 1920x1080x24");
		}
	}

	@Override
	public void close() {
		this.damage.close();
		this.observe.runIfConnected((connection) -> releaseSegment());
	}

}
