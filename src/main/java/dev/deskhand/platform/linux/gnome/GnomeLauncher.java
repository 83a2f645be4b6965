package dev.deskhand.platform.linux.gnome;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.ProgramStart;
import dev.deskhand.platform.linux.WaylandClientLauncher;

/**
 * Starts programs in the GNOME session: as clients of its compositor
 * ({@code WAYLAND_DISPLAY}, {@code XDG_RUNTIME_DIR}) on its session bus
 * ({@code DBUS_SESSION_BUS_ADDRESS}), with {@code DISPLAY} when the session has an
 * Xwayland, as the session's user when Deskhand runs as root (see
 * {@link WaylandClientLauncher}). {@code NO_AT_BRIDGE} is never passed on: GNOME's window
 * list comes from the accessibility tree ({@link GnomeWindows}), and a GTK program
 * started without its accessibility bridge would not be in it.
 */
public final class GnomeLauncher {

	// what a client of the session needs from it, besides the runtime dir and display
	private static final List<String> PASSED_ON = List.of("DBUS_SESSION_BUS_ADDRESS", "DISPLAY", "XDG_CURRENT_DESKTOP",
			"XDG_SESSION_TYPE", "XDG_SESSION_DESKTOP", "AT_SPI_BUS_ADDRESS");

	private final WaylandClientLauncher.Target target;

	/**
	 * @param environment the session's variables: {@code XDG_RUNTIME_DIR} (required),
	 * {@code WAYLAND_DISPLAY} (default {@code wayland-0}),
	 * {@code DBUS_SESSION_BUS_ADDRESS}, and where present {@code DISPLAY},
	 * {@code XDG_CURRENT_DESKTOP}, {@code XDG_SESSION_TYPE}, {@code XDG_SESSION_DESKTOP},
	 * {@code AT_SPI_BUS_ADDRESS}
	 * @throws DeskhandException E_NO_DESKTOP without {@code XDG_RUNTIME_DIR}
	 */
	public GnomeLauncher(Map<String, String> environment) {
		String runtimeDir = environment.get("XDG_RUNTIME_DIR");
		if (runtimeDir == null || runtimeDir.isBlank()) {
			throw new DeskhandException(ErrorCode.E_NO_DESKTOP,
					"XDG_RUNTIME_DIR is not set: Deskhand must run inside the GNOME session to start programs in it");
		}
		String display = environment.getOrDefault("WAYLAND_DISPLAY", "wayland-0");
		Map<String, String> variables = new LinkedHashMap<>();
		for (String name : PASSED_ON) {
			String value = environment.get(name);
			if (value != null && !value.isBlank()) {
				variables.put(name, value);
			}
		}
		this.target = WaylandClientLauncher.Target.of(Path.of(runtimeDir), display, variables);
	}

	/**
	 * Starts a program in the session; its output is discarded and its input is empty.
	 * @return the started process (the program itself, also when started through
	 * {@code setpriv})
	 * @throws DeskhandException E_ARGS for an empty command, E_NOT_FOUND when it cannot
	 * be started
	 */
	public Process launch(List<String> command) {
		if (command.isEmpty()) {
			throw DeskhandException.args("no program to launch");
		}
		ProcessBuilder builder = WaylandClientLauncher.builder(this.target, command);
		builder.environment().remove("NO_AT_BRIDGE");
		return ProgramStart.start(builder, "check the launch command");
	}

	WaylandClientLauncher.Target target() {
		return this.target;
	}

}
