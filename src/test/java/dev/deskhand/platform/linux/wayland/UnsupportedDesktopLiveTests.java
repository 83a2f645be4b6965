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
 * Someone on a Wayland desktop none of Deskhand's drivers speaks is told what their
 * desktop is and what to do, not that sway's IPC socket is missing: against a real
 * headless mutter standing for a desktop the sway driver was chosen for (the Wayland
 * driver finds a compositor there, but no sway), and on the desktops' names alone.
 */
class UnsupportedDesktopLiveTests {

	@Test
	void onACompositorWithoutADriverStartUpNamesItAndWhatToDo() {
		Map<String, String> session = new HashMap<>(GnomeSession.shared().clientEnvironment());
		session.put("XDG_CURRENT_DESKTOP", "Hyprland");
		assertThatThrownBy(() -> WaylandDesktopDriver.connect(session, Duration.ofSeconds(5)))
			.isInstanceOfSatisfying(DeskhandException.class, (ex) -> {
				assertThat(ex.code()).isEqualTo(ErrorCode.E_NO_DESKTOP);
				assertThat(ex.getMessage()).startsWith("Deskhand cannot drive this desktop: this is Hyprland")
					.contains("GNOME, KDE Plasma and sway", "--deskhand.display.managed=true",
							"--deskhand.platform.wayland-desktop=gnome")
					// what the Wayland driver itself found stays, for whoever debugs it
					.contains("the Wayland driver said: ");
			});
	}

	@Test
	void gnomeOrKdeForcedOntoTheSwayDriverAreToldToLetTheDetectionChoose() {
		assertThat(UnsupportedDesktop.explain(Map.of("XDG_CURRENT_DESKTOP", "KDE")))
			.hasValueSatisfying((sentence) -> assertThat(sentence).contains("KDE Plasma on Wayland", "set it to auto"));
		assertThat(UnsupportedDesktop.explain(Map.of("XDG_CURRENT_DESKTOP", "ubuntu:GNOME")))
			.hasValueSatisfying((sentence) -> assertThat(sentence).contains("GNOME on Wayland", "set it to auto"));
	}

	@Test
	void swayAndAnUnnamedDesktopKeepTheDriversOwnSentence() {
		assertThat(UnsupportedDesktop.explain(Map.of("XDG_CURRENT_DESKTOP", "sway"))).isEmpty();
		assertThat(UnsupportedDesktop.explain(Map.of("XDG_CURRENT_DESKTOP", " "))).isEmpty();
		assertThat(UnsupportedDesktop.explain(Map.of())).isEmpty();
		Map<String, String> noCompositor = Map.of("WAYLAND_DISPLAY", "/nonexistent/wayland-9", "XDG_RUNTIME_DIR",
				"/nonexistent", "XDG_CURRENT_DESKTOP", "sway");
		assertThatThrownBy(() -> WaylandDesktopDriver.connect(noCompositor, Duration.ofSeconds(1)))
			.isInstanceOfSatisfying(DeskhandException.class,
					(ex) -> assertThat(ex.getMessage()).startsWith("Deskhand cannot find the Wayland compositor"));
	}

}
