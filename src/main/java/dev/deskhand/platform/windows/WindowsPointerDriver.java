package dev.deskhand.platform.windows;

import java.util.List;
import java.util.function.Supplier;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.HeldInputs;
import dev.deskhand.platform.MouseButton;
import dev.deskhand.platform.Point;
import dev.deskhand.platform.PointerDriver;
import dev.deskhand.platform.Rect;
import dev.deskhand.platform.ScrollDirection;

/**
 * Pointer input as {@code SendInput} mouse events: absolute moves normalised over the
 * virtual desktop, which is read again for every move (four {@code GetSystemMetrics}, no
 * round trip), so a monitor added or moved counts at once. A click is one
 * {@code SendInput} of move, down and up.
 */
final class WindowsPointerDriver implements PointerDriver {

	private final WindowsInputSink sink;

	private final HeldInputs held;

	private final Supplier<Rect> virtualDesk;

	WindowsPointerDriver(WindowsInputSink sink, HeldInputs held, Supplier<Rect> virtualDesk) {
		this.sink = sink;
		this.held = held;
		this.virtualDesk = virtualDesk;
	}

	@Override
	public void moveTo(int x, int y) {
		this.sink.send(List.of(WindowsInputPlanner.move(desk(x, y), x, y)), "moving the pointer to " + x + "," + y);
	}

	@Override
	public void press(MouseButton button) {
		this.held.buttonDown(WindowsInputPlanner.heldNumber(button));
		this.sink.send(List.of(WindowsInputPlanner.button(button, true)), "pressing the " + name(button));
	}

	@Override
	public void release(MouseButton button) {
		try {
			this.sink.send(List.of(WindowsInputPlanner.button(button, false)), "releasing the " + name(button));
		}
		finally {
			this.held.buttonUp(WindowsInputPlanner.heldNumber(button));
		}
	}

	@Override
	public void click(Point at, MouseButton button) {
		VirtualDeskCoordinates desk = (at != null) ? desk(at.x(), at.y()) : null;
		int number = WindowsInputPlanner.heldNumber(button);
		// held until Windows took the up: release-all sends it again if it did not
		this.held.buttonDown(number);
		this.sink.send(WindowsInputPlanner.click(desk, at, button),
				"clicking the " + name(button) + ((at != null) ? " at " + at.x() + "," + at.y() : ""));
		this.held.buttonUp(number);
	}

	/** One {@code SendInput} per notch, so that an interrupt stops a long scroll. */
	@Override
	public void scroll(ScrollDirection direction, int clicks) {
		if (clicks < 0) {
			throw DeskhandException.args("scroll clicks must not be negative, got " + clicks);
		}
		for (int click = 0; click < clicks; click++) {
			if (Thread.currentThread().isInterrupted()) {
				throw new DeskhandException(ErrorCode.E_TIMEOUT,
						"scrolling was interrupted after " + click + " of " + clicks + " clicks");
			}
			this.sink.send(List.of(WindowsInputPlanner.wheel(direction)), "scrolling");
		}
	}

	private VirtualDeskCoordinates desk(int x, int y) {
		Rect desk = this.virtualDesk.get();
		if (!desk.contains(x, y)) {
			throw DeskhandException.args("the point " + x + "," + y + " is outside the virtual desktop " + desk.x()
					+ "," + desk.y() + " " + desk.width() + "x" + desk.height());
		}
		return new VirtualDeskCoordinates(desk);
	}

	private static String name(MouseButton button) {
		return button.name().toLowerCase(java.util.Locale.ROOT) + " mouse button";
	}

}
