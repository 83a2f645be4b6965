package dev.deskhand.platform.linux.x11;

import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.locks.LockSupport;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.HeldInputs;
import dev.deskhand.platform.MouseButton;
import dev.deskhand.platform.Point;
import dev.deskhand.platform.PointerDriver;
import dev.deskhand.platform.ScrollDirection;

/**
 * Pointer input through XTest on the input connection, one bounded call on its worker per
 * sequence. Every sequence ends with an XSync, so the server has processed the events
 * when a call returns (not that an app has handled them).
 */
final class X11PointerDriver implements PointerDriver {

	private static final Logger logger = LoggerFactory.getLogger(X11PointerDriver.class);

	/**
	 * How long a click waits for the window manager to let it through: a manager stuck
	 * for longer is broken, and the click goes on rather than hang the queue.
	 */
	static final Duration RELEASE_WAIT = Duration.ofSeconds(1);

	private final X11SharedConnection input;

	private final HeldInputs held;

	X11PointerDriver(X11SharedConnection input, HeldInputs held) {
		this.input = input;
		this.held = held;
	}

	@Override
	public void moveTo(int x, int y) {
		this.input.call((connection) -> {
			connection.fakeMotion(x, y);
			connection.syncAndCheck("moving the pointer to " + x + "," + y);
			// Only once the server has it: a move on a connection that died (a display
			// restarted under it) never happened, and the desk would take the pointer
			// still being elsewhere for a person's doing.
			this.held.pointerAt(new Point(x, y));
			return null;
		});
	}

	@Override
	public void press(MouseButton button) {
		int number = number(button);
		this.input.call((connection) -> {
			this.held.buttonDown(number);
			connection.fakeButton(number, true);
			connection.syncAndCheck("pressing mouse button " + number);
			return null;
		});
	}

	@Override
	public void release(MouseButton button) {
		int number = number(button);
		this.input.call((connection) -> {
			connection.fakeButton(number, false);
			try {
				connection.syncAndCheck("releasing mouse button " + number);
				awaitReleased(connection, number);
			}
			finally {
				this.held.buttonUp(number);
			}
			return null;
		});
	}

	/**
	 * Move, press and release in one flush with one XSync: a click waits for the server
	 * once, not three times (each wait also queues behind what the window manager and the
	 * clicked app ask of the server in reaction). The button counts as held until the
	 * server has both events.
	 */
	@Override
	public void click(Point at, MouseButton button) {
		int number = number(button);
		this.input.call((connection) -> {
			if (at != null) {
				connection.fakeMotion(at.x(), at.y());
				this.held.pointerAt(at);
			}
			this.held.buttonDown(number);
			connection.fakeButton(number, true);
			connection.fakeButton(number, false);
			connection
				.syncAndCheck("clicking mouse button " + number + ((at != null) ? " at " + at.x() + "," + at.y() : ""));
			awaitReleased(connection, number);
			this.held.buttonUp(number);
			return null;
		});
	}

	/**
	 * Waits until the server has processed the button's release, at most
	 * {@link #RELEASE_WAIT}. A window manager that takes clicks on a window to focus it
	 * (openbox does) grabs the press synchronously: the pointer's events then wait in the
	 * server until it lets them go, while the keyboard's do not. Under load that takes
	 * long enough for keys typed after a click to reach the window before the click, and
	 * for a later move to come before the release. XSync only says the server has the
	 * events; the button's state in {@code XQueryPointer} says it has processed them.
	 */
	private static void awaitReleased(X11Connection connection, int number) {
		long deadline = System.nanoTime() + RELEASE_WAIT.toNanos();
		while (connection.queryPointer().buttonDown(number)) {
			if (System.nanoTime() > deadline) {
				logger.debug("button {} still shows as down after {}; going on", number, RELEASE_WAIT);
				return;
			}
			LockSupport.parkNanos(1_000_000);
		}
	}

	@Override
	public void scroll(ScrollDirection direction, int clicks) {
		if (clicks < 0) {
			throw DeskhandException.args("scroll clicks must not be negative, got " + clicks);
		}
		int number = number(direction);
		// a call per click: the interrupt that stops a scroll reaches this thread, not
		// the worker
		for (int click = 0; click < clicks; click++) {
			if (Thread.currentThread().isInterrupted()) {
				this.input.call((connection) -> {
					connection.sync();
					return null;
				});
				throw new DeskhandException(ErrorCode.E_TIMEOUT,
						"scrolling was interrupted after " + click + " of " + clicks + " clicks");
			}
			this.input.call((connection) -> {
				this.held.buttonDown(number);
				connection.fakeButton(number, true);
				try {
					connection.fakeButton(number, false);
				}
				finally {
					this.held.buttonUp(number);
				}
				return null;
			});
		}
		this.input.call((connection) -> {
			connection.syncAndCheck("scrolling " + direction.name().toLowerCase(Locale.ROOT));
			return null;
		});
	}

	static int number(MouseButton button) {
		return switch (button) {
			case LEFT -> 1;
			case MIDDLE -> 2;
			case RIGHT -> 3;
		};
	}

	/**
	 * X's wheel buttons; 6 and 7 reach Swing as buttons 4 and 5, not as horizontal wheel
	 * events.
	 */
	static int number(ScrollDirection direction) {
		return switch (direction) {
			case UP -> 4;
			case DOWN -> 5;
			case LEFT -> 6;
			case RIGHT -> 7;
		};
	}

}
