package dev.deskhand.platform.macos.ax;

import java.util.ArrayList;
import java.util.List;

/**
 * Which applications' trees are read: the owners of the windows on screen. The window
 * server lists them front to back ({@code CGWindowListCopyWindowInfo} with
 * {@code kCGWindowListOptionOnScreenOnly}); layer 0 holds the applications' windows, the
 * other layers the menu bar, the Dock, status items and overlays, whose owners are not
 * applications an agent works in. An application without a window on screen (hidden,
 * menu-bar only) is not listed; a query for one of its windows names its pid directly.
 */
final class AxApplications {

	/**
	 * One row of the window list.
	 *
	 * @param pid {@code kCGWindowOwnerPID}
	 * @param layer {@code kCGWindowLayer}
	 */
	record WindowRow(long pid, int layer) {
	}

	private AxApplications() {
	}

	/** The distinct owners of normal windows, front to back, without Deskhand itself. */
	static List<Long> pids(List<WindowRow> rows, long self) {
		List<Long> pids = new ArrayList<>();
		for (WindowRow row : rows) {
			if (row.layer() == 0 && row.pid() > 0 && row.pid() != self && !pids.contains(row.pid())) {
				pids.add(row.pid());
			}
		}
		return pids;
	}

}
