package dev.deskhand.platform.linux.x11;

import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.Optional;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.platform.InputStateSensor;
import dev.deskhand.platform.Point;
import dev.deskhand.platform.keys.KeyNames;
import dev.deskhand.platform.InputSnapshot;

/**
 * The failsafe's view of the keyboard and pointer, on an X connection of its own: the
 * input and observation connections can be held for long stretches (a typing chunk, a
 * capture), and the failsafe must see the emergency chord while they are.
 *
 * <p>
 * {@code XQueryKeymap} reports the server's key state, whoever pressed the keys. Each key
 * name is resolved to its keycodes once, from the keyboard mapping, and again only after
 * the server reported a mapping change. When the X server goes away the sensor reports
 * nothing held and the last pointer position, logs that once, and tries to reconnect once
 * a second.
 */
final class X11InputSensor implements InputStateSensor {

	private static final Logger logger = LoggerFactory.getLogger(X11InputSensor.class);

	private static final long RECONNECT_INTERVAL_NANOS = 1_000_000_000L;

	private static final String ROLE = "sensor";

	private static final Duration OPEN_TIMEOUT = Duration.ofSeconds(5);

	private final String displayName;

	// the failsafe's poller and any other reader (health, tests) take turns on the one
	// connection
	private final Object lock = new Object();

	/** Keycodes by keysym, for the current keyboard mapping. */
	private final Map<Long, int[]> keycodes = new HashMap<>();

	/**
	 * Keysyms already reported as on no key: the mapping changes with every typing chunk.
	 */
	private final Set<Long> keysOnNoKey = new HashSet<>();

	private X11Connection connection;

	private X11Keymap keymap;

	private Point lastPosition = new Point(0, 0);

	private boolean disconnected;

	private long nextConnectAttempt;

	private boolean closed;

	// Written under the lock, read by any thread.
	private volatile long connections;

	private X11InputSensor(String displayName) {
		this.displayName = displayName;
	}

	/**
	 * Opens the sensor's connection; when the display cannot be reached now, the sensor
	 * starts disconnected and keeps trying, so that the failsafe's poller never dies of a
	 * late X server.
	 */
	static X11InputSensor open(String displayName) {
		X11InputSensor sensor = new X11InputSensor(displayName);
		synchronized (sensor.lock) {
			X11Connection connection = sensor.connection();
			if (connection != null) {
				sensor.readPointer(connection);
			}
		}
		return sensor;
	}

	@Override
	public boolean isHeld(List<String> keyNames) {
		if (keyNames == null || keyNames.isEmpty()) {
			throw DeskhandException.args("a chord needs at least one key");
		}
		synchronized (this.lock) {
			long[] wanted = new long[keyNames.size()];
			for (int i = 0; i < wanted.length; i++) {
				wanted[i] = keysym(keyNames.get(i));
			}
			X11Connection connection = connection();
			if (connection == null) {
				return false;
			}
			Boolean held = query(connection, (c) -> {
				// the connection selects keyboard mapping events only: any event means a
				// new mapping
				if (c.drainEvents() > 0 || this.keymap == null) {
					this.keymap = c.keyboardMapping();
					this.keycodes.clear();
				}
				byte[] down = c.queryKeymap();
				for (int i = 0; i < wanted.length; i++) {
					if (!anyDown(down, keycodes(wanted[i], keyNames.get(i)))) {
						return false;
					}
				}
				return true;
			});
			return Boolean.TRUE.equals(held);
		}
	}

	private long keysym(String keyName) {
		return KeyNames.keysym(keyName)
			.orElseThrow(() -> DeskhandException
				.args("unknown key name '" + keyName + "': use an X keysym name such as Control_L, Alt_L or Escape"));
	}

	private int[] keycodes(long keysym, String keyName) {
		return this.keycodes.computeIfAbsent(keysym, (key) -> {
			int[] codes = this.keymap.keycodesOf(key);
			if (codes.length == 0 && this.keysOnNoKey.add(key)) {
				logger.warn("no key of X display {} has {}; the sensor never sees it held", this.displayName, keyName);
			}
			return codes;
		});
	}

	private static boolean anyDown(byte[] down, int[] keycodes) {
		for (int keycode : keycodes) {
			if ((down[keycode >> 3] & (1 << (keycode & 7))) != 0) {
				return true;
			}
		}
		return false;
	}

