package dev.deskhand.platform.windows;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Which top-level windows {@link WindowsWindowDriver#list()} reports: roughly the ones
 * Alt+Tab shows, the windows a user would call "open". {@code EnumWindows} also returns
 * hundreds of hidden helper windows, tool palettes, cloaked UWP shells and the desktop
 * itself.
 * <p>
 * The rules, in the order they are checked:
 * <ol>
 * <li>not {@code IsWindowVisible}: hidden</li>
 * <li>the shell's own windows ({@code Progman} and {@code WorkerW}: the desktop and its
 * wallpaper layers; {@code Shell_TrayWnd} and {@code Shell_SecondaryTrayWnd}: the
 * taskbars): shell</li>
 * <li>{@code DWMWA_CLOAKED} non-zero: visible to Windows but not drawn, as suspended UWP
 * apps, the Start menu's host and every window on another virtual desktop are</li>
 * <li>{@code WS_EX_TOOLWINDOW} without {@code WS_EX_APPWINDOW}: a tool window</li>
 * <li>an owner without {@code WS_EX_APPWINDOW}: a dialog or popup of another window (the
 * owner is listed; {@link WindowsWindowDriver} marks it focused while its dialog is)</li>
 * <li>no pixel in its frame, unless minimised: minimised windows are listed, as Alt+Tab
 * lists them, but with no bounds (see {@link WindowsWindowFacts#bounds()})</li>
 * </ol>
 * Untitled windows are kept: Alt+Tab keeps them, and some real windows have no title.
 */
final class WindowsWindowFilter {

	static final int WS_EX_TOOLWINDOW = 0x00000080;

	static final int WS_EX_APPWINDOW = 0x00040000;

	static final Set<String> SHELL_CLASSES = Set.of("Progman", "WorkerW", "Shell_TrayWnd", "Shell_SecondaryTrayWnd");

	private WindowsWindowFilter() {
	}

	/** Why a window is left out of the list, or empty when it is listed. */
	static Optional<String> exclusion(WindowsWindowFacts window) {
		boolean appWindow = (window.exStyle() & WS_EX_APPWINDOW) != 0;
		if (!window.visible()) {
			return Optional.of("hidden");
		}
		if (isShell(window)) {
			return Optional.of("shell");
		}
		if (window.cloaked() != 0) {
			return Optional.of("cloaked");
		}
		if ((window.exStyle() & WS_EX_TOOLWINDOW) != 0 && !appWindow) {
			return Optional.of("tool window");
		}
		if (window.owner() != 0 && !appWindow) {
			return Optional.of("owned");
		}
		if (!window.iconic() && window.frame() == null) {
			return Optional.of("empty");
		}
		return Optional.empty();
	}

	/** The desktop or a taskbar: never the focused window, whatever Windows says. */
	static boolean isShell(WindowsWindowFacts window) {
		return SHELL_CLASSES.contains(window.className());
	}

	/**
	 * The listed windows of an {@code EnumWindows} answer (Z-order, top first), bottom of
	 * the stack first, as the SPI wants them.
	 */
	static List<WindowsWindowFacts> stack(List<WindowsWindowFacts> topFirst) {
		List<WindowsWindowFacts> bottomFirst = new ArrayList<>(topFirst.size());
		for (int i = topFirst.size() - 1; i >= 0; i--) {
			WindowsWindowFacts window = topFirst.get(i);
			if (exclusion(window).isEmpty()) {
				bottomFirst.add(window);
			}
		}
		return bottomFirst;
	}

}
