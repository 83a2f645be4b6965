package dev.deskhand.platform.windows.jna;

import com.sun.jna.platform.win32.WinDef;
import com.sun.jna.ptr.IntByReference;
import com.sun.jna.win32.StdCallLibrary;

/**
 * {@code DwmGetWindowAttribute} of dwmapi, which jna-platform does not bind. Load with
 * {@code Native.load("dwmapi", DwmApi.class)}. The values of {@code DWMWINDOWATTRIBUTE}
 * are dwmapi.h's enumeration, counted from {@code DWMWA_NCRENDERING_ENABLED = 1}.
 */
public interface DwmApi extends StdCallLibrary {

	/**
	 * A {@code RECT} of the window's visible frame in physical pixels, whatever the
	 * caller's DPI awareness, without the invisible resize borders that
	 * {@code GetWindowRect} includes since Windows 10.
	 */
	int DWMWA_EXTENDED_FRAME_BOUNDS = 9;

	/**
	 * A {@code DWORD}: 0, or why DWM does not draw the window ({@code DWM_CLOAKED_APP} 1,
	 * {@code DWM_CLOAKED_SHELL} 2, {@code DWM_CLOAKED_INHERITED} 4). Windows 8 and later.
	 */
	int DWMWA_CLOAKED = 14;

	/** {@code S_OK}. */
	int S_OK = 0;

	/**
	 * @return an {@code HRESULT}, {@link #S_OK} on success
	 */
	int DwmGetWindowAttribute(WinDef.HWND window, int attribute, IntByReference value, int size);

	/**
	 * @return an {@code HRESULT}, {@link #S_OK} on success
	 */
	int DwmGetWindowAttribute(WinDef.HWND window, int attribute, WinDef.RECT value, int size);

}