	/**
	 * {@code XQueryKeymap} and {@code XQueryPointer} back to back, on this connection:
	 * every key down by keycode, buttons 1-3 from the pointer's mask (the wheel's buttons
	 * 4 and 5 are down for no time a poll can see).
	 */
	@Override
	public Optional<InputSnapshot> snapshot() {
		synchronized (this.lock) {
			X11Connection connection = connection();
			if (connection == null) {
				return Optional.empty();
			}
			return Optional.ofNullable(query(connection, (c) -> {
				byte[] down = c.queryKeymap();
				X11Connection.PointerState pointer = c.queryPointer();
				this.lastPosition = new Point(pointer.x(), pointer.y());
				Set<Integer> keys = new HashSet<>();
				for (int keycode = 8; keycode < 256; keycode++) {
					if ((down[keycode >> 3] & (1 << (keycode & 7))) != 0) {
						keys.add(keycode);
					}
				}
				Set<Integer> buttons = new HashSet<>();
				for (int button = 1; button <= 3; button++) {
					if (pointer.buttonDown(button)) {
						buttons.add(button);
					}
				}
				return new InputSnapshot(this.lastPosition, keys, buttons);
			}));
		}
	}

	@Override
	public Point pointerPosition() {
		synchronized (this.lock) {
			X11Connection connection = connection();
			if (connection != null) {
				readPointer(connection);
			}
			return this.lastPosition;
		}
	}

	private void readPointer(X11Connection connection) {
		X11Connection.PointerState state = query(connection, X11Connection::queryPointer);
		if (state != null) {
			this.lastPosition = new Point(state.x(), state.y());
		}
	}

	/** Runs one query; {@code null} when it failed. Call it holding the lock. */
	private <T> T query(X11Connection connection, Function<X11Connection, T> action) {
		try {
			return action.apply(connection);
		}
		catch (DeskhandException ex) {
			if (!connection.isUsable()) {
				lost();
			}
			else {
				logger.debug("sensor query on X display {} failed: {}", this.displayName, ex.getMessage());
			}
			return null;
		}
	}

	/**
	 * The connection, reconnecting at most once a second after a loss; null while there
	 * is none.
	 */
	private X11Connection connection() {
		if (this.closed) {
			return null;
		}
		if (this.connection != null && this.connection.isUsable()) {
			return this.connection;
		}
		if (this.connection != null) {
			lost();
		}
		long now = System.nanoTime();
		if (this.disconnected && now - this.nextConnectAttempt < 0) {
			return null;
		}
		try {
			// bounded: the failsafe's poller must not be lost to an open that never
			// returns
			X11Connection opened = X11Connection.openBounded(this.displayName, ROLE, OPEN_TIMEOUT);
			try {
				opened.selectKeyboardMappingEvents();
			}
			catch (DeskhandException ex) {
				opened.close();
				throw ex;
			}
			this.connection = opened;
			this.connections++;
			this.keymap = null;
			this.keycodes.clear();
			if (this.disconnected) {
				logger.info("the failsafe sensor reaches X display {} now", this.displayName);
				this.disconnected = false;
			}
			return this.connection;
		}
		catch (DeskhandException ex) {
			if (!this.disconnected) {
				logger.warn("the failsafe sensor cannot reach X display {} ({}); until it can, it sees no keys"
						+ " held and the pointer where it last was", this.displayName, ex.getMessage());
				this.disconnected = true;
			}
			this.nextConnectAttempt = now + RECONNECT_INTERVAL_NANOS;
			return null;
		}
	}

	private void lost() {
		if (this.connection != null) {
			this.connection.close();
			this.connection = null;
		}
		if (!this.disconnected) {
			logger.warn("the failsafe sensor lost X display {}; until it reconnects, it sees no keys held and the"
					+ " pointer where it last was", this.displayName);
			this.disconnected = true;
		}
		this.nextConnectAttempt = System.nanoTime() + RECONNECT_INTERVAL_NANOS;
	}

	@Override
	public long connectionGeneration() {
		return this.connections;
	}

	/**
	 * Closes the connection; afterwards the sensor sees no keys held and does not
	 * reconnect.
	 */
	@Override
	public void close() {
		synchronized (this.lock) {
			this.closed = true;
			if (this.connection != null) {
				this.connection.close();
				this.connection = null;
			}
		}
	}

}
