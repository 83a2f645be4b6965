package dev.deskhand.platform.windows.jna;

import com.sun.jna.platform.win32.User32;
import com.sun.jna.platform.win32.WinDef;

/**
 * The window functions of user32 that jna-platform's {@link User32} does not bind. Load
 * with {@code Native.load("user32", WindowApi.class, W32APIOptions.DEFAULT_OPTIONS)} (the
 * options pick the {@code W} functions where there are two).
 */
public interface WindowApi extends User32 {

	/** {@code AllowSetForegroundWindow}'s "any process". */
	int ASFW_ANY = -1;

	/** {@code GetAncestor}'s owner chain to its root. */
	int GA_ROOTOWNER = 3;

	/** Whether the window is minimised. */
	boolean IsIconic(WinDef.HWND window);

	/**
	 * Lets a process set the foreground window; only works when the caller itself may.
	 * @param processId the process, or {@link #ASFW_ANY}
	 */
	boolean AllowSetForegroundWindow(int processId);

	/** Moves a point from a window's client coordinates to screen coordinates. */
	boolean ClientToScreen(WinDef.HWND window, WinDef.POINT point);

}
