package dev.deskhand.platform.linux.wayland.input;

import dev.deskhand.platform.linux.wayland.layout.WaylandLayout;
import dev.deskhand.platform.linux.wayland.wire.WaylandConnection;
import dev.deskhand.platform.linux.wayland.wire.WaylandConnectionException;
import dev.deskhand.platform.linux.wayland.wire.WaylandWireHandler;
import dev.deskhand.platform.linux.wayland.wire.WaylandWireObject;

import java.time.Duration;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.deskhand.platform.HeldInputs;
import dev.deskhand.platform.MouseButton;
import dev.deskhand.platform.Point;
import dev.deskhand.platform.PointerDriver;
import dev.deskhand.platform.ScrollDirection;

/**
 * The pointer through one {@code zwlr_virtual_pointer_v1} the driver holds for its whole
 * life: its existence is what gives the headless or remote seat a pointer at all, and
 * clients bind {@code wl_pointer} only once the seat has one, so a pointer per action
 * would lose its first event. Positions are desktop units (device pixels), turned into
 * layout units by the output that contains them ({@link WaylandPointerMotion}).
 *
 * <p>
 * Every action ends with {@code frame} and a roundtrip, so the compositor has handled it
 * before the call returns. Buttons are tracked in {@link HeldInputs} (by evdev code) for
 * release-all. Used from the input thread; {@link #releaseAll()} from any thread (the
 * connection serialises them).
 */
final class WaylandPointer implements PointerDriver, AutoCloseable {

	private static final Logger logger = LoggerFactory.getLogger(WaylandPointer.class);

	static final String MANAGER = "zwlr_virtual_pointer_manager_v1";

	static final int BTN_LEFT = 0x110;

	static final int BTN_RIGHT = 0x111;

	static final int BTN_MIDDLE = 0x112;

	private static final int MANAGER_CREATE_VIRTUAL_POINTER = 0;

	private static final int MANAGER_DESTROY = 1;

	private static final int MOTION_ABSOLUTE = 1;

	private static final int BUTTON = 2;

	private static final int AXIS = 3;

	private static final int FRAME = 4;

	private static final int AXIS_SOURCE = 5;

	private static final int AXIS_DISCRETE = 7;

	private static final int DESTROY = 8;

	private static final int RELEASED = 0;

	private static final int PRESSED = 1;

	private final WaylandConnection connection;

	private final WaylandWireObject manager;

	private final WaylandWireObject pointer;

	private final Supplier<WaylandLayout> layout;

	private final HeldInputs held;

	private WaylandPointer(WaylandConnection connection, WaylandWireObject manager, WaylandWireObject pointer,
			Supplier<WaylandLayout> layout, HeldInputs held) {
		this.connection = connection;
		this.manager = manager;
		this.pointer = pointer;
		this.layout = layout;
		this.held = held;
	}

	/**
	 * Creates the virtual pointer on the compositor's default seat and waits until the
	 * seat has a pointer and clients had {@code settle} to bind theirs.
	 * @param layout the outputs as they are now (read per move: outputs change)
	 * @param held where pressed buttons are recorded
	 */
	static WaylandPointer create(WaylandConnection connection, Supplier<WaylandLayout> layout, HeldInputs held,
			Duration settle) {
		return create(connection, layout, held, settle, null);
	}

	/**
	 * Like {@link #create(WaylandConnection, Supplier, HeldInputs, Duration)}, on the
	 * seat named {@code seatName} ({@code null}: the compositor's default seat).
	 */
	static WaylandPointer create(WaylandConnection connection, Supplier<WaylandLayout> layout, HeldInputs held,
			Duration settle, String seatName) {
		WaylandPointer created;
		WaylandKeyboardSeat seat = WaylandKeyboardSeat.bind(connection, seatName);
		synchronized (connection) {
			WaylandWireObject manager = connection.registry().bind(MANAGER, 2, WaylandWireHandler.IGNORE);
			WaylandWireObject pointer = connection.newObject("zwlr_virtual_pointer_v1", manager.version(),
					WaylandWireHandler.IGNORE);
			// no seat: the compositor's default one (wlroots: seat0)
			connection.request(manager, MANAGER_CREATE_VIRTUAL_POINTER)
				.object(seatName == null ? null : seat.object())
				.newId(pointer)
				.send();
			created = new WaylandPointer(connection, manager, pointer, layout, held);
		}
		seat.awaitCapability(WaylandKeyboardSeat.POINTER, "a pointer", settle);
		seat.release();
		logger.debug("virtual pointer {} created", created.pointer);
		return created;
	}

