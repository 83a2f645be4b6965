package dev.deskhand.platform.windows;

import dev.deskhand.platform.PlatformCheck;

/**
 * Whether the process is PerMonitorV2 DPI aware, as a {@link PlatformCheck}. The JDK's
 * {@code java.exe} declares {@code PerMonitorV2, PerMonitor, system} in its manifest
 * (Java 9 and later), so the process normally is aware before Deskhand's call, which then
 * fails with {@code ERROR_ACCESS_DENIED}: what decides is the reading afterwards. Only
 * then does Windows report monitors, windows and the pointer in physical pixels and take
 * input in them, which is what {@code DisplayInfo.scaleFactor} 1.0 and capture at logical
 * coordinates assume.
 *
 * @param available whether the DPI awareness context functions exist (Windows 10 1703 and
 * later)
 * @param setError 0 when {@code SetProcessDpiAwarenessContext} succeeded, else
 * {@code GetLastError()}: {@code ERROR_ACCESS_DENIED} when it was set before (by the
 * application manifest or an earlier call)
 * @param perMonitorV2 {@code AreDpiAwarenessContextsEqual} of the thread's context and
 * {@code DPI_AWARENESS_CONTEXT_PER_MONITOR_AWARE_V2}
 * @param awareness {@code GetAwarenessFromDpiAwarenessContext}: 0 unaware, 1 system, 2
 * per monitor (V1 or V2), -1 invalid
 */
record WindowsDpiAwareness(boolean available, int setError, boolean perMonitorV2, int awareness) {

	static final String CHECK = "dpi awareness";

	/** {@code DPI_AWARENESS_PER_MONITOR_AWARE}, V1 and V2 alike. */
	static final int PER_MONITOR = 2;

	private static final String BREAKS = "; on a monitor scaled above 100% Windows then virtualises coordinates:"
			+ " screenshots are scaled or cut off and clicks land off target";

	static WindowsDpiAwareness unavailable() {
		return new WindowsDpiAwareness(false, 0, false, -1);
	}

	PlatformCheck check() {
		if (!this.available) {
			return new PlatformCheck(CHECK, false,
					"this Windows has no per-monitor DPI awareness V2 (it came with Windows 10 1703)" + BREAKS);
		}
		String how = (this.setError == 0) ? "set at start" : (this.setError == WindowsInputVerdict.ERROR_ACCESS_DENIED)
				? "set before Deskhand asked, by java.exe's manifest (the call answered ERROR_ACCESS_DENIED, as it"
						+ " does once a manifest or an earlier call set it)"
				: "could not be set (error " + this.setError + ")";
		if (this.perMonitorV2) {
			return new PlatformCheck(CHECK, true, "PerMonitorV2, " + how);
		}
		if (this.awareness == PER_MONITOR) {
			// V1 differs from V2 in how Windows scales a process's own windows
			// (non-client
			// areas, dialogs), not in coordinates: both report and take physical pixels
			return new PlatformCheck(CHECK, true, "per-monitor DPI aware (V1), " + how
					+ ": coordinates are physical pixels as under PerMonitorV2; please report it, V2 was expected");
		}
		return new PlatformCheck(CHECK, false,
				"the process is " + awarenessName() + ", not PerMonitorV2 (" + how + ")" + BREAKS
						+ "; start Deskhand with a plain java command, not from a launcher that sets another"
						+ " awareness");
	}

	private String awarenessName() {
		return switch (this.awareness) {
			case 0 -> "DPI unaware";
			case 1 -> "system DPI aware";
			default -> "of unknown DPI awareness";
		};
	}

}
