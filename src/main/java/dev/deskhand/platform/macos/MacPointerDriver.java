package dev.deskhand.platform.macos;

import java.util.EnumSet;
import java.util.Set;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.HeldInputs;
import dev.deskhand.platform.MouseButton;
import dev.deskhand.platform.Point;
import dev.deskhand.platform.PointerDriver;
import dev.deskhand.platform.ScrollDirection;
import dev.deskhand.platform.macos.jna.CGPoint;

/**
 * Synthetic pointer input in global points. Buttons are tracked in {@link HeldInputs} by
 * {@link MouseButton#ordinal()}; every event carries the flags of the modifier keys the
 * keyboard holds (a shift-click needs them on the click itself). Input thread only.
 */
final class MacPointerDriver implements PointerDriver {

	private final MacEvents events;

	private final HeldInputs held;

	private final MacDesktopState state;

	private final MacClickCounter clicks;

	private final MacDisplayDriver displays;

	MacPointerDriver(MacEvents events, HeldInputs held, MacDesktopState state, MacClickCounter clicks,
			MacDisplayDriver displays) {
		this.displays = displays;
		this.events = events;
		this.held = held;
		this.state = state;
		this.clicks = clicks;
	}

	@Override
	public void moveTo(int x, int y) {
		this.state.requireInput();
		// desktop units are backing pixels; Quartz takes points, fractional ones too
		double[] points = MacDisplays.toPoints(this.displays.records(), x, y);
		this.events.mouse(MacMouseEvents.move(heldButtons(this.held)), points[0], points[1], 0, flags());
	}

	@Override
	public void press(MouseButton button) {
		this.state.requireInput();
		CGPoint at = MacEvents.location();
		int count = this.clicks.press(button, new Point((int) Math.floor(at.x), (int) Math.floor(at.y)),
				System.nanoTime());
		this.events.mouse(MacMouseEvents.press(button), at.x, at.y, count, flags());
		this.held.buttonDown(button.ordinal());
	}

	@Override
	public void release(MouseButton button) {
		this.state.requireInput();
		release(this.events, this.held, button, this.clicks.release(button), flags());
	}

	@Override
	public void scroll(ScrollDirection direction, int clicks) {
		this.state.requireInput();
		MacMouseEvents.Wheel wheel = MacMouseEvents.wheel(direction);
		for (int i = 0; i < clicks; i++) {
			if (Thread.currentThread().isInterrupted()) {
				throw new DeskhandException(ErrorCode.E_TIMEOUT,
						"scrolling was interrupted after " + i + " of " + clicks + " clicks");
			}
			this.events.wheel(wheel, flags());
		}
	}

	/** Also release-all's way, from any thread, without the permission check. */
	static void release(MacEvents events, HeldInputs held, MouseButton button, int clickState, long flags) {
		CGPoint at = MacEvents.location();
		events.mouse(MacMouseEvents.release(button), at.x, at.y, clickState, flags);
		held.buttonUp(button.ordinal());
	}

	static Set<MouseButton> heldButtons(HeldInputs held) {
		Set<MouseButton> buttons = EnumSet.noneOf(MouseButton.class);
		for (int ordinal : held.buttons()) {
			buttons.add(MouseButton.values()[ordinal]);
		}
		return buttons;
	}

	private long flags() {
		return MacKeyCodes.flags(this.held.keycodes());
	}

}
