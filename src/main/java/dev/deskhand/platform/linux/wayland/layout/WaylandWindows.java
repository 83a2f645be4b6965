package dev.deskhand.platform.linux.wayland.layout;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.LongFunction;

import dev.deskhand.platform.Rect;
import dev.deskhand.platform.WindowInfo;

/**
 * A compositor's windows in its own terms (layout units), and the step to the SPI's
 * {@link WindowInfo} in desktop units. sway's tree is read into {@link Window}s;
 * everything after that would serve another compositor's IPC too.
 */
public final class WaylandWindows {

	private WaylandWindows() {
	}

	/**
	 * One toplevel window as the compositor reports it.
	 *
	 * @param id the compositor's handle (sway: the con id)
	 * @param title its title, or empty
	 * @param appClass the Wayland app_id, or the X class of an Xwayland window, or empty
	 * @param appInstance the X instance of an Xwayland window, or empty
	 * @param pid the owning process, or 0
	 * @param bounds the client area in layout units, or {@code null} when it has none
	 * @param focused whether it has keyboard focus
	 * @param stacking where it is in the stack: windows on hidden workspaces first, then
	 * tiled, floating and fullscreen windows of shown workspaces (bottom to top), in
	 * compositor order within each
	 */
	public record Window(long id, String title, String appClass, String appInstance, long pid,
			WaylandLayout.Area bounds, boolean focused, int stacking) {

		public static final int HIDDEN = 0;

		public static final int TILED = 1;

		public static final int FLOATING = 2;

		public static final int FULLSCREEN = 3;

	}

	/**
	 * The SPI's view of windows: bottom of the stack first, bounds in desktop units by
	 * the output that shows most of each window.
	 * @param executables the executable's file name by pid (empty when unknown)
	 */
	public static List<WindowInfo> toInfos(List<Window> windows, WaylandLayout layout,
			LongFunction<String> executables) {
		List<Window> ordered = new ArrayList<>(windows);
		// stable: compositor order is kept within one layer of the stack
		ordered.sort(Comparator.comparingInt(Window::stacking));
		List<WindowInfo> infos = new ArrayList<>(ordered.size());
		for (Window window : ordered) {
			infos.add(toInfo(window, layout, executables));
		}
		return List.copyOf(infos);
	}

	static WindowInfo toInfo(Window window, WaylandLayout layout, LongFunction<String> executables) {
		Rect bounds = (window.bounds() == null || window.bounds().width() <= 0 || window.bounds().height() <= 0) ? null
				: layout.toDevice(window.bounds());
		String executable = (window.pid() > 0) ? executables.apply(window.pid()) : "";
		return new WindowInfo(window.id(), window.title(), window.appClass(), window.appInstance(), executable,
				window.pid(), bounds, window.focused());
	}

}
