package dev.deskhand.platform.linux.gnome;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.freedesktop.dbus.DBusPath;
import org.freedesktop.dbus.connections.AbstractConnection;
import org.freedesktop.dbus.exceptions.DBusExecutionException;
import org.freedesktop.dbus.types.UInt32;
import org.freedesktop.dbus.types.Variant;

import dev.deskhand.platform.DisplayInfo;
import dev.deskhand.platform.linux.dbus.DbusCall;

/**
 * One started {@code org.gnome.Mutter.RemoteDesktop} session and the ScreenCast session
 * linked to it ({@code remote-desktop-session-id}), which records every display: mutter
 * takes absolute pointer positions only relative to a stream of the linked screencast, so
 * each display needs one. Nobody pulls those streams' frames: an unconsumed stream is a
 * PipeWire node that never negotiates, and mutter renders nothing for it.
 * <p>
 * The pointer's {@code notify*} calls are sent without waiting for each answer, at most
 * {@value #IN_FLIGHT} ahead, and {@link #flush()} waits for the rest: the bus keeps one
 * connection's calls in order and mutter answers each after putting its event into its
 * input queue, so events arrive in the order sent, and a click's motion, press and
 * release cost one wait instead of three (each answer takes a pass of mutter's main loop,
 * 1–2 ms, longer while it paints). Keys wait for each answer (see {@link #keysym}). The
 * session ends with {@link #stop()} or with the D-Bus connection that created it.
 */
final class MutterRemoteSession implements RemoteInputSession {

	static final String BUS_NAME = "org.gnome.Mutter.RemoteDesktop";

	private static final String PATH = "/org/gnome/Mutter/RemoteDesktop";

	private static final String SESSION = "org.gnome.Mutter.RemoteDesktop.Session";

	private static final String CAST_SESSION = "org.gnome.Mutter.ScreenCast.Session";

	private static final int CURSOR_HIDDEN = 0;

	// how many input calls may await their answers; bounds how far typing runs ahead of
	// mutter (and of the client mutter feeds)
	static final int IN_FLIGHT = 8;

	private final AbstractConnection bus;

	private final String session;

	private final Map<String, String> streamsByDisplay;

	private final Duration timeout;

	private final Deque<DbusCall.Sent> inFlight = new ArrayDeque<>();

	private MutterRemoteSession(AbstractConnection bus, String session, Map<String, String> streamsByDisplay,
			Duration timeout) {
		this.bus = bus;
		this.session = session;
		this.streamsByDisplay = streamsByDisplay;
		this.timeout = timeout;
	}

	/**
	 * Creates both sessions, records each display and starts them.
	 * @param displays the displays now, each recorded by its connector ({@code id})
	 * @throws DBusExecutionException when mutter refuses a call (nothing is left running)
	 */
	static MutterRemoteSession start(AbstractConnection bus, List<DisplayInfo> displays, Duration timeout) {
		String session = path(call(bus, PATH, BUS_NAME, "CreateSession", timeout, "")[0]);
		try {
			Object id = call(bus, session, "org.freedesktop.DBus.Properties", "Get", timeout, "ss", SESSION,
					"SessionId")[0];
			String sessionId = String.valueOf((id instanceof Variant<?> variant) ? variant.getValue() : id);
			String cast = path(DbusCall.call(bus, MutterScreenCast.BUS_NAME, "/org/gnome/Mutter/ScreenCast",
					MutterScreenCast.BUS_NAME, "CreateSession", timeout, "a{sv}",
					Map.of("remote-desktop-session-id", new Variant<>(sessionId)))[0]);
			Map<String, String> streams = new LinkedHashMap<>();
			for (DisplayInfo display : displays) {
				Map<String, Variant<?>> options = Map.of("cursor-mode", new Variant<>(new UInt32(CURSOR_HIDDEN)));
				streams.put(display.id(), path(DbusCall.call(bus, MutterScreenCast.BUS_NAME, cast, CAST_SESSION,
						"RecordMonitor", timeout, "sa{sv}", display.id(), options)[0]));
			}
			// starting the remote desktop session starts the linked screencast with it
			call(bus, session, SESSION, "Start", timeout, "");
			return new MutterRemoteSession(bus, session, Map.copyOf(streams), timeout);
		}
		catch (RuntimeException ex) {
			stopQuietly(bus, session, timeout);
			throw ex;
		}
	}

