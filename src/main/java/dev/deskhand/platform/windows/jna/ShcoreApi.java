package dev.deskhand.platform.windows.jna;

import com.sun.jna.Library;
import com.sun.jna.Native;
import com.sun.jna.platform.win32.WinUser;
import com.sun.jna.ptr.IntByReference;
import com.sun.jna.win32.W32APIOptions;

/** shcore.dll (Windows 8.1 and later): a monitor's DPI. */
public interface ShcoreApi extends Library {

	/** {@code MDT_EFFECTIVE_DPI}: the DPI the user's scale setting gives the monitor. */
	int MDT_EFFECTIVE_DPI = 0;

	static ShcoreApi load() {
		return Native.load("shcore", ShcoreApi.class, W32APIOptions.DEFAULT_OPTIONS);
	}

	/**
	 * @return an HRESULT, 0 ({@code S_OK}) on success
	 */
	int GetDpiForMonitor(WinUser.HMONITOR monitor, int dpiType, IntByReference dpiX, IntByReference dpiY);

}
