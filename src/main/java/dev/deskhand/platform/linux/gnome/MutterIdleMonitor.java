package dev.deskhand.platform.linux.gnome;

import java.time.Duration;

import org.freedesktop.dbus.connections.AbstractConnection;
import org.freedesktop.dbus.types.UInt64;

import dev.deskhand.platform.linux.dbus.DbusCall;

/**
 * {@code org.gnome.Mutter.IdleMonitor}'s core monitor: how long since the last input
 * event of any device on the seat, physical or virtual. Measured on headless mutter 43:
 * every event a RemoteDesktop session injects resets it (motion, buttons, keys, scroll,
 * also the first event of a new device that mutter does not deliver to the focused
 * window), 5 ms at most after the injecting call returned; a key or button held down does
 * not (key repeat is the client's, not an input event). Mutter 43 exports the core
 * monitor only, no per-device ones.
 */
final class MutterIdleMonitor {

	static final String BUS_NAME = "org.gnome.Mutter.IdleMonitor";

	static final String CORE = "/org/gnome/Mutter/IdleMonitor/Core";

	private MutterIdleMonitor() {
	}

	/**
	 * {@code GetIdletime()}, in milliseconds.
	 * @throws org.freedesktop.dbus.exceptions.DBusExecutionException when mutter does not
	 * answer in time
	 */
	static Duration idleTime(AbstractConnection bus, Duration timeout) {
		Object answer = DbusCall.call(bus, BUS_NAME, CORE, BUS_NAME, "GetIdletime", timeout, "")[0];
		long millis = (answer instanceof UInt64 unsigned) ? unsigned.longValue() : ((Number) answer).longValue();
		return Duration.ofMillis(millis);
	}

}
