package dev.deskhand.platform.linux.wayland;

import dev.deskhand.platform.linux.wayland.sway.SwayIpc;
import dev.deskhand.platform.linux.wayland.sway.SwaySeats;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;

/**
 * The agent's own seat on sway ({@code deskhand.working-mode=own-seat}): a seat beside
 * the person's, with a cursor and a keyboard focus of its own, made at run time over IPC
 * ({@code seat deskhand-agent fallback false}; the same line in sway's config file makes
 * no seat in sway 1.7). The driver's virtual pointer and keyboard are created on it, so
 * the person's {@code seat0} cursor and focus never move.
 *
 * <p>
 * What sway does not give per seat, and how the agent copes:
 * <ul>
 * <li>Focus commands over IPC ({@code [con_id=N] focus}) act on {@code seat0}, the
 * person's. The agent focuses a window by a click of its own cursor
 * ({@code seat deskhand-agent cursor set/press/release}) and reads its focus from
 * GET_SEATS, never from the tree's {@code focused} (seat0's).</li>
 * <li>A new seat's keyboard focus starts on the person's window, and a window that maps
 * may take the focus of every seat. So before each key the seat's focus is checked: keys
 * go out only to the window the agent last clicked or focused, or to one the person does
 * not have; otherwise they are refused (E_DENIED) rather than typed into the person's
 * window.</li>
 * <li>sway 1.7 has no command that removes a seat: the seat outlives the server, without
 * devices, and the next start reuses it (the command is idempotent).</li>
 * </ul>
 */
final class SwayAgentSeat {

	private static final Logger logger = LoggerFactory.getLogger(SwayAgentSeat.class);

	/** The seat's name, as {@code wl_seat.name} and in sway's seat commands. */
	static final String NAME = "deskhand-agent";

	/** sway's default seat, the person's. */
	static final String PERSONS_SEAT = "seat0";

	private final SwayIpc ipc;

	// the agent clicked since the last key check: the click chose what the seat focused
	private volatile boolean clicked;

	// the window the agent chose last (by a click or focus_window), 0 for none yet
	private volatile long chosen;

	// makes the driver's devices again on this seat (the input's reset)
	private volatile Runnable recreate = () -> {
	};

	// package-private for the rules' tests; the driver makes one with create()
	SwayAgentSeat(SwayIpc ipc) {
		this.ipc = ipc;
	}

	/**
	 * Makes the seat, or takes over the one a previous server left (without devices: they
	 * went with its connection).
	 * @throws DeskhandException E_NO_DESKTOP when the seat has devices already (another
	 * Deskhand uses it) or sway refuses to make it
	 */
	static SwayAgentSeat create(SwayIpc ipc) {
		Optional<SwaySeats.Seat> existing = SwaySeats.named(ipc.seats(), NAME);
		if (existing.isPresent() && !existing.get().devices().isEmpty()) {
			throw new DeskhandException(ErrorCode.E_NO_DESKTOP,
					"sway's seat " + NAME + " already has input devices " + existing.get().devices()
							+ ": another Deskhand server in own-seat mode uses it; stop that one first");
		}
		// A seat command re-sorts every device: one no seat's config names goes to the
		// seats marked fallback, and is taken from every other. With no seat marked
		// (sway's default: seat0 serves as fallback without being marked), making the
		// agent's seat took the person's keyboard and pointer off seat0. Marking seat0
		// first keeps them there.
		ipc.command("seat " + PERSONS_SEAT + " fallback true; seat " + NAME + " fallback false");
		if (SwaySeats.named(ipc.seats(), NAME).isEmpty()) {
			throw new DeskhandException(ErrorCode.E_NO_DESKTOP,
					"sway accepted 'seat " + NAME + " fallback false' but made no seat " + NAME);
		}
		logger.info("own-seat: {} sway seat {}", existing.isPresent() ? "reusing the" : "created the", NAME);
		return new SwayAgentSeat(ipc);
	}

	/** How to make the devices again when they left this seat. */
	void recreateWith(Runnable recreate) {
		this.recreate = recreate;
	}

	/** The node this seat's keyboard focus is on, 0 for none. */
	long focus() {
		return SwaySeats.named(this.ipc.seats(), NAME).map(SwaySeats.Seat::focus).orElse(0L);
	}

	/** The agent's pointer pressed a button: what it focused is the agent's choice. */
	void clicked() {
		this.clicked = true;
	}

