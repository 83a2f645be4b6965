package dev.deskhand.platform.linux.gnome;

import java.time.Duration;

import org.freedesktop.dbus.DBusPath;
import org.freedesktop.dbus.connections.impl.DBusConnection;
import org.freedesktop.dbus.exceptions.DBusException;
import org.freedesktop.dbus.types.UInt32;

import dev.deskhand.testing.GnomeSession;
import dev.deskhand.testing.Pause;

/**
 * A started {@code org.gnome.Mutter.RemoteDesktop} session of the test's own, on a
 * connection of its own, standing for the person at the desk: its virtual keyboard and
 * pointer are input devices on the seat like a physical one (headless mutter has none
 * until a session starts, and a window gets no keyboard focus without a keyboard), and
 * what it sends is input Deskhand did not inject.
 */
final class PersonAtTheDesk implements AutoCloseable {

	private static final String RD = "org.gnome.Mutter.RemoteDesktop";

	private static final String SESSION = RD + ".Session";

	private static final Duration TIMEOUT = Duration.ofSeconds(5);

	private static final int SHIFT_L = 0xffe1;

	private final DBusConnection bus;

	private final String path;

	private PersonAtTheDesk(DBusConnection bus, String path) {
		this.bus = bus;
		this.path = path;
	}

	/** Starts the session and sends the warm-up events mutter drops from a new device. */
	static PersonAtTheDesk arrive(GnomeSession session) throws DBusException {
		DBusConnection bus = session.connect();
		String path = ((DBusPath) MutterCall.call(bus, RD, "/org/gnome/Mutter/RemoteDesktop", RD, "CreateSession",
				TIMEOUT, "")[0])
			.getPath();
		MutterCall.call(bus, RD, path, SESSION, "Start", TIMEOUT, "");
		PersonAtTheDesk person = new PersonAtTheDesk(bus, path);
		person.tapShift();
		person.nudgePointer();
		Pause.millis(200);
		return person;
	}

	/** Presses and releases Shift: a key that types nothing. */
	void tapShift() {
		MutterCall.call(this.bus, RD, this.path, SESSION, "NotifyKeyboardKeysym", TIMEOUT, "ub", new UInt32(SHIFT_L),
				true);
		MutterCall.call(this.bus, RD, this.path, SESSION, "NotifyKeyboardKeysym", TIMEOUT, "ub", new UInt32(SHIFT_L),
				false);
	}

	/** Moves the pointer by a unit and back. */
	void nudgePointer() {
		MutterCall.call(this.bus, RD, this.path, SESSION, "NotifyPointerMotionRelative", TIMEOUT, "dd", 1.0, 1.0);
		MutterCall.call(this.bus, RD, this.path, SESSION, "NotifyPointerMotionRelative", TIMEOUT, "dd", -1.0, -1.0);
	}

	@Override
	public void close() {
		try {
			MutterCall.call(this.bus, RD, this.path, SESSION, "Stop", TIMEOUT, "");
		}
		catch (RuntimeException ex) {
			// gone with its connection anyway
		}
		this.bus.disconnect();
	}

}
