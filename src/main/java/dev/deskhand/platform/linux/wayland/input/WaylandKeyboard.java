package dev.deskhand.platform.linux.wayland.input;

import dev.deskhand.platform.linux.wayland.wire.WaylandConnection;
import dev.deskhand.platform.linux.wayland.wire.WaylandConnectionException;
import dev.deskhand.platform.linux.wayland.wire.WaylandShmFile;
import dev.deskhand.platform.linux.wayland.wire.WaylandWireHandler;
import dev.deskhand.platform.linux.wayland.wire.WaylandWireObject;
import dev.deskhand.platform.linux.xkb.XkbKeymap;
import dev.deskhand.platform.linux.xkb.XkbModifierState;
import dev.deskhand.platform.linux.xkb.XkbTypingPlanner;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.HeldInputs;
import dev.deskhand.platform.KeyboardDriver;
import dev.deskhand.platform.TypingPause;
import dev.deskhand.platform.keys.KeyNames;
import dev.deskhand.platform.linux.Keysyms;
import dev.deskhand.platform.linux.xkb.XkbTypingPlanner.Chunk;

/**
 * The keyboard through one {@code zwp_virtual_keyboard_v1} the driver holds for its whole
 * life, with Deskhand's own keymap ({@link XkbKeymap}). One persistent device keeps the
 * focused client's keyboard bound (a fresh one loses the first key), avoids the focus
 * flapping of a device per call, and keeps the keymap stable: it is uploaded again only
 * when a keysym it lacks is needed, in chunks planned by {@link XkbTypingPlanner}.
 *
 * <p>
 * wlroots does not derive the modifier state of a virtual keyboard from its keys, so this
 * class sends {@code modifiers} itself after every modifier key
 * ({@link XkbModifierState}); {@link #typeText} sends none held, whatever the agent
 * holds, and puts them back after. Keys are tracked in {@link HeldInputs} by evdev code
 * for release-all. Every call ends with a roundtrip: the compositor has handled its keys
 * before it returns. Used from the input thread; {@link #releaseAll()} from any thread
 * (the connection serialises them).
 */
final class WaylandKeyboard implements KeyboardDriver, AutoCloseable {

	private static final Logger logger = LoggerFactory.getLogger(WaylandKeyboard.class);

	static final String MANAGER = "zwp_virtual_keyboard_manager_v1";

	/** Strokes between roundtrips (and interrupt checks) while typing. */
	static final int STROKES_PER_ROUNDTRIP = 64;

	private static final int MANAGER_CREATE_VIRTUAL_KEYBOARD = 0;

	private static final int KEYMAP = 0;

	private static final int KEY = 1;

	private static final int MODIFIERS = 2;

	private static final int DESTROY = 3;

	private static final int FORMAT_XKB_V1 = 1;

	private static final int RELEASED = 0;

	private static final int PRESSED = 1;

	private final WaylandConnection connection;

	private final WaylandWireObject keyboard;

	private final HeldInputs held;

	private final XkbTypingPlanner planner;

	private final XkbModifierState modifiers = new XkbModifierState();

	private final WaylandKeyboardPace pace;

	/**
	 * For each keysym pressed through {@link #pressKey}, the evdev code it went down on.
	 */
	private final Map<Long, Integer> pressed = new ConcurrentHashMap<>();

	private XkbKeymap keymap;

	private int keymapUploads;

	/**
	 * The depressed modifiers last sent: a keymap upload resets them in the compositor.
	 */
	private int sentDepressed;

	private WaylandKeyboard(WaylandConnection connection, WaylandWireObject keyboard, HeldInputs held, XkbKeymap keymap,
			WaylandKeyboardPace pace) {
		this.connection = connection;
		this.pace = pace;
		this.keyboard = keyboard;
		this.held = held;
		this.keymap = keymap;
		this.planner = new XkbTypingPlanner(keymap.slotCount());
	}

