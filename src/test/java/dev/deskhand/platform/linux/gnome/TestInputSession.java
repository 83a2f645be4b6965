package dev.deskhand.platform.linux.gnome;

import java.time.Duration;

import org.freedesktop.dbus.DBusPath;
import org.freedesktop.dbus.connections.impl.DBusConnection;
import org.freedesktop.dbus.exceptions.DBusException;
import org.freedesktop.dbus.types.UInt32;

import dev.deskhand.testing.GnomeSession;
import dev.deskhand.testing.Pause;
import dev.deskhand.platform.linux.dbus.DbusCall;

/**
 * A started {@code org.gnome.Mutter.RemoteDesktop} session of the test's own, on a
 * connection of its own: the person at the desk, whose virtual keyboard and pointer are
 * input devices on the seat like physical ones (headless mutter has none until a session
 * starts, and a window gets no keyboard focus without a keyboard); or Deskhand's input,
 * telling when it last injected.
 */
final class TestInputSession implements AutoCloseable {

	private static final String RD = "org.gnome.Mutter.RemoteDesktop";

	private static final String SESSION = RD + ".Session";

	private static final Duration TIMEOUT = Duration.ofSeconds(5);

	private static final int SHIFT_L = 0xffe1;

	private final DBusConnection bus;

	private final String path;

	private volatile long lastEvent = Long.MIN_VALUE;

	private TestInputSession(DBusConnection bus, String path) {
		this.bus = bus;
		this.path = path;
	}

	/** Starts the session and sends the warm-up events mutter drops from a new device. */
	static TestInputSession start(GnomeSession session) throws DBusException {
		DBusConnection bus = session.connect();
		String path = ((DBusPath) DbusCall.call(bus, RD, "/org/gnome/Mutter/RemoteDesktop", RD, "CreateSession",
				TIMEOUT, "")[0])
			.getPath();
		DbusCall.call(bus, RD, path, SESSION, "Start", TIMEOUT, "");
		TestInputSession person = new TestInputSession(bus, path);
		person.tapShift();
		person.nudgePointer();
		Pause.millis(200);
		return person;
	}

	/** Presses and releases Shift: a key that types nothing. */
	void tapShift() {
		DbusCall.call(this.bus, RD, this.path, SESSION, "NotifyKeyboardKeysym", TIMEOUT, "ub", new UInt32(SHIFT_L),
				true);
		DbusCall.call(this.bus, RD, this.path, SESSION, "NotifyKeyboardKeysym", TIMEOUT, "ub", new UInt32(SHIFT_L),
				false);
		this.lastEvent = System.nanoTime();
	}

	/** Presses or releases a key by keysym. */
	void key(int keysym, boolean down) {
		DbusCall.call(this.bus, RD, this.path, SESSION, "NotifyKeyboardKeysym", TIMEOUT, "ub", new UInt32(keysym),
				down);
		this.lastEvent = System.nanoTime();
	}

	/** {@link System#nanoTime()} when its last injecting call returned. */
	long lastEvent() {
		return this.lastEvent;
	}

	/** Moves the pointer by a unit and back. */
	void nudgePointer() {
		DbusCall.call(this.bus, RD, this.path, SESSION, "NotifyPointerMotionRelative", TIMEOUT, "dd", 1.0, 1.0);
		DbusCall.call(this.bus, RD, this.path, SESSION, "NotifyPointerMotionRelative", TIMEOUT, "dd", -1.0, -1.0);
		this.lastEvent = System.nanoTime();
	}

	@Override
	public void close() {
		try {
			DbusCall.call(this.bus, RD, this.path, SESSION, "Stop", TIMEOUT, "");
		}
		catch (RuntimeException ex) {
			// gone with its connection anyway
		}
		this.bus.disconnect();
	}

}
