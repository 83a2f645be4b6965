package dev.deskhand.platform.windows;

import dev.deskhand.platform.Rect;

/**
 * One monitor as {@code GetMonitorInfoW} and {@code GetDpiForMonitor} report it: what the
 * native enumeration records, and the tests' fixture.
 *
 * @param deviceName {@code szDevice}, e.g. {@code \\.\DISPLAY1}
 * @param bounds {@code rcMonitor} in physical pixels of the virtual desktop
 * (PerMonitorV2); the origin is negative left of or above the primary monitor
 * @param primary {@code MONITORINFOF_PRIMARY} is set
 * @param dpi {@code MDT_EFFECTIVE_DPI}, 96 at 100 %; 0 when it could not be read
 */
record WindowsMonitor(String deviceName, Rect bounds, boolean primary, int dpi) {

	/** {@code rcMonitor} as left, top, right, bottom. */
	static Rect bounds(int left, int top, int right, int bottom) {
		return new Rect(left, top, right - left, bottom - top);
	}

}
