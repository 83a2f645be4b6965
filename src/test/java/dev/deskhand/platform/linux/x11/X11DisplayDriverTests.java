package dev.deskhand.platform.linux.x11;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.deskhand.platform.DisplayInfo;
import dev.deskhand.platform.Rect;
import dev.deskhand.platform.linux.x11.X11Connection.Monitor;

import static org.assertj.core.api.Assertions.assertThat;

class X11DisplayDriverTests {

	@Test
	void putsThePrimaryFirstThenLeftToRight() {
		List<DisplayInfo> displays = X11DisplayDriver
			.toDisplays(List.of(new Monitor("right", false, 1920, 0, 1920, 1080),
					new Monitor("HDMI-1", true, 3840, 0, 1280, 1024), new Monitor("left", false, 0, 0, 1920, 1080)));
		assertThat(displays).extracting(DisplayInfo::id).containsExactly("HDMI-1", "left", "right");
		assertThat(displays.get(0))
			.isEqualTo(new DisplayInfo("HDMI-1", "HDMI-1", new Rect(3840, 0, 1280, 1024), 1.0, true));
	}

	@Test
	void derivesSafeUniqueIdsFromMonitorNames() {
		List<DisplayInfo> displays = X11DisplayDriver.toDisplays(List.of(new Monitor("DP-1", false, 0, 0, 800, 600),
				new Monitor("Built in/Ünïcode", false, 800, 0, 800, 600), new Monitor(null, false, 1600, 0, 800, 600),
				new Monitor("DP_1", false, 2400, 0, 800, 600), new Monitor("DP 1", false, 3200, 0, 800, 600)));
		assertThat(displays).extracting(DisplayInfo::id)
			.containsExactly("DP-1", "Built_in__n_code", "monitor-2", "DP_1", "DP_1-2");
		assertThat(displays.get(1).name()).isEqualTo("Built in/Ünïcode");
	}

	@Test
	void theRootWindowIsTheDisplayWhenRandrHasNoMonitors() {
		assertThat(X11DisplayDriver.rootDisplay(1024, 768))
			.isEqualTo(new DisplayInfo("root", "root window", new Rect(0, 0, 1024, 768), 1.0, true));
	}

}
