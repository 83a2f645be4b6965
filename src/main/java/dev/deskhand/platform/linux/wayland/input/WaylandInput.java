package dev.deskhand.platform.linux.wayland.input;

import dev.deskhand.platform.linux.wayland.layout.WaylandLayout;
import dev.deskhand.platform.linux.wayland.wire.WaylandConnection;
import dev.deskhand.platform.linux.xkb.XkbKeymap;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.Supplier;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.deskhand.platform.DisplayInfo;
import dev.deskhand.platform.HeldInputs;
import dev.deskhand.platform.KeyboardDriver;
import dev.deskhand.platform.MouseButton;
import dev.deskhand.platform.Point;
import dev.deskhand.platform.PointerDriver;
import dev.deskhand.platform.Rect;
import dev.deskhand.platform.ScrollDirection;

/**
 * The driver's input: one Wayland connection of its own holding a persistent virtual
 * pointer and a persistent virtual keyboard, for the driver's lifetime (a device per
 * action would lose the first event to the clients' late binding, and a keyboard that
 * comes and goes makes the focused client see focus flap). Used from the input queue's
 * thread; {@link #releaseAll()} from any thread takes its turn on the connection, bounded
 * by the call timeout.
 */
public final class WaylandInput implements AutoCloseable {

	private static final Logger logger = LoggerFactory.getLogger(WaylandInput.class);

	// time for clients to bind wl_pointer / wl_keyboard after the seat gains the
	// capability: their first event would be lost otherwise
	private static final Duration SETTLE = Duration.ofMillis(300);

	private final Path socket;

	private final Duration timeout;

	private final Supplier<WaylandLayout> layout;

	// the seat the devices are created on: null for the compositor's default (shared),
	// the agent's own in own-seat
	private final String seatName;

	private final HeldInputs held = new HeldInputs();

	private final PointerDriver trackedPointer = new TrackedPointer();

	// the keyboard of the moment: callers may keep the reference across a reset
	private final KeyboardDriver currentKeyboard = new KeyboardDriver() {

		@Override
		public boolean isKnownKey(String keyName) {
			return WaylandInput.this.devices.keyboard().isKnownKey(keyName);
		}

		@Override
		public void pressKey(String keyName) {
			WaylandInput.this.devices.keyboard().pressKey(keyName);
		}

		@Override
		public void releaseKey(String keyName) {
			WaylandInput.this.devices.keyboard().releaseKey(keyName);
		}

		@Override
		public void typeText(String text) {
			WaylandInput.this.devices.keyboard().typeText(text);
		}

	};

	private volatile Devices devices;

	private volatile Point lastPointer;

	private record Devices(WaylandConnection connection, WaylandPointer pointer, WaylandKeyboard keyboard) {

		void close() {
			closeQuietly(this.keyboard);
			closeQuietly(this.pointer);
			closeQuietly(this.connection);
		}

	}

	private WaylandInput(Path socket, Duration timeout, Supplier<WaylandLayout> layout, String seatName) {
		this.socket = socket;
		this.timeout = timeout;
		this.layout = layout;
		this.seatName = seatName;
	}

	public static WaylandInput open(Path socket, Duration timeout, Supplier<WaylandLayout> layout) {
		return open(socket, timeout, layout, null);
	}

	/**
	 * Opens the devices on the seat named {@code seatName} ({@code wl_seat.name}), or on
	 * the compositor's default seat for {@code null}.
	 * @throws dev.deskhand.errors.DeskhandException E_NO_DESKTOP when there is no such
	 * seat
	 */
	public static WaylandInput open(Path socket, Duration timeout, Supplier<WaylandLayout> layout, String seatName) {
		WaylandInput input = new WaylandInput(socket, timeout, layout, seatName);
		input.devices = input.connect();
		return input;
	}

	private Devices connect() {
		WaylandConnection connection = WaylandConnection.open(this.socket, this.timeout);
		WaylandPointer pointer = null;
		try {
			pointer = WaylandPointer.create(connection, this.layout, this.held, SETTLE, this.seatName);
			WaylandKeyboard keyboard = WaylandKeyboard.create(connection, this.held, XkbKeymap.maxSlots(), SETTLE,
					this.seatName);
			return new Devices(connection, pointer, keyboard);
		}
		catch (RuntimeException ex) {
			closeQuietly(pointer);
			closeQuietly(connection);
			throw ex;
		}
	}

	public PointerDriver pointer() {
		return this.trackedPointer;
	}

	public KeyboardDriver keyboard() {
		return this.currentKeyboard;
	}

	/**
	 * Where Deskhand last put the pointer, in desktop units: no Wayland protocol tells a
	 * client where the cursor is. Before the first move, the centre of the first display.
	 */
	public Point lastPointer() {
		Point last = this.lastPointer;
		if (last != null) {
			return last;
		}
		List<DisplayInfo> displays = this.layout.get().displays();
		if (displays.isEmpty()) {
			return new Point(0, 0);
		}
		Rect first = displays.get(0).bounds();
		return new Point(first.x() + first.width() / 2, first.y() + first.height() / 2);
	}

	public void releaseAll() {
		Devices current = this.devices;
		RuntimeException failure = null;
		try {
			current.keyboard().releaseAll();
		}
		catch (RuntimeException ex) {
			failure = ex;
		}
		try {
			current.pointer().releaseAll();
		}
		catch (RuntimeException ex) {
			if (failure == null) {
				failure = ex;
			}
			else {
				failure.addSuppressed(ex);
			}
		}
		if (failure != null) {
			throw failure;
		}
	}

	/**
	 * Replaces the connection and its devices. Destroying a virtual device makes the
	 * compositor release whatever it held, so nothing stays down across a reset.
	 */
	public void reset() {
		Devices old = this.devices;
		try {
			old.keyboard().releaseAll();
			old.pointer().releaseAll();
		}
		catch (RuntimeException ex) {
			logger.debug("releasing before an input reset failed: {}", ex.getMessage());
		}
		old.close();
		this.devices = connect();
	}

	@Override
	public void close() {
		Devices current = this.devices;
		if (current != null) {
			try {
				releaseAll();
			}
			catch (RuntimeException ex) {
				logger.debug("releasing on close failed: {}", ex.getMessage());
			}
			current.close();
		}
	}

	private static void closeQuietly(AutoCloseable resource) {
		if (resource == null) {
			return;
		}
		try {
			resource.close();
		}
		catch (Exception ex) {
			logger.debug("closing {} failed: {}", resource, ex.getMessage());
		}
	}

	/** The virtual pointer of the moment, remembering where it put the cursor. */
	private final class TrackedPointer implements PointerDriver {

		@Override
		public void moveTo(int x, int y) {
			WaylandInput.this.devices.pointer().moveTo(x, y);
			WaylandInput.this.lastPointer = new Point(x, y);
		}

		@Override
		public void press(MouseButton button) {
			WaylandInput.this.devices.pointer().press(button);
		}

		@Override
		public void release(MouseButton button) {
			WaylandInput.this.devices.pointer().release(button);
		}

		@Override
		public void click(Point at, MouseButton button) {
			WaylandInput.this.devices.pointer().click(at, button);
			if (at != null) {
				WaylandInput.this.lastPointer = at;
			}
		}

		@Override
		public void scroll(ScrollDirection direction, int clicks) {
			WaylandInput.this.devices.pointer().scroll(direction, clicks);
		}

	}

}
