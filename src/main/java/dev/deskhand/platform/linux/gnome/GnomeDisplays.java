package dev.deskhand.platform.linux.gnome;

import java.time.Duration;
import java.util.List;
import java.util.function.Supplier;

import org.freedesktop.dbus.connections.AbstractConnection;
import org.freedesktop.dbus.exceptions.DBusException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.deskhand.platform.DisplayDriver;
import dev.deskhand.platform.DisplayInfo;
import dev.deskhand.platform.Point;

/**
 * The displays of a GNOME session, kept from {@link MutterDisplayConfig} and read again
 * when mutter says its monitors changed, so that a look does not pay a D-Bus round trip
 * for them.
 * <p>
 * GNOME tells no client where the pointer is (no Wayland client may ask, and mutter's
 * D-Bus API has no such call): {@link #pointerPosition()} is where Deskhand last put it.
 */
final class GnomeDisplays implements DisplayDriver, AutoCloseable {

	private static final Logger logger = LoggerFactory.getLogger(GnomeDisplays.class);

	private final AbstractConnection bus;

	private final Duration timeout;

	private final Supplier<Point> lastPointer;

	private final AutoCloseable subscription;

	private volatile List<DisplayInfo> displays;

	private GnomeDisplays(AbstractConnection bus, Duration timeout, Supplier<Point> lastPointer,
			List<DisplayInfo> displays) throws DBusException {
		this.bus = bus;
		this.timeout = timeout;
		this.lastPointer = lastPointer;
		this.displays = displays;
		this.subscription = bus.addSigHandler(MutterDisplaySignals.MonitorsChanged.class, (signal) -> refresh());
	}

	/**
	 * Reads the displays and follows their changes.
	 * @param lastPointer where Deskhand last put the pointer, in layout units
	 */
	static GnomeDisplays watch(AbstractConnection bus, Duration timeout, Supplier<Point> lastPointer) {
		try {
			return new GnomeDisplays(bus, timeout, lastPointer, MutterDisplayConfig.read(bus, timeout));
		}
		catch (DBusException ex) {
			throw new IllegalStateException("cannot follow mutter's monitor changes: " + ex.getMessage(), ex);
		}
	}

	// on dbus-java's signal thread
	private void refresh() {
		try {
			this.displays = MutterDisplayConfig.read(this.bus, this.timeout);
			logger.info("GNOME displays changed: {}", this.displays);
		}
		catch (RuntimeException ex) {
			logger.warn("GNOME displays changed, but mutter did not say how: {}", ex.getMessage());
		}
	}

	@Override
	public List<DisplayInfo> displays() {
		return this.displays;
	}

	@Override
	public Point pointerPosition() {
		return this.lastPointer.get();
	}

	@Override
	public void close() {
		try {
			this.subscription.close();
		}
		catch (Exception ex) {
			// only a signal subscription: closing the connection drops it anyway
		}
	}

}