	/** The displays this session has a stream for, by id. */
	@Override
	public boolean covers(List<DisplayInfo> displays) {
		return displays.stream().allMatch((display) -> this.streamsByDisplay.containsKey(display.id()));
	}

	/**
	 * Moves the pointer to a position in a display's stream.
	 * @param x stream pixels from the display's left edge (mutter's stream coordinates
	 * are the monitor's pixels, not layout units)
	 */
	@Override
	public void pointerTo(String displayId, double x, double y) {
		String stream = this.streamsByDisplay.get(displayId);
		if (stream == null) {
			throw new IllegalStateException("the remote desktop session records no display " + displayId);
		}
		call("NotifyPointerMotionAbsolute", "sdd", stream, x, y);
	}

	/** A relative motion; (0, 0) moves nothing, and wakes the pointer device. */
	@Override
	public void pointerBy(double dx, double dy) {
		call("NotifyPointerMotionRelative", "dd", dx, dy);
	}

	/**
	 * @param button an evdev code, e.g. BTN_LEFT 0x110
	 */
	@Override
	public void button(int button, boolean pressed) {
		call("NotifyPointerButton", "ib", button, pressed);
	}

	/**
	 * Wheel notches.
	 * @param axis 0 vertical, 1 horizontal
	 * @param steps positive down or right
	 */
	@Override
	public void axisDiscrete(int axis, int steps) {
		call("NotifyPointerAxisDiscrete", "ui", new UInt32(axis), steps);
	}

	/**
	 * A key by keysym: mutter finds its key in the current layout, shifting as needed.
	 */
	@Override
	public void keysym(long keysym, boolean pressed) {
		call("NotifyKeyboardKeysym", "ub", new UInt32(keysym), pressed);
		// keys wait for their answer, one at a time: mutter 43 (libwayland-server 1.21)
		// drops a client whose socket fills, and keys sent together reach a busy app
		// about
		// four times as fast (626 characters in 0.29 s instead of 1.0 s here), so an app
		// that
		// stops reading for a fraction of a second in the middle of a long text would be
		// lost
		flush();
	}

	/**
	 * Waits for the answers of every input call sent; the first refusal is thrown once
	 * all are answered, so the next batch starts with none in flight.
	 * @throws DBusExecutionException when mutter refused one
	 */
	@Override
	public void flush() {
		RuntimeException first = null;
		while (!this.inFlight.isEmpty()) {
			try {
				this.inFlight.removeFirst().answer(this.timeout);
			}
			catch (RuntimeException ex) {
				if (first == null) {
					first = ex;
				}
			}
		}
		if (first != null) {
			throw first;
		}
	}

	/** Ends both sessions; mutter releases what the session's devices held. */
	@Override
	public void stop() {
		this.inFlight.clear();
		stopQuietly(this.bus, this.session, this.timeout);
	}

	private void call(String member, String signature, Object... args) {
		if (this.inFlight.size() >= IN_FLIGHT) {
			this.inFlight.removeFirst().answer(this.timeout);
		}
		this.inFlight.addLast(DbusCall.send(this.bus, BUS_NAME, this.session, SESSION, member, signature, args));
	}

	private static Object[] call(AbstractConnection bus, String path, String iface, String member, Duration timeout,
			String signature, Object... args) {
		return DbusCall.call(bus, BUS_NAME, path, iface, member, timeout, signature, args);
	}

	private static void stopQuietly(AbstractConnection bus, String session, Duration timeout) {
		try {
			call(bus, session, SESSION, "Stop", timeout, "");
		}
		catch (DBusExecutionException ex) {
			// never started, or mutter closed it already: nothing left to stop
		}
	}

	private static String path(Object value) {
		return (value instanceof DBusPath path) ? path.getPath() : String.valueOf(value);
	}

	@Override
	public String toString() {
		return "MutterRemoteSession[" + this.session + ", streams " + this.streamsByDisplay + "]";
	}

}
