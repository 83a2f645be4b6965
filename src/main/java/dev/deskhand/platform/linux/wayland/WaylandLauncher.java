package dev.deskhand.platform.linux.wayland;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

import dev.deskhand.platform.linux.WaylandClientLauncher;
import dev.deskhand.platform.linux.wayland.sway.SwaySocket;

/**
 * Where sway's clients go: {@link WaylandClientLauncher} starts them, this says what sway
 * adds to their environment.
 */
final class WaylandLauncher {

	private WaylandLauncher() {
	}

	/**
	 * sway's clients, from this process: {@code SWAYSOCK}, and {@code DISPLAY} when sway
	 * runs an Xwayland.
	 */
	static WaylandClientLauncher.Target sway(Path runtimeDir, String waylandDisplay, Path swaySocket) {
		Map<String, String> variables = new LinkedHashMap<>();
		variables.put("SWAYSOCK", swaySocket.toString());
		SwaySocket.xwaylandDisplay(swaySocket, Path.of("/tmp")).ifPresent((x) -> variables.put("DISPLAY", x));
		return WaylandClientLauncher.Target.of(runtimeDir, waylandDisplay, variables);
	}

}