	/**
	 * Creates the virtual keyboard on the first seat, uploads the first keymap, and waits
	 * until the seat has a keyboard and clients had {@code settle} to bind theirs.
	 * @param slots how many keycodes hold characters on demand (at most
	 * {@link XkbKeymap#maxSlots()})
	 */
	static WaylandKeyboard create(WaylandConnection connection, HeldInputs held, int slots, Duration settle) {
		return create(connection, held, slots, settle, null);
	}

	/**
	 * Like {@link #create(WaylandConnection, HeldInputs, int, Duration)}, on the seat
	 * named {@code seatName} ({@code null}: the first seat).
	 */
	static WaylandKeyboard create(WaylandConnection connection, HeldInputs held, int slots, Duration settle,
			String seatName) {
		WaylandKeyboardSeat seat = WaylandKeyboardSeat.bind(connection, seatName);
		WaylandKeyboard created;
		synchronized (connection) {
			WaylandWireObject manager = connection.registry().bind(MANAGER, 1, WaylandWireHandler.IGNORE);
			WaylandWireObject keyboard = connection.newObject("zwp_virtual_keyboard_v1", 1, WaylandWireHandler.IGNORE);
			connection.request(manager, MANAGER_CREATE_VIRTUAL_KEYBOARD).object(seat.object()).newId(keyboard).send();
			created = new WaylandKeyboard(connection, keyboard, held, XkbKeymap.initial(slots),
					WaylandKeyboardPace.system());
			// the compositor ends a keyboard that sends a key before its keymap
			created.upload(created.keymap);
			connection.roundtrip();
		}
		seat.awaitCapability(WaylandKeyboardSeat.KEYBOARD, "a keyboard", settle);
		seat.release();
		logger.debug("virtual keyboard {} created with {} character slots", created.keyboard, slots);
		return created;
	}

	@Override
	public boolean isKnownKey(String keyName) {
		return KeyNames.isKnown(keyName);
	}

	private static long requireKeysym(String keyName) {
		OptionalLong keysym = KeyNames.keysym(keyName);
		if (keysym.isEmpty()) {
			throw DeskhandException.args("unknown key name '" + keyName
					+ "': use an X keysym name such as Control_L, Return, a, F5 or Page_Down");
		}
		return keysym.getAsLong();
	}

	@Override
	public void pressKey(String keyName) {
		long keysym = requireKeysym(keyName);
		synchronized (this.connection) {
			XkbKeymap next = this.planner.withKey(this.keymap, keysym, this.held.keycodes());
			if (next != this.keymap) {
				upload(next);
			}
			int evdev = this.keymap.keycodeOf(keysym).orElseThrow();
			key(evdev, true);
			this.pressed.put(keysym, evdev);
			this.connection.roundtrip();
		}
	}

	@Override
	public void releaseKey(String keyName) {
		long keysym = requireKeysym(keyName);
		synchronized (this.connection) {
			Integer evdev = this.pressed.remove(keysym);
			if (evdev == null) {
				logger.debug("releasing {}: this keyboard does not hold it, nothing to release", keyName);
				return;
			}
			key(evdev, false);
			this.connection.roundtrip();
		}
	}

	@Override
	public void typeText(String text) {
		long[] keysyms = Keysyms.forText(text);
		if (keysyms.length == 0) {
			return;
		}
		synchronized (this.connection) {
			List<Chunk> chunks = this.planner.plan(this.keymap, keysyms, this.held.keycodes());
			int depressed = this.modifiers.depressed();
			if (depressed != 0) {
				// held modifiers would make the text shortcuts
				sendModifiers(0);
			}
			try {
				this.pace.refresh();
				int typed = 0;
				for (Chunk chunk : chunks) {
					checkInterrupted(typed, keysyms.length);
					if (chunk.keymap() != this.keymap) {
						upload(chunk.keymap());
					}
					int[] keycodes = chunk.keycodes();
					for (int from = 0; from < keycodes.length; from += STROKES_PER_ROUNDTRIP) {
						int count = Math.min(STROKES_PER_ROUNDTRIP, keycodes.length - from);
						awaitPace(count);
						for (int i = from; i < from + count; i++) {
							int time = WaylandPointer.now();
							this.connection.request(this.keyboard, KEY)
								.uint(time)
								.uint(keycodes[i])
								.uint(PRESSED)
								.send();
							this.connection.request(this.keyboard, KEY)
								.uint(time)
								.uint(keycodes[i])
								.uint(RELEASED)
								.send();
						}
						this.pace.sent(count);
						typed += count;
						this.connection.roundtrip();
						checkInterrupted(typed, keysyms.length);
					}
				}
			}
			finally {
				if (depressed != 0 && !this.connection.isClosed()) {
					sendModifiers(this.modifiers.depressed());
				}
			}
			this.connection.roundtrip();
		}
	}

