package dev.deskhand.privacy;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.springframework.core.Ordered;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.input.InputAction;
import dev.deskhand.input.InputGuard;
import dev.deskhand.platform.Frame;
import dev.deskhand.platform.Point;
import dev.deskhand.platform.Rect;
import dev.deskhand.platform.WindowDriver;
import dev.deskhand.platform.WindowInfo;
import dev.deskhand.screen.CaptureFilter;

/**
 * Windows of masked apps are filled black in every capture, before scaling, and input
 * aimed at them is refused with E_NOT_GRANTED: a pointer action whose target is on a
 * masked window (the topmost window there), or keyboard input while a masked window has
 * focus. A masked window's whole client area is blacked out even where another window
 * overlaps it: hiding too much is the safe side.
 */
class PrivacyMask implements CaptureFilter, InputGuard, Ordered {

	private final List<String> maskedApps;

	private final WindowDriver windows;

	PrivacyMask(List<String> maskedApps, WindowDriver windows) {
		this.maskedApps = List.copyOf(maskedApps);
		this.windows = windows;
	}

	@Override
	public void filter(Frame frame, Rect region) {
		if (this.maskedApps.isEmpty()) {
			return;
		}
		for (Rect masked : maskedBounds()) {
			Rect inside = masked.intersection(region);
			if (inside == null) {
				continue;
			}
			int x0 = inside.x() - region.x();
			int x1 = inside.right() - region.x();
			for (int y = inside.y() - region.y(); y < inside.bottom() - region.y(); y++) {
				Arrays.fill(frame.pixels(), y * frame.width() + x0, y * frame.width() + x1, 0);
			}
		}
	}

	@Override
	public boolean active() {
		return !this.maskedApps.isEmpty();
	}

	@Override
	public void beforeActions(String session, List<InputAction> actions) {
		if (this.maskedApps.isEmpty()) {
			return;
		}
		List<WindowInfo> stack = this.windows.list();
		for (InputAction action : actions) {
			// Every point: a drag that starts on a masked window grabs it as much as one
			// that ends there.
			for (Point point : action.points()) {
				WindowInfo top = WindowDriver.topmostAt(stack, point);
				if (top != null && isMasked(top)) {
					throw refused(top, "input aimed at");
				}
			}
			InputAction.ElementTarget element = action.element();
			if (element != null) {
				// It reaches its own application, whichever window has focus.
				if (this.maskedApps.stream().anyMatch((app) -> element.belongsTo(app, stack))) {
					throw new DeskhandException(ErrorCode.E_NOT_GRANTED, action.tool()
							+ " on an element of a masked application is refused (deskhand.privacy.masked-apps)");
				}
			}
			else if (isKeyboard(action)) {
				stack.stream().filter(WindowInfo::focused).filter(this::isMasked).findFirst().ifPresent((window) -> {
					throw refused(window, "keyboard input into");
				});
			}
		}
	}

	private List<Rect> maskedBounds() {
		List<Rect> bounds = new ArrayList<>();
		for (WindowInfo window : this.windows.list()) {
			if (window.bounds() != null && isMasked(window)) {
				bounds.add(window.bounds());
			}
		}
		return bounds;
	}

	private boolean isMasked(WindowInfo window) {
		return this.maskedApps.stream().anyMatch(window::belongsTo);
	}

	private static boolean isKeyboard(InputAction action) {
		return action.typesText() || !action.pressedChords().isEmpty();
	}

	private static DeskhandException refused(WindowInfo window, String what) {
		return new DeskhandException(ErrorCode.E_NOT_GRANTED,
				what + " a window of a masked application is refused (deskhand.privacy.masked-apps)");
	}

	@Override
	public int getOrder() {
		return 50;
	}

}
