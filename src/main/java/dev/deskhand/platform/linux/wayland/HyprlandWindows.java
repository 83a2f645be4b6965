package dev.deskhand.platform.linux.wayland;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import tools.jackson.databind.JsonNode;

/**
 * Hyprland's windows ({@code hyprctl -j clients}, with {@code monitors} for which
 * workspaces are shown and {@code activewindow} for the focus) as
 * {@link WaylandWindows.Window}s. Parsing only, never run against a Hyprland (see
 * {@link HyprlandOutputs}).
 *
 * <p>
 * A client's {@code at}/{@code size} are layout units; its id is the {@code address}
 * ({@code 0x…}) Hyprland's dispatchers take as {@code address:0x…}. The list comes in
 * creation order, not stacking order, so the stack is approximated as on sway: hidden
 * workspaces, tiled, floating and pinned and special-workspace windows, fullscreen.
 * Hyprland has no X instance for Xwayland windows; {@code class} is the X class there and
 * the app_id otherwise.
 */
final class HyprlandWindows {

	private HyprlandWindows() {
	}

	/**
	 * @param clients the {@code clients} reply
	 * @param monitors the {@code monitors} reply
	 * @param activeWindow the {@code activewindow} reply ({@code {}} when none)
	 */
	static List<WaylandWindows.Window> parse(JsonNode clients, JsonNode monitors, JsonNode activeWindow) {
		Set<Long> shown = HyprlandOutputs.shownWorkspaces(monitors);
		long focused = address(activeWindow.path("address").asString(""));
		List<WaylandWindows.Window> windows = new ArrayList<>();
		for (JsonNode client : clients) {
			if (!client.path("mapped").asBoolean(true)) {
				continue;
			}
			long id = address(client.path("address").asString(""));
			long workspace = client.path("workspace").path("id").asLong(0);
			boolean pinned = client.path("pinned").asBoolean(false);
			int stacking;
			if (client.path("hidden").asBoolean(false) || (!pinned && !shown.contains(workspace))) {
				stacking = WaylandWindows.Window.HIDDEN;
			}
			else if (client.path("fullscreen").asInt(0) != 0) {
				stacking = WaylandWindows.Window.FULLSCREEN;
			}
			else if (client.path("floating").asBoolean(false) || pinned || workspace < 0) {
				// a special workspace is drawn over the monitor's regular one
				stacking = WaylandWindows.Window.FLOATING;
			}
			else {
				stacking = WaylandWindows.Window.TILED;
			}
			JsonNode at = client.path("at");
			JsonNode size = client.path("size");
			WaylandLayout.Area bounds = (size.path(0).asInt(0) > 0 && size.path(1).asInt(0) > 0)
					? new WaylandLayout.Area(at.path(0).asInt(), at.path(1).asInt(), size.path(0).asInt(),
							size.path(1).asInt())
					: null;
			windows
				.add(new WaylandWindows.Window(id, client.path("title").asString(""), client.path("class").asString(""),
						"", client.path("pid").asLong(0), bounds, id != 0 && id == focused, stacking));
		}
		return List.copyOf(windows);
	}

	/** {@code 0x5619c0f3d4e0} as a number; 0 for none or anything else. */
	static long address(String address) {
		if (address == null || !address.startsWith("0x") || address.length() < 3 || address.length() > 18) {
			return 0;
		}
		try {
			return Long.parseUnsignedLong(address.substring(2), 16);
		}
		catch (NumberFormatException ex) {
			return 0;
		}
	}

}
