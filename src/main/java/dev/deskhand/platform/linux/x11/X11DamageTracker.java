package dev.deskhand.platform.linux.x11;

import java.util.ArrayList;
import java.util.List;

import com.sun.jna.NativeLong;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.IntByReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.deskhand.platform.DamageConsumers;
import dev.deskhand.platform.Rect;
import dev.deskhand.platform.ScreenDamage;
import dev.deskhand.platform.linux.x11.jna.XDamage;
import dev.deskhand.platform.linux.x11.jna.XFixes;
import dev.deskhand.platform.linux.x11.jna.Xlib;

/**
 * What was drawn on the root window since each consumer last asked, from the X DAMAGE
 * extension, on the observation connection (the one capture uses, so a fetch is ordered
 * before the capture that follows it). Without a compositing manager every window draws
 * into the root window's pixels, and with one the compositor paints them there, so the
 * root's damage covers the whole screen.
 *
 * <p>
 * One Damage object per connection, created on the first request; it dies with the
 * connection, so after a reconnect every consumer is told "unknown" once. Without
 * libXdamage/libXfixes or the extensions, every answer is "unknown" and screenshots
 * capture whole displays, as without tracking.
 */
final class X11DamageTracker implements AutoCloseable {

	private static final Logger logger = LoggerFactory.getLogger(X11DamageTracker.class);

	/**
	 * More areas than this are kept as their bounding box: fetches of many tiny areas
	 * stay cheap.
	 */
	static final int MAX_AREAS = 64;

	/** {@code XserverRegion} None: XDamageSubtract's {@code repair} for "all of it". */
	private static final NativeLong NONE = new NativeLong(0);

	private final X11SharedConnection observe;

	// the fields below belong to the observation connection and are only touched by its
	// worker

	private final DamageConsumers consumers = new DamageConsumers(MAX_AREAS);

	/**
	 * The connection {@link #damage} lives on; another one means everything drawn
	 * meanwhile is lost.
	 */
	private X11Connection connection;

	/** The Damage object, or {@code null} when this connection cannot track damage. */
	private NativeLong damage;

	/** The region each fetch moves the damage into. */
	private NativeLong parts;

	private long fetches;

	X11DamageTracker(X11SharedConnection observe) {
		this.observe = observe;
	}

	/** See {@link dev.deskhand.platform.CaptureDriver#takeDamage}. */
	ScreenDamage take(String consumer, Rect region) {
		return this.observe.call((connection) -> {
			if (connection != this.connection) {
				attach(connection);
			}
			if (this.damage == null) {
				return ScreenDamage.UNKNOWN;
			}
			List<Rect> fetched = fetch(connection);
			if (fetched == null) {
				this.consumers.invalidateAll();
			}
			else {
				this.consumers.add(fetched);
			}
			return this.consumers.take(consumer, region);
		});
	}

	/** How many times the damage was fetched from the server; for tests. */
	long fetches() {
		return this.observe.call((connection) -> this.fetches);
	}

	/**
	 * Events waiting on the observation connection, after reading what the socket holds;
	 * for tests: DamageNotify events must not pile up there.
	 */
	int queuedEvents() {
		return this.observe.call((connection) -> connection.libraries()
			.xlib()
			.XEventsQueued(connection.display(), Xlib.QUEUED_AFTER_FLUSH));
	}

	/** Whether damage is tracked on the current connection; for tests and health. */
	boolean isTracking() {
		return this.observe.call((connection) -> connection == this.connection && this.damage != null);
	}

	private void attach(X11Connection connection) {
		if (this.connection != null && this.connection.isUsable()) {
			release();
		}
		this.connection = connection;
		this.damage = null;
		this.parts = null;
		this.consumers.invalidateAll();
		XDamage xdamage = connection.libraries().xdamage();
		XFixes xfixes = connection.libraries().xfixes();
		if (xdamage == null || xfixes == null) {
			return;
		}
		IntByReference first = new IntByReference();
		IntByReference second = new IntByReference();
		if (xdamage.XDamageQueryExtension(connection.display(), first, second) == 0
				|| xdamage.XDamageQueryVersion(connection.display(), first, second) == 0) {
			logger.info("X display {} has no DAMAGE extension: screenshots capture whole displays every time",
					connection.name());
			return;
		}
		// region requests are XFIXES 2; the library asks for its own version, which is
		// newer
		if (xfixes.XFixesQueryExtension(connection.display(), first, second) == 0
				|| xfixes.XFixesQueryVersion(connection.display(), first, second) == 0 || first.getValue() < 2) {
			logger.info("X display {} has no XFIXES 2 extension: screenshots capture whole displays every time",
					connection.name());
			return;
		}
		X11Error error = connection.expectingErrors(() -> {
			this.parts = xfixes.XFixesCreateRegion(connection.display(), null, 0);
			this.damage = xdamage.XDamageCreate(connection.display(), connection.root(), XDamage.REPORT_NON_EMPTY);
			connection.sync();
			return connection.takeError();
		});
		if (error != null) {
			logger.warn("cannot track damage on X display {} ({}); screenshots capture whole displays every time",
					connection.name(), error.describe());
			release();
			return;
		}
		logger.debug("tracking damage of the root window of X display {}", connection.name());
	}

	/**
	 * Moves the damage into {@link #parts} and reads it: the reply is the round trip that
	 * orders the subtraction before any capture that follows.
	 * @return the areas, or {@code null} when the fetch failed
	 */
	private List<Rect> fetch(X11Connection connection) {
		connection.requireUsable();
		XDamage xdamage = connection.libraries().xdamage();
		XFixes xfixes = connection.libraries().xfixes();
		xdamage.XDamageSubtract(connection.display(), this.damage, NONE, this.parts);
		IntByReference count = new IntByReference();
		Pointer rectangles = xfixes.XFixesFetchRegion(connection.display(), this.parts, count);
		connection.requireUsable();
		// the consumers are shared with the worker that may replace this one
		X11SharedConnection.claimDelivery();
		this.fetches++;
		// each emptying re-arms one DamageNotify; Xlib queued them while it waited for
		// the reply
		connection.drainEvents();
		X11Error error = connection.takeError();
		List<Rect> areas = new ArrayList<>();
		if (rectangles != null) {
			try {
				for (int i = 0; i < count.getValue(); i++) {
					long offset = (long) i * XFixes.XRECTANGLE_SIZE;
					int width = rectangles.getShort(offset + 4) & 0xffff;
					int height = rectangles.getShort(offset + 6) & 0xffff;
					if (width > 0 && height > 0) {
						areas
							.add(new Rect(rectangles.getShort(offset), rectangles.getShort(offset + 2), width, height));
					}
				}
			}
			finally {
				connection.libraries().xlib().XFree(rectangles);
			}
		}
		if (error != null) {
			logger.warn("fetching the damage of X display {} failed ({}); the next screenshots capture whole displays",
					connection.name(), error.describe());
			return null;
		}
		return areas;
	}

	/** Frees the server's objects, on a connection that still works. */
	private void release() {
		X11Connection connection = this.connection;
		if (connection != null && connection.isUsable()) {
			if (this.damage != null) {
				connection.libraries().xdamage().XDamageDestroy(connection.display(), this.damage);
			}
			if (this.parts != null) {
				connection.libraries().xfixes().XFixesDestroyRegion(connection.display(), this.parts);
			}
			connection.expectingErrors(() -> {
				connection.libraries().xlib().XSync(connection.display(), false);
				return connection.takeError();
			});
		}
		this.damage = null;
		this.parts = null;
	}

	@Override
	public void close() {
		this.observe.runIfConnected((connection) -> release());
	}

}
