package dev.deskhand.testing;

import java.util.ArrayList;
import java.util.List;

/**
 * A top-level window the window manager manages (one entry of {@code _NET_CLIENT_LIST}).
 *
 * @param id the X window id of the client window
 * @param pid the owner's {@code _NET_WM_PID}, or 0 when the client did not set it
 * @param title the window title
 */
public record ManagedWindow(long id, int pid, String title) {

	/**
	 * What wmctrl prints when a window has no title it can decode (e.g. xterm's
	 * COMPOUND_TEXT).
	 */
	static final String UNKNOWN_TITLE = "N/A";

	public String hexId() {
		return String.format("0x%08x", this.id);
	}

	/**
	 * Parses {@code wmctrl -l -p}: {@code <id> <desktop> <pid> <host> <title...>}.
	 * @param output what wmctrl printed
	 * @return the windows, in stacking-list order
	 */
	static List<ManagedWindow> parseWmctrl(String output) {
		List<ManagedWindow> windows = new ArrayList<>();
		for (String line : output.split("\n")) {
			if (line.isBlank()) {
				continue;
			}
			String[] parts = line.split("\\s+", 5);
			if (parts.length < 4 || !parts[0].startsWith("0x")) {
				throw new IllegalArgumentException("unexpected wmctrl line: " + line);
			}
			long id = Long.parseLong(parts[0].substring(2), 16);
			int pid = Integer.parseInt(parts[2]);
			windows.add(new ManagedWindow(id, pid, (parts.length == 5) ? parts[4] : ""));
		}
		return windows;
	}

}
