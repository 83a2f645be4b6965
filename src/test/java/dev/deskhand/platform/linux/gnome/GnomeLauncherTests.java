package dev.deskhand.platform.linux.gnome;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.linux.WaylandClientLauncher;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class GnomeLauncherTests {

	@Test
	void aChildGetsTheSessionsDisplayBusAndDesktopButNotItsAccessibilityOptOut() {
		GnomeLauncher launcher = new GnomeLauncher(Map.of("XDG_RUNTIME_DIR", "/run/user/1000", "WAYLAND_DISPLAY",
				"wayland-0", "DBUS_SESSION_BUS_ADDRESS", "unix:path=/run/user/1000/bus", "DISPLAY", ":0",
				"XDG_CURRENT_DESKTOP", "GNOME", "NO_AT_BRIDGE", "1", "GDK_BACKEND", "x11"));
		WaylandClientLauncher.Target target = launcher.target();
		assertThat(target.runtimeDir()).hasToString("/run/user/1000");
		assertThat(target.waylandDisplay()).isEqualTo("wayland-0");
		// only what makes a client of this session: a toolkit choice is the program's
		assertThat(target.variables()).containsOnlyKeys("DBUS_SESSION_BUS_ADDRESS", "DISPLAY", "XDG_CURRENT_DESKTOP");
		Map<String, String> environment = WaylandClientLauncher.builder(target, List.of("gedit")).environment();
		environment.remove("NO_AT_BRIDGE");
		assertThat(environment).containsEntry("DBUS_SESSION_BUS_ADDRESS", "unix:path=/run/user/1000/bus")
			.containsEntry("DISPLAY", ":0");
	}

	@Test
	void waylandZeroWhenTheSessionNamesNoDisplayAndNoLaunchOutsideASession() {
		assertThat(new GnomeLauncher(Map.of("XDG_RUNTIME_DIR", "/run/user/1000")).target().waylandDisplay())
			.isEqualTo("wayland-0");
		assertThatThrownBy(() -> new GnomeLauncher(Map.of()))
			.isInstanceOfSatisfying(DeskhandException.class,
					(ex) -> assertThat(ex.code()).isEqualTo(ErrorCode.E_NO_DESKTOP))
			.hasMessageContaining("XDG_RUNTIME_DIR");
		assertThatThrownBy(() -> new GnomeLauncher(Map.of("XDG_RUNTIME_DIR", "/run/user/1000")).launch(List.of()))
			.isInstanceOfSatisfying(DeskhandException.class, (ex) -> assertThat(ex.code()).isEqualTo(ErrorCode.E_ARGS));
	}

}
