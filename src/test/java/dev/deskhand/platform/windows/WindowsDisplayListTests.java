package dev.deskhand.platform.windows;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.deskhand.platform.DisplayInfo;
import dev.deskhand.platform.Rect;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Monitor records as {@code GetMonitorInfoW} and {@code GetDpiForMonitor} report them on
 * real layouts (a 150% laptop panel with a 100% monitor left of it, above it) become
 * displays in physical pixels with their negative origins, primary first.
 */
class WindowsDisplayListTests {

	@Test
	void primaryFirstThenLeftToRightWithNegativeOriginsKept() {
		List<DisplayInfo> displays = WindowsDisplayList.toDisplays(
				List.of(new WindowsMonitor("\\\\.\\DISPLAY2", WindowsMonitor.bounds(-1920, 0, 0, 1080), false, 96),
						new WindowsMonitor("\\\\.\\DISPLAY3", WindowsMonitor.bounds(2880, -400, 5440, 1040), false,
								120),
						new WindowsMonitor("\\\\.\\DISPLAY1", WindowsMonitor.bounds(0, 0, 2880, 1800), true, 144)));
		assertThat(displays).extracting(DisplayInfo::id).containsExactly("DISPLAY1", "DISPLAY2", "DISPLAY3");
		assertThat(displays.get(0).primary()).isTrue();
		assertThat(displays.get(0).bounds()).isEqualTo(new Rect(0, 0, 2880, 1800));
		assertThat(displays.get(1).bounds()).isEqualTo(new Rect(-1920, 0, 1920, 1080));
		assertThat(displays.get(2).bounds()).isEqualTo(new Rect(2880, -400, 2560, 1440));
		assertThat(displays).allSatisfy((display) -> assertThat(display.scaleFactor()).isEqualTo(1.0));
	}

	@Test
	void theNameKeepsTheUsersScaleSetting() {
		List<DisplayInfo> displays = WindowsDisplayList.toDisplays(
				List.of(new WindowsMonitor("\\\\.\\DISPLAY1", WindowsMonitor.bounds(0, 0, 2880, 1800), true, 144),
						new WindowsMonitor("\\\\.\\DISPLAY2", WindowsMonitor.bounds(2880, 0, 4800, 1080), false, 0)));
		assertThat(displays).extracting(DisplayInfo::name)
			.containsExactly("DISPLAY1 (144 dpi, 150%)", "DISPLAY2 (dpi unknown)");
		assertThat(WindowsDisplayList.scaleText(96)).isEqualTo("96 dpi, 100%");
		assertThat(WindowsDisplayList.scaleText(168)).isEqualTo("168 dpi, 175%");
	}

	@Test
	void idsAreSafeAndUniqueWhateverTheDeviceName() {
		List<DisplayInfo> displays = WindowsDisplayList
			.toDisplays(List.of(new WindowsMonitor("\\\\.\\DISPLAY1", WindowsMonitor.bounds(0, 0, 100, 100), true, 96),
					new WindowsMonitor("\\\\.\\DISPLAY1", WindowsMonitor.bounds(100, 0, 200, 100), false, 96),
					new WindowsMonitor("odd name\\x", WindowsMonitor.bounds(200, 0, 300, 100), false, 96),
					new WindowsMonitor("", WindowsMonitor.bounds(300, 0, 400, 100), false, 96)));
		assertThat(displays).extracting(DisplayInfo::id)
			.containsExactly("DISPLAY1", "DISPLAY1-2", "odd_name_x", "monitor-3");
	}

}
