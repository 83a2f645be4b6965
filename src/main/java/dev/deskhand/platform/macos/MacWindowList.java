package dev.deskhand.platform.macos;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.function.LongFunction;

import dev.deskhand.platform.Rect;
import dev.deskhand.platform.WindowInfo;

/**
 * Reads the window list {@code CGWindowListCopyWindowInfo} answers, each window already
 * converted from its {@code CFDictionary} to a map (numbers as {@link Number}, booleans
 * as {@link Boolean}, {@code kCGWindowBounds} as a map of {@code X}, {@code Y},
 * {@code Width}, {@code Height}). Pure.
 *
 * <p>
 * Kept: windows of layer 0 (ordinary application windows; the menu bar, the Dock,
 * notifications, and status items sit on other layers), not fully transparent, with a
 * size, on screen. Quartz lists front to back; the SPI wants the bottom first. The
 * focused window is the frontmost kept window of the frontmost application. Titles
 * ({@code kCGWindowName}) are empty for other applications' windows unless Deskhand has
 * the screen recording permission (macOS 10.15 and later).
 */
final class MacWindowList {

	static final String NUMBER = "kCGWindowNumber";

	static final String OWNER_NAME = "kCGWindowOwnerName";

	static final String OWNER_PID = "kCGWindowOwnerPID";

	static final String NAME = "kCGWindowName";

	static final String LAYER = "kCGWindowLayer";

	static final String BOUNDS = "kCGWindowBounds";

	static final String ALPHA = "kCGWindowAlpha";

	static final String ON_SCREEN = "kCGWindowIsOnscreen";

	private MacWindowList() {
	}

	/**
	 * @param frontToBack the windows as Quartz lists them
	 * @param frontmostPid the frontmost application's process, or 0 when unknown
	 * @param executables a process's executable file name, or empty
	 * @return the kept windows, bottom of the stack first
	 */
	static List<WindowInfo> parse(List<Map<String, Object>> frontToBack, long frontmostPid,
			LongFunction<String> executables) {
		List<WindowInfo> windows = new ArrayList<>();
		boolean focusTaken = false;
		for (Map<String, Object> window : frontToBack) {
			Rect bounds = bounds(window.get(BOUNDS));
			if (number(window.get(LAYER), -1) != 0 || number(window.get(ALPHA), 1.0) <= 0 || bounds == null
					|| Boolean.FALSE.equals(window.get(ON_SCREEN))) {
				continue;
			}
			long pid = (long) number(window.get(OWNER_PID), 0);
			boolean focused = !focusTaken && frontmostPid != 0 && pid == frontmostPid;
			focusTaken |= focused;
			String owner = text(window.get(OWNER_NAME));
			String executable = (pid > 0) ? executables.apply(pid) : "";
			windows.add(new WindowInfo((long) number(window.get(NUMBER), 0), text(window.get(NAME)), owner, "",
					(executable != null) ? executable : "", pid, bounds, focused));
		}
		Collections.reverse(windows);
		return List.copyOf(windows);
	}

	/**
	 * The window in front: the first on-screen window of layer 0 (ordinary windows;
	 * menus, the Dock and the menu bar sit on other layers) in Quartz's front-to-back
	 * list, with its owner. A fresh reading on every call, unlike NSWorkspace's frontmost
	 * application, which is kept current by notifications delivered to a main run loop.
	 * @return {@code {window number, owner pid}}, or empty when no window is in front
	 */
	static java.util.Optional<long[]> front(List<Map<String, Object>> frontToBack) {
		for (Map<String, Object> window : frontToBack) {
			if (number(window.get(LAYER), -1) != 0 || number(window.get(ALPHA), 1.0) <= 0
					|| bounds(window.get(BOUNDS)) == null || Boolean.FALSE.equals(window.get(ON_SCREEN))) {
				continue;
			}
			return java.util.Optional
				.of(new long[] { (long) number(window.get(NUMBER), 0), (long) number(window.get(OWNER_PID), 0) });
		}
		return java.util.Optional.empty();
	}

	/** Whole points, each edge rounded on its own; {@code null} when empty or absent. */
	static Rect bounds(Object value) {
		if (!(value instanceof Map<?, ?> map)) {
			return null;
		}
		double x = number(map.get("X"), 0);
		double y = number(map.get("Y"), 0);
		double width = number(map.get("Width"), 0);
		double height = number(map.get("Height"), 0);
		long left = Math.round(x);
		long top = Math.round(y);
		long right = Math.round(x + width);
		long bottom = Math.round(y + height);
		if (right <= left || bottom <= top) {
			return null;
		}
		return new Rect((int) left, (int) top, (int) (right - left), (int) (bottom - top));
	}

	private static double number(Object value, double otherwise) {
		return (value instanceof Number number) ? number.doubleValue() : otherwise;
	}

	private static String text(Object value) {
		return (value instanceof String text) ? text : "";
	}

}
