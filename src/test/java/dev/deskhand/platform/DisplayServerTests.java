package dev.deskhand.platform;

import java.util.HashMap;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import dev.deskhand.platform.DisplayServer.Detection;

import static org.assertj.core.api.Assertions.assertThat;

class DisplayServerTests {

	@ParameterizedTest(name = "WAYLAND_DISPLAY={0} XDG_SESSION_TYPE={1} DISPLAY={2} -> {3} ({4})")
	@CsvSource(nullValues = "-", value = {
			// WAYLAND_DISPLAY, XDG_SESSION_TYPE, DISPLAY, server, evidence
			"wayland-1, wayland, :0, WAYLAND, WAYLAND_DISPLAY=wayland-1", // Xwayland
			"wayland-1, -,       -,  WAYLAND, WAYLAND_DISPLAY=wayland-1",
			"wayland-1, x11,     :0, WAYLAND, WAYLAND_DISPLAY=wayland-1", // nested
			"wayland-1, tty,     -,  WAYLAND, WAYLAND_DISPLAY=wayland-1",
			"-,         wayland, :0, WAYLAND, XDG_SESSION_TYPE=wayland", // socket not
																			// passed on
			"-,         wayland, -,  WAYLAND, XDG_SESSION_TYPE=wayland",
			"-,         Wayland, -,  WAYLAND, XDG_SESSION_TYPE=Wayland", "-,         x11,     :0, X11,     DISPLAY=:0",
			"-,         x11,     -,  X11,     XDG_SESSION_TYPE=x11", "-,         tty,     :10, X11,    DISPLAY=:10", // ssh
																														// -X
			"-,         -,       :99, X11,    DISPLAY=:99",
			"-,         unspecified, -, NONE, 'WAYLAND_DISPLAY, XDG_SESSION_TYPE and DISPLAY unset'",
			"-,         tty,     -,  NONE,    'WAYLAND_DISPLAY, XDG_SESSION_TYPE and DISPLAY unset'",
			"-,         -,       -,  NONE,    'WAYLAND_DISPLAY, XDG_SESSION_TYPE and DISPLAY unset'",
			"' ',       ' ',     ' ', NONE,   'WAYLAND_DISPLAY, XDG_SESSION_TYPE and DISPLAY unset'" })
	void truthTable(String waylandDisplay, String sessionType, String display, DisplayServer server, String evidence) {
		Map<String, String> variables = new HashMap<>();
		variables.put("WAYLAND_DISPLAY", waylandDisplay);
		variables.put("XDG_SESSION_TYPE", sessionType);
		variables.put("DISPLAY", display);
		assertThat(DisplayServer.detect(variables::get)).isEqualTo(new Detection(server, evidence));
	}

	@Test
	void currentReadsTheProcessEnvironment() {
		assertThat(DisplayServer.current()).isEqualTo(DisplayServer.detect(System::getenv).server());
	}

	@Test
	void detectionPrintsServerAndEvidence() {
		assertThat(new Detection(DisplayServer.WAYLAND, "WAYLAND_DISPLAY=wayland-1"))
			.hasToString("WAYLAND (WAYLAND_DISPLAY=wayland-1)");
	}

}