	/**
	 * Focuses the window for this seat by a click of this seat's cursor: on the middle of
	 * its title bar where it has one, else just inside the top edge of its client area
	 * (the application sees that click).
	 * @return whether the seat's focus is the window afterwards
	 */
	boolean clickToFocus(long windowId) {
		JsonNode node = find(this.ipc.tree(), windowId).orElseThrow(() -> new DeskhandException(ErrorCode.E_NOT_FOUND,
				"window " + windowId + " is not open (any more); list the windows again"));
		if (!node.path("visible").asBoolean(false)) {
			throw new DeskhandException(ErrorCode.E_UNSUPPORTED, "window " + windowId
					+ " is not on a shown workspace: in own-seat the agent focuses by a click of its own cursor,"
					+ " and showing the workspace would move the person's focus");
		}
		requireOwnDevices();
		int[] at = clickPoint(node);
		this.ipc.command(String.format(Locale.ROOT,
				"seat %1$s cursor set %2$d %3$d; seat %1$s cursor press button1; seat %1$s cursor release button1",
				NAME, at[0], at[1]));
		if (focus() == windowId) {
			chose(windowId);
			return true;
		}
		return false;
	}

	/** The agent focused this window on purpose: its keys may go there. */
	void chose(long windowId) {
		this.chosen = windowId;
		this.clicked = false;
	}

	/** Layout point for the focusing click; package-private for tests. */
	static int[] clickPoint(JsonNode node) {
		JsonNode rect = node.path("rect");
		JsonNode window = node.path("window_rect");
		int x = rect.path("x").asInt() + rect.path("width").asInt() / 2;
		int decoration = window.path("y").asInt(0);
		if (decoration > 1) {
			return new int[] { x, rect.path("y").asInt() + decoration / 2 };
		}
		int height = window.path("height").asInt(rect.path("height").asInt());
		return new int[] { x, rect.path("y").asInt() + decoration + Math.min(2, Math.max(0, height - 1)) };
	}

	/**
	 * Before the agent's pointer or keyboard acts: its devices must be on its seat. Any
	 * seat command re-sorts the devices, and sway cannot tell the agent's virtual devices
	 * from other virtual ones (they all have the same identifier), so a later
	 * {@code seat ...} command, the person's or a config reload's, moves them to the
	 * fallback seat, the person's; the agent's next click would then move the person's
	 * cursor. So they are made again on the agent's seat first.
	 * @return the seats as they are now
	 * @throws DeskhandException E_FAIL when the devices are not on the seat even then
	 */
	List<SwaySeats.Seat> requireOwnDevices() {
		List<SwaySeats.Seat> seats = this.ipc.seats();
		if (hasOwnDevices(seats)) {
			return seats;
		}
		logger.warn("own-seat: the agent's virtual devices left sway seat {} (a seat command re-sorted the devices;"
				+ " seats now {}): making them again there", NAME, seats);
		this.recreate.run();
		seats = this.ipc.seats();
		if (hasOwnDevices(seats)) {
			return seats;
		}
		throw new DeskhandException(ErrorCode.E_FAIL,
				"own-seat: the agent's pointer and keyboard are not on sway" + " seat " + NAME + " (seats: " + seats
						+ "); nothing was sent, so that the person's seat is not driven");
	}

	static boolean hasOwnDevices(List<SwaySeats.Seat> seats) {
		List<String> devices = SwaySeats.named(seats, NAME).map(SwaySeats.Seat::devices).orElse(List.of());
		return devices.stream().anyMatch((d) -> d.startsWith("keyboard "))
				&& devices.stream().anyMatch((d) -> d.startsWith("pointer "));
	}

	/**
	 * Before a key goes out on this seat's keyboard: its focus must be the window the
	 * agent chose, or at least not the person's.
	 * @param seats the seats as they are now
	 * @throws DeskhandException E_DENIED when the seat's focus is on a window another
	 * seat (the person) has focused and the agent did not choose it
	 */
	void requireTypingFocus(List<SwaySeats.Seat> seats) {
		long focus = SwaySeats.named(seats, NAME).map(SwaySeats.Seat::focus).orElse(0L);
		if (this.clicked) {
			this.clicked = false;
			this.chosen = focus;
		}
		if (focus == this.chosen && focus != 0) {
			return;
		}
		boolean persons = seats.stream().anyMatch((seat) -> !seat.name().equals(NAME) && seat.focus() == focus);
		if (!persons) {
			return;
		}
		throw new DeskhandException(ErrorCode.E_DENIED,
				"own-seat: the agent's keyboard focus is on the person's" + " focused window (sway node " + focus
						+ "), which the agent did not choose (a new seat starts there,"
						+ " and a window that opens may take every seat's focus); click into the target window or call"
						+ " focus_window first");
	}

	private static Optional<JsonNode> find(JsonNode node, long id) {
		if (node.path("id").asLong(-1) == id && node.path("pid").asLong(0) > 0) {
			return Optional.of(node);
		}
		for (String children : List.of("nodes", "floating_nodes")) {
			for (JsonNode child : node.path(children)) {
				Optional<JsonNode> found = find(child, id);
				if (found.isPresent()) {
					return found;
				}
			}
		}
		return Optional.empty();
	}

}
