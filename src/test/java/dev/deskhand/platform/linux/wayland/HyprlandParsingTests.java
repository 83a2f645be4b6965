package dev.deskhand.platform.linux.wayland;

import java.util.List;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.platform.DisplayInfo;
import dev.deskhand.platform.Rect;
import dev.deskhand.platform.WindowInfo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Hyprland's {@code hyprctl -j} answers into the shared layout and window model, on
 * fixtures written from the format in Hyprland's HyprCtl.cpp (see
 * {@code src/test/resources/wayland/README.md}); never run against a Hyprland.
 */
class HyprlandParsingTests {

	private static final JsonNode MONITORS = WaylandLayoutTests
		.fixture("hyprland-monitors-laptop-and-two-externals.json");

	@Test
	void monitorsBecomeDisplaysInDevicePixelsWithLayoutSizesFromModeAndScale() {
		WaylandLayout layout = HyprlandOutputs.parse(MONITORS);
		// DP-3 is disabled; scale 2 is the greatest, so layout origins are doubled
		assertThat(layout.displays()).containsExactly(
				new DisplayInfo("eDP-1", "eDP-1", new Rect(0, 0, 2880, 1800), 2.0, false),
				new DisplayInfo("DP-2", "DP-2", new Rect(2880, -600, 2560, 1440), 1.6, false),
				// transform 1 (90 degrees): the 1920x1080 mode stands upright
				new DisplayInfo("HDMI-A-1", "HDMI-A-1", new Rect(6080, -600, 1080, 1920), 1.0, false));
		assertThat(layout.outputs()).extracting(WaylandLayout.Output::layout)
			.containsExactly(new WaylandLayout.Area(0, 0, 1440, 900), new WaylandLayout.Area(1440, -300, 1600, 900),
					new WaylandLayout.Area(3040, -300, 1080, 1920));
		assertThat(layout.outputs().get(1).description()).isEqualTo("Dell Inc. DELL U2720Q 8R3KXXX");
		// the middle of DP-2 in desktop units is the middle of its layout rect
		assertThat(layout.toLayout(2880 + 1280, -600 + 720)).map(WaylandLayout.LayoutPoint::x).contains(2240.0);
		assertThat(layout.toLayout(2880 + 1280, -600 + 720)).map(WaylandLayout.LayoutPoint::y).contains(150.0);
		assertThat(layout.layoutBounds()).isEqualTo(new WaylandLayout.Area(0, -300, 4120, 1920));
	}

	@Test
	void clientsBecomeWindowsInStackingOrderWithTheActiveOneFocused() {
		List<WindowInfo> windows = WaylandWindows.toInfos(
				HyprlandWindows.parse(WaylandLayoutTests.fixture("hyprland-clients-xdg-xwayland-hidden-special.json"),
						MONITORS, WaylandLayoutTests.fixture("hyprland-activewindow-firefox.json")),
				HyprlandOutputs.parse(MONITORS), (pid) -> "");
		assertThat(windows).extracting(WindowInfo::appClass)
			.containsExactly("thunar", "kitty", "firefox", "Gimp-2.10", "org.keepassxc.KeePassXC", "mpv");
		assertThat(windows).filteredOn(WindowInfo::focused).extracting(WindowInfo::appClass).containsExactly("firefox");
		WindowInfo firefox = windows.get(2);
		assertThat(firefox.id()).isEqualTo(0x5619c0f3d4e0L);
		assertThat(firefox.pid()).isEqualTo(2455);
		assertThat(firefox.title()).isEqualTo("Hyprland Wiki — Mozilla Firefox");
		assertThat(firefox.bounds()).isEqualTo(new Rect(1450, 70, 1420, 1720));
		// the floating Xwayland window on DP-2 (scale 1.6), 200 by 200 layout units in
		assertThat(windows.get(3).bounds()).isEqualTo(new Rect(3200, -280, 1920, 1120));
		// the open special workspace of DP-2
		assertThat(windows.get(4).bounds()).isEqualTo(new Rect(3040, -520, 2240, 1280));
		assertThat(windows.get(5).bounds()).isEqualTo(new Rect(6080, -600, 1080, 1920));
	}

	@Test
	void noActiveWindowAndNoEnabledMonitorAreReadAsSuch() {
		List<WaylandWindows.Window> windows = HyprlandWindows.parse(
				WaylandLayoutTests.fixture("hyprland-clients-xdg-xwayland-hidden-special.json"), MONITORS,
				SwayIpc.JSON.readTree("{}"));
		assertThat(windows).noneMatch(WaylandWindows.Window::focused);
		assertThat(HyprlandWindows.address("0x0")).isZero();
		assertThat(HyprlandWindows.address("nonsense")).isZero();
		assertThatThrownBy(() -> HyprlandOutputs.parse(SwayIpc.JSON.readTree("[]")))
			.isInstanceOf(DeskhandException.class);
	}

}
