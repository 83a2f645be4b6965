package dev.deskhand.platform.linux.wayland.sway;

import dev.deskhand.platform.linux.wayland.layout.WaylandLayout;
import dev.deskhand.platform.linux.wayland.layout.WaylandWindows;

import java.util.ArrayList;
import java.util.List;

import tools.jackson.databind.JsonNode;

/**
 * The windows in a GET_TREE reply. A window ("view") is a {@code con} or
 * {@code floating_con} with a pid; split containers, workspaces and outputs are the
 * structure around them. Xwayland windows ({@code shell: xwayland}) carry their X class
 * and instance in {@code window_properties}; Wayland-native ones an {@code app_id}.
 *
 * <p>
 * A view's {@code rect} is its container including borders and title bar;
 * {@code window_rect} is the client area relative to it, which is what the SPI reports.
 */
public final class SwayTree {

	private SwayTree() {
	}

	public static List<WaylandWindows.Window> windows(JsonNode tree) {
		List<WaylandWindows.Window> windows = new ArrayList<>();
		walk(tree, false, windows);
		return List.copyOf(windows);
	}

	private static void walk(JsonNode node, boolean floating, List<WaylandWindows.Window> windows) {
		if (isView(node)) {
			windows.add(window(node, floating));
		}
		for (JsonNode child : node.path("nodes")) {
			walk(child, floating, windows);
		}
		for (JsonNode child : node.path("floating_nodes")) {
			walk(child, true, windows);
		}
	}

	private static boolean isView(JsonNode node) {
		String type = node.path("type").asString("");
		return ("con".equals(type) || "floating_con".equals(type)) && node.path("pid").asLong(0) > 0;
	}

	private static WaylandWindows.Window window(JsonNode node, boolean floating) {
		JsonNode properties = node.path("window_properties");
		String appId = node.path("app_id").asString("");
		String appClass = appId.isEmpty() ? properties.path("class").asString("") : appId;
		String instance = properties.path("instance").asString("");
		String title = node.path("name").asString("");
		if (title.isEmpty()) {
			title = properties.path("title").asString("");
		}
		int stacking;
		if (!node.path("visible").asBoolean(true)) {
			stacking = WaylandWindows.Window.HIDDEN;
		}
		else if (node.path("fullscreen_mode").asInt(0) != 0) {
			stacking = WaylandWindows.Window.FULLSCREEN;
		}
		else {
			stacking = (floating || "floating_con".equals(node.path("type").asString("")))
					? WaylandWindows.Window.FLOATING : WaylandWindows.Window.TILED;
		}
		return new WaylandWindows.Window(node.path("id").asLong(), title, appClass, instance,
				node.path("pid").asLong(0), clientArea(node), node.path("focused").asBoolean(false), stacking);
	}

	private static WaylandLayout.Area clientArea(JsonNode node) {
		JsonNode rect = node.path("rect");
		JsonNode window = node.path("window_rect");
		int width = window.path("width").asInt(0);
		int height = window.path("height").asInt(0);
		if (width <= 0 || height <= 0) {
			// not laid out yet, or no client area reported: the container
			width = rect.path("width").asInt(0);
			height = rect.path("height").asInt(0);
			return (width > 0 && height > 0)
					? new WaylandLayout.Area(rect.path("x").asInt(), rect.path("y").asInt(), width, height) : null;
		}
		return new WaylandLayout.Area(rect.path("x").asInt() + window.path("x").asInt(),
				rect.path("y").asInt() + window.path("y").asInt(), width, height);
	}

}
