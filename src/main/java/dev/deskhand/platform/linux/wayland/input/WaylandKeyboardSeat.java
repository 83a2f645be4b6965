package dev.deskhand.platform.linux.wayland.input;

import dev.deskhand.platform.linux.wayland.wire.WaylandConnection;
import dev.deskhand.platform.linux.wayland.wire.WaylandWireHandler;
import dev.deskhand.platform.linux.wayland.wire.WaylandWireObject;

import dev.deskhand.platform.linux.wayland.wire.WaylandRegistryGlobal;

import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;

/**
 * The seat's capabilities as a new input device waits for them (the virtual keyboard and
 * pointer here, KWin's fake input in {@code kde}): a client binds {@code wl_keyboard} or
 * {@code wl_pointer} only when the seat announces the capability, and the compositor
 * drops events for a client that has not bound yet (the first key of a fresh keyboard was
 * lost that way in 3 of 3 runs). So a new device waits until its own connection sees the
 * capability, which the compositor announces to every client at once, and then gives the
 * clients {@code settle} to ask for theirs (longer on a starved host: times the runnable
 * processes per core, at most {@value #MAX_FACTOR} times); when the seat had the
 * capability already, clients are bound and nothing is waited for. Without the wait all
 * three keys of a fresh keyboard were lost in one of three runs; with 300 ms none was.
 */
public final class WaylandKeyboardSeat {

	public static final int POINTER = 1;

	public static final int KEYBOARD = 2;

	static final double MAX_FACTOR = 4;

	private static final int CAPABILITIES = 0;

	private static final int NAME = 1;

	private static final int RELEASE = 3;

	private final WaylandConnection connection;

	private final WaylandWireObject seat;

	private final int initial;

	private volatile int capabilities;

	private WaylandKeyboardSeat(WaylandConnection connection, WaylandWireObject seat) {
		this.connection = connection;
		this.seat = seat;
		seat.handler((event) -> {
			if (event.opcode() == CAPABILITIES) {
				this.capabilities = event.uint();
			}
		});
		connection.roundtrip();
		this.initial = this.capabilities;
	}

	/** Binds the first {@code wl_seat} and reads its capabilities (a roundtrip). */
	public static WaylandKeyboardSeat bind(WaylandConnection connection) {
		synchronized (connection) {
			return new WaylandKeyboardSeat(connection,
					connection.registry().bind("wl_seat", 5, WaylandWireHandler.IGNORE));
		}
	}

	/**
	 * Binds the {@code wl_seat} whose {@code wl_seat.name} is {@code name} (own-seat: the
	 * agent's seat beside the person's {@code seat0}), or the first one for {@code null}.
	 * Every seat is bound for its name and the others released: the order sway announces
	 * seats in says nothing about which is whose.
	 * @throws DeskhandException E_NO_DESKTOP when no seat has that name
	 */
	public static WaylandKeyboardSeat bind(WaylandConnection connection, String name) {
		if (name == null) {
			return bind(connection);
		}
		synchronized (connection) {
			Map<WaylandWireObject, String> names = new LinkedHashMap<>();
			for (WaylandRegistryGlobal global : connection.registry().globals("wl_seat")) {
				WaylandWireObject seat = connection.registry().bind(global, 5, WaylandWireHandler.IGNORE);
				names.put(seat, null);
				// events are dispatched only in the roundtrip below, on this thread
				seat.handler((event) -> {
					if (event.opcode() == NAME) {
						names.put(seat, event.string());
					}
				});
			}
			connection.roundtrip();
			WaylandWireObject chosen = null;
			for (Map.Entry<WaylandWireObject, String> seat : names.entrySet()) {
				if (chosen == null && name.equals(seat.getValue())) {
					chosen = seat.getKey();
				}
				else {
					release(connection, seat.getKey());
				}
			}
			if (chosen == null) {
				throw new DeskhandException(ErrorCode.E_NO_DESKTOP,
						"the compositor has no seat named " + name + "; its seats: " + names.values());
			}
			return new WaylandKeyboardSeat(connection, chosen);
		}
	}

	public WaylandWireObject object() {
		return this.seat;
	}

	int capabilities() {
		return this.capabilities;
	}

	/**
	 * Waits (within the connection's timeout) until the seat has {@code capability}, then
	 * {@code settle} if it did not have it when bound.
	 * @param what for the error, e.g. "a keyboard"
	 */
	public void awaitCapability(int capability, String what, Duration settle) {
		this.connection.dispatchUntil(() -> (this.capabilities & capability) != 0,
				"the seat's capabilities to include " + what);
		if ((this.initial & capability) == 0 && !settle.isZero()) {
			try {
				var os = ManagementFactory.getOperatingSystemMXBean();
				double load = os.getSystemLoadAverage() / Math.max(1, os.getAvailableProcessors());
				Thread.sleep((long) (settle.toMillis() * Math.min(MAX_FACTOR, Math.max(1, load))));
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				throw new DeskhandException(ErrorCode.E_TIMEOUT,
						"interrupted while clients bind to the new virtual input device", ex);
			}
		}
	}

	/** Lets the seat object go ({@code wl_seat.release} from version 5). */
	public void release() {
		release(this.connection, this.seat);
	}

	private static void release(WaylandConnection connection, WaylandWireObject seat) {
		synchronized (connection) {
			if (seat.version() >= 5 && !connection.isClosed()) {
				connection.request(seat, RELEASE).send();
				connection.destroyed(seat);
			}
		}
	}

}
