package dev.deskhand.platform.windows;

import java.util.Locale;

import dev.deskhand.platform.Rect;
import dev.deskhand.platform.WindowInfo;

/**
 * What Windows says about a top-level window, as read by {@link WindowsWindowDriver}.
 * Pure: which windows are listed ({@link WindowsWindowFilter}) and what a listed one
 * reports are decided from these facts and tested without Windows.
 *
 * @param hwnd the window handle's value
 * @param className {@code GetClassNameW}, e.g. {@code Notepad},
 * {@code Chrome_WidgetWin_1}
 * @param title {@code GetWindowTextW}, or empty
 * @param style {@code GetWindowLongW(GWL_STYLE)}
 * @param exStyle {@code GetWindowLongW(GWL_EXSTYLE)}
 * @param owner {@code GetWindow(GW_OWNER)}'s handle value, 0 when unowned
 * @param cloaked {@code DwmGetWindowAttribute(DWMWA_CLOAKED)}: 0, or the
 * {@code DWM_CLOAKED_*} bits (app, shell, inherited); 0 when DWM does not answer
 * @param visible {@code IsWindowVisible}
 * @param iconic {@code IsIconic} (minimised)
 * @param frame the visible frame in physical pixels ({@code DWMWA_EXTENDED_FRAME_BOUNDS},
 * else {@code GetWindowRect}), or {@code null} when empty
 * @param client the client area in physical pixels ({@code GetClientRect} moved by
 * {@code ClientToScreen}), or {@code null} when empty
 * @param pid {@code GetWindowThreadProcessId}, 0 when unknown
 * @param executablePath {@code QueryFullProcessImageNameW}, e.g.
 * {@code C:\Windows\System32\notepad.exe}, or empty when the process cannot be opened
 */
record WindowsWindowFacts(long hwnd, String className, String title, int style, int exStyle, long owner, int cloaked,
		boolean visible, boolean iconic, Rect frame, Rect client, long pid, String executablePath) {

	/**
	 * The window as the SPI describes it.
	 * <ul>
	 * <li>{@code appClass} is the executable's base name ({@code notepad} for
	 * {@code notepad.exe}): the application, as users name it; window classes are often
	 * shared by every app of a toolkit ({@code Chrome_WidgetWin_1} is Chrome, Edge, VS
	 * Code and every Electron app).</li>
	 * <li>{@code appInstance} is the window class, the nearest Windows has to X11's
	 * instance part, so a user can still name a window kind.</li>
	 * <li>{@code executable} is the file name with its extension ({@code notepad.exe}),
	 * as the SPI asks. {@link WindowInfo#belongsTo} compares case-insensitively, so
	 * {@code notepad} matches the base name and {@code Notepad.exe} the file name.</li>
	 * <li>{@code bounds}: see {@link #bounds()}.</li>
	 * </ul>
	 */
	WindowInfo info(boolean focused) {
		String executable = fileName(this.executablePath);
		return new WindowInfo(this.hwnd, this.title, baseName(executable), this.className, executable, this.pid,
				bounds(), focused);
	}

	/**
	 * The client area, as the SPI asks and as X11 reports it (the client window, without
	 * the window manager's frame), so a point in a title bar belongs to no window on
	 * either OS. A window without a client area (a frame only) reports its frame. A
	 * minimised window reports {@code null}: Windows parks it at (-32000, -32000), which
	 * is no pixel anyone can see or click.
	 */
	Rect bounds() {
		if (this.iconic) {
			return null;
		}
		return (this.client != null) ? this.client : this.frame;
	}

	/**
	 * A {@code RECT}'s edges (right and bottom exclusive) as a rectangle, or {@code null}
	 * when it holds no pixel.
	 */
	static Rect edges(int left, int top, int right, int bottom) {
		if (right <= left || bottom <= top) {
			return null;
		}
		return new Rect(left, top, right - left, bottom - top);
	}

	/** {@code notepad.exe} of {@code C:\Windows\System32\notepad.exe}. */
	static String fileName(String path) {
		int slash = Math.max(path.lastIndexOf('\\'), path.lastIndexOf('/'));
		return path.substring(slash + 1);
	}

	/** {@code notepad} of {@code notepad.exe} or {@code Notepad.EXE}. */
	static String baseName(String fileName) {
		return fileName.toLowerCase(Locale.ROOT).endsWith(".exe") ? fileName.substring(0, fileName.length() - 4)
				: fileName;
	}

}