	/** Releases every key this keyboard holds and clears the modifiers; any thread. */
	void releaseAll() {
		synchronized (this.connection) {
			Set<Integer> keycodes = this.held.keycodes();
			if (keycodes.isEmpty() && this.modifiers.depressed() == 0) {
				return;
			}
			for (int evdev : keycodes) {
				key(evdev, false);
			}
			this.pressed.clear();
			this.modifiers.releaseAll();
			sendModifiers(0);
			this.connection.roundtrip();
		}
	}

	/** How many keymaps were uploaded, the first included. */
	int keymapUploads() {
		synchronized (this.connection) {
			return this.keymapUploads;
		}
	}

	XkbKeymap keymap() {
		synchronized (this.connection) {
			return this.keymap;
		}
	}

	@Override
	public void close() {
		synchronized (this.connection) {
			if (this.connection.isClosed()) {
				return;
			}
			try {
				releaseAll();
				this.connection.request(this.keyboard, DESTROY).send();
				this.connection.destroyed(this.keyboard);
				this.connection.roundtrip();
			}
			catch (WaylandConnectionException ex) {
				logger.debug("the virtual keyboard went with its connection: {}", ex.getMessage());
			}
		}
	}

	private void key(int evdev, boolean down) {
		if (down) {
			this.held.keyDown(evdev);
		}
		this.connection.request(this.keyboard, KEY)
			.uint(WaylandPointer.now())
			.uint(evdev)
			.uint(down ? PRESSED : RELEASED)
			.send();
		if (!down) {
			this.held.keyUp(evdev);
		}
		if (this.modifiers.key(evdev, down)) {
			sendModifiers(this.modifiers.depressed());
		}
	}

	private void sendModifiers(int depressed) {
		sendModifiers(depressed, this.modifiers.locked());
	}

	private void sendModifiers(int depressed, int locked) {
		this.sentDepressed = depressed;
		this.connection.request(this.keyboard, MODIFIERS).uint(depressed).uint(0).uint(locked).uint(0).send();
	}

	/**
	 * Passes the keymap in a memfd; the compositor maps it privately and reads it once.
	 */
	private void upload(XkbKeymap next) {
		byte[] text = next.text().getBytes(StandardCharsets.UTF_8);
		// with its NUL: xkbcommon reads the mapping as a C string
		try (WaylandShmFile file = WaylandShmFile.create("deskhand-keymap", text.length + 1)) {
			file.bytes().put(text).put((byte) 0);
			this.connection.request(this.keyboard, KEYMAP)
				.uint(FORMAT_XKB_V1)
				.fd(file.fd())
				.uint(text.length + 1)
				.send();
			// the descriptor leaves with the flush; only then may the file close
			this.connection.flush();
		}
		// after a keymap the client starts with no modifiers, but wlroots recomputes its
		// own from the keys held and forwards only changes: clear, then set them, so the
		// client hears what this keyboard means
		int depressed = this.sentDepressed;
		sendModifiers(0, 0);
		if (depressed != 0 || this.modifiers.locked() != 0) {
			sendModifiers(depressed);
		}
		this.keymap = next;
		this.keymapUploads++;
	}

	private void awaitPace(int strokes) {
		TypingPause.sleep(this.pace.nanosBefore(strokes));
	}

	private static void checkInterrupted(int typed, int total) {
		if (Thread.currentThread().isInterrupted()) {
			throw new DeskhandException(ErrorCode.E_TIMEOUT,
					"typing was interrupted after " + typed + " of " + total + " characters");
		}
	}

}
