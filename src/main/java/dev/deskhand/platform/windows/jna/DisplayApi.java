package dev.deskhand.platform.windows.jna;

import com.sun.jna.Library;
import com.sun.jna.Native;
import com.sun.jna.platform.win32.WinDef;
import com.sun.jna.platform.win32.WinNT;
import com.sun.jna.platform.win32.WinUser;
import com.sun.jna.win32.W32APIOptions;

/**
 * user32's DPI awareness, monitors and metrics. The DPI awareness functions exist from
 * Windows 10 1703 (PerMonitorV2); on older systems calling them throws
 * {@link UnsatisfiedLinkError}.
 */
public interface DisplayApi extends Library {

	/** {@code DPI_AWARENESS_CONTEXT_PER_MONITOR_AWARE_V2}, {@code (HANDLE)-4}. */
	long PER_MONITOR_AWARE_V2 = -4;

	/** {@code MONITORINFOF_PRIMARY}. */
	int MONITORINFOF_PRIMARY = 1;

	int SM_XVIRTUALSCREEN = 76;

	int SM_YVIRTUALSCREEN = 77;

	int SM_CXVIRTUALSCREEN = 78;

	int SM_CYVIRTUALSCREEN = 79;

	static DisplayApi load() {
		return Native.load("user32", DisplayApi.class, W32APIOptions.DEFAULT_OPTIONS);
	}

	/**
	 * @return false with {@code ERROR_ACCESS_DENIED} when the awareness was already set
	 * (by a manifest or an earlier call)
	 */
	boolean SetProcessDpiAwarenessContext(WinNT.HANDLE value);

	WinNT.HANDLE GetThreadDpiAwarenessContext();

	/**
	 * @return {@code DPI_AWARENESS}: -1 invalid, 0 unaware, 1 system aware, 2 per monitor
	 * aware (V1 and V2 alike)
	 */
	int GetAwarenessFromDpiAwarenessContext(WinNT.HANDLE value);

	boolean AreDpiAwarenessContextsEqual(WinNT.HANDLE a, WinNT.HANDLE b);

	boolean EnumDisplayMonitors(WinDef.HDC hdc, WinDef.RECT clip, WinUser.MONITORENUMPROC callback, WinDef.LPARAM data);

	boolean GetMonitorInfoW(WinUser.HMONITOR monitor, MonitorInfoExW info);

	int GetSystemMetrics(int index);

	/** In physical pixels under PerMonitorV2. */
	boolean GetCursorPos(WinDef.POINT point);

}
