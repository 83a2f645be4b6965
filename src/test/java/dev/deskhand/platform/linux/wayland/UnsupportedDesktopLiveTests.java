package dev.deskhand.platform.linux.wayland;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.testing.GnomeSession;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A newcomer on GNOME or KDE Plasma on Wayland is told what their desktop is and what to
 * do, not that sway's IPC socket is missing: against a real headless mutter (the Wayland
 * driver finds a compositor there, but no sway), and on the desktops' names alone.
 */
class UnsupportedDesktopLiveTests {

	@Test
	void onARealGnomeSessionStartUpNamesGnomeAndWhatToDo() {
		Map<String, String> session = new HashMap<>(GnomeSession.shared().clientEnvironment());
		session.put("XDG_CURRENT_DESKTOP", "ubuntu:GNOME");
		assertThatThrownBy(() -> WaylandDesktopDriver.connect(session, Duration.ofSeconds(5)))
			.isInstanceOfSatisfying(DeskhandException.class, (ex) -> {
				assertThat(ex.code()).isEqualTo(ErrorCode.E_NO_DESKTOP);
				assertThat(ex.getMessage()).startsWith("Deskhand cannot drive this desktop: this is GNOME on Wayland")
					.contains("XDG_CURRENT_DESKTOP=ubuntu:GNOME", "--deskhand.display.managed=true",
							"docs/platforms/gnome.md")
					// what the Wayland driver itself found stays, for whoever debugs it
					.contains("the Wayland driver said: ");
			});
	}

	@Test
	void kdeIsNamedTooAndAnyOtherDesktopKeepsTheDriversOwnSentence() {
		assertThat(UnsupportedDesktop.explain(Map.of("XDG_CURRENT_DESKTOP", "KDE"))).hasValueSatisfying(
				(sentence) -> assertThat(sentence).contains("KDE Plasma on Wayland", "\"Plasma (X11)\""));
		assertThat(UnsupportedDesktop.explain(Map.of("XDG_CURRENT_DESKTOP", "sway"))).isEmpty();
		assertThat(UnsupportedDesktop.explain(Map.of())).isEmpty();
		Map<String, String> noCompositor = Map.of("WAYLAND_DISPLAY", "/nonexistent/wayland-9", "XDG_RUNTIME_DIR",
				"/nonexistent", "XDG_CURRENT_DESKTOP", "Hyprland");
		assertThatThrownBy(() -> WaylandDesktopDriver.connect(noCompositor, Duration.ofSeconds(1)))
			.isInstanceOfSatisfying(DeskhandException.class,
					(ex) -> assertThat(ex.getMessage()).startsWith("Deskhand cannot find the Wayland compositor"));
	}

}