	static int buttonCode(MouseButton button) {
		return switch (button) {
			case LEFT -> BTN_LEFT;
			case RIGHT -> BTN_RIGHT;
			case MIDDLE -> BTN_MIDDLE;
		};
	}

	@Override
	public void moveTo(int x, int y) {
		synchronized (this.connection) {
			move(x, y);
			frame();
			this.connection.roundtrip();
		}
	}

	@Override
	public void press(MouseButton button) {
		synchronized (this.connection) {
			button(buttonCode(button), true);
			frame();
			this.connection.roundtrip();
		}
	}

	@Override
	public void release(MouseButton button) {
		synchronized (this.connection) {
			button(buttonCode(button), false);
			frame();
			this.connection.roundtrip();
		}
	}

	/** Move, press and release in three frames and one roundtrip. */
	@Override
	public void click(Point at, MouseButton button) {
		synchronized (this.connection) {
			if (at != null) {
				move(at.x(), at.y());
				frame();
			}
			button(buttonCode(button), true);
			frame();
			button(buttonCode(button), false);
			frame();
			this.connection.roundtrip();
		}
	}

	@Override
	public void scroll(ScrollDirection direction, int clicks) {
		if (clicks < 0) {
			throw new IllegalArgumentException("clicks must not be negative: " + clicks);
		}
		WaylandPointerScroll notch = WaylandPointerScroll.notch(direction);
		synchronized (this.connection) {
			for (int i = 0; i < clicks; i++) {
				// one frame per notch: a client counts a frame's discrete steps as one
				// event
				this.connection.request(this.pointer, AXIS_SOURCE).uint(WaylandPointerScroll.SOURCE_WHEEL).send();
				if (this.pointer.version() >= 2) {
					this.connection.request(this.pointer, AXIS_DISCRETE)
						.uint(now())
						.uint(notch.axis())
						.fixed(notch.value())
						.intArg(notch.discrete())
						.send();
				}
				else {
					this.connection.request(this.pointer, AXIS)
						.uint(now())
						.uint(notch.axis())
						.fixed(notch.value())
						.send();
				}
				frame();
			}
			this.connection.roundtrip();
		}
	}

	/** Releases every button this pointer holds; callable from any thread. */
	void releaseAll() {
		Set<Integer> buttons = this.held.buttons();
		if (buttons.isEmpty()) {
			return;
		}
		synchronized (this.connection) {
			for (int button : buttons) {
				button(button, false);
			}
			frame();
			this.connection.roundtrip();
		}
	}

	/** The buttons down now, by evdev code. */
	Set<Integer> pressedButtons() {
		return this.held.buttons();
	}

	@Override
	public void close() {
		synchronized (this.connection) {
			if (this.connection.isClosed()) {
				return;
			}
			try {
				releaseAll();
				this.connection.request(this.pointer, DESTROY).send();
				this.connection.destroyed(this.pointer);
				this.connection.request(this.manager, MANAGER_DESTROY).send();
				this.connection.destroyed(this.manager);
				this.connection.roundtrip();
			}
			catch (WaylandConnectionException ex) {
				logger.debug("the virtual pointer went with its connection: {}", ex.getMessage());
			}
		}
	}

	private void move(int x, int y) {
		WaylandPointerMotion motion = WaylandPointerMotion.toward(this.layout.get(), x, y);
		this.connection.request(this.pointer, MOTION_ABSOLUTE)
			.uint(now())
			.uint(motion.x())
			.uint(motion.y())
			.uint(motion.xExtent())
			.uint(motion.yExtent())
			.send();
	}

	private void button(int code, boolean pressed) {
		if (pressed) {
			this.held.buttonDown(code);
		}
		this.connection.request(this.pointer, BUTTON).uint(now()).uint(code).uint(pressed ? PRESSED : RELEASED).send();
		if (!pressed) {
			this.held.buttonUp(code);
		}
	}

	private void frame() {
		this.connection.request(this.pointer, FRAME).send();
	}

	/**
	 * Event time in milliseconds of a monotonic clock, as the protocol's u32 wraps it.
	 */
	static int now() {
		return (int) TimeUnit.NANOSECONDS.toMillis(System.nanoTime());
	}

}
