package dev.deskhand.platform.linux.gnome;

import java.util.Optional;
import java.util.Set;

import dev.deskhand.platform.HeldInputs;
import dev.deskhand.platform.MouseButton;
import dev.deskhand.platform.Point;
import dev.deskhand.platform.PointerDriver;
import dev.deskhand.platform.ScrollDirection;

/**
 * The pointer of {@link MutterRemoteDesktop}: absolute motion through the stream of the
 * display under the point ({@link MutterStreamPoint}), buttons by evdev code (tracked in
 * {@link HeldInputs}), the wheel by discrete notches. Mutter's axes count down and right
 * as positive, as Wayland's do.
 */
final class MutterPointer implements PointerDriver {

	static final int BTN_LEFT = 0x110;

	static final int BTN_RIGHT = 0x111;

	static final int BTN_MIDDLE = 0x112;

	static final int AXIS_VERTICAL = 0;

	static final int AXIS_HORIZONTAL = 1;

	private final MutterRemoteDesktop input;

	private final HeldInputs held;

	private volatile Point last;

	MutterPointer(MutterRemoteDesktop input, HeldInputs held) {
		this.input = input;
		this.held = held;
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
		this.input.send((session) -> move(session, x, y));
	}

	@Override
	public void press(MouseButton button) {
		this.input.send((session) -> button(session, buttonCode(button), true));
	}

	@Override
	public void release(MouseButton button) {
		this.input.send((session) -> button(session, buttonCode(button), false));
	}

	/** Move, press and release as one injecting call. */
	@Override
	public void click(Point at, MouseButton button) {
		this.input.send((session) -> {
			if (at != null) {
				move(session, at.x(), at.y());
			}
			button(session, buttonCode(button), true);
			button(session, buttonCode(button), false);
		});
	}

	@Override
	public void scroll(ScrollDirection direction, int clicks) {
		if (clicks < 0) {
			throw new IllegalArgumentException("clicks must not be negative: " + clicks);
		}
		int axis = (direction == ScrollDirection.UP || direction == ScrollDirection.DOWN) ? AXIS_VERTICAL
				: AXIS_HORIZONTAL;
		int step = (direction == ScrollDirection.UP || direction == ScrollDirection.LEFT) ? -1 : 1;
		this.input.send((session) -> {
			// one call per notch: a client sees each as its own scroll event
			for (int i = 0; i < clicks; i++) {
				session.axisDiscrete(axis, step);
			}
		});
	}

	Optional<Point> last() {
		return Optional.ofNullable(this.last);
	}

	/** Releases every button held, on the caller's session (the owner holds its lock). */
	void releaseAll(RemoteInputSession session) {
		for (int button : this.held.buttons()) {
			button(session, button, false);
		}
	}

	/** The session that held the buttons is gone, and released them with it. */
	void forget() {
		this.held.forget(Set.of(), this.held.buttons());
	}

	private void move(RemoteInputSession session, int x, int y) {
		MutterStreamPoint target = MutterStreamPoint.of(this.input.displays(), x, y);
		session.pointerTo(target.displayId(), target.x(), target.y());
		Point point = new Point(x, y);
		this.last = point;
		this.held.pointerAt(point);
	}

	private void button(RemoteInputSession session, int code, boolean pressed) {
		if (pressed) {
			this.held.buttonDown(code);
		}
		session.button(code, pressed);
		if (!pressed) {
			this.held.buttonUp(code);
		}
	}

}
