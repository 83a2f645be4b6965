package dev.deskhand.platform.linux.gnome;

import java.util.List;
import java.util.Map;

import org.freedesktop.dbus.types.UInt32;
import org.freedesktop.dbus.types.Variant;
import org.junit.jupiter.api.Test;

import dev.deskhand.platform.DisplayInfo;
import dev.deskhand.platform.Rect;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link MutterDisplayConfig}'s mapping on recorded {@code GetCurrentState} answers, in
 * the shape dbus-java decodes them (structs as arrays, arrays as lists, {@code a{sv}} as
 * maps of variants): fractional scale in logical layout mode, physical mode, a turned
 * monitor, primary first. The live rig covers logical mode at 1.25 only (see
 * GnomeSession); physical mode and turned monitors are tested here alone.
 */
class MutterDisplayConfigTests {

	// GetCurrentState's layout-mode values
	private static final int LOGICAL = 1;

	private static final int PHYSICAL = 2;

	@Test
	void logicalModeDividesPixelsByAFractionalScale() {
		Object[] state = state(LOGICAL,
				List.of(monitor("eDP-1", mode("1920x1200@60", 1920, 1200, false),
						mode("2880x1800@60", 2880, 1800, true)),
						monitor("DP-2", mode("1280x1024@60", 1280, 1024, true))),
				List.of(logical(2304, 0, 1.0, 0, false, "DP-2"), logical(0, 0, 1.25, 0, true, "eDP-1")));

		List<DisplayInfo> displays = MutterDisplayConfig.displays(state);

		// 2880x1800 pixels at 1.25 cover 2304x1440 layout units; the primary comes first
		assertThat(displays).containsExactly(new DisplayInfo("eDP-1", "eDP-1", new Rect(0, 0, 2304, 1440), 1.25, true),
				new DisplayInfo("DP-2", "DP-2", new Rect(2304, 0, 1280, 1024), 1.0, false));
	}

	@Test
	void physicalModeKeepsPixelsAsLayoutUnitsWhateverTheScale() {
		Object[] state = state(PHYSICAL, List.of((Object) monitor("Meta-0", mode("2560x1600@60", 2560, 1600, true))),
				List.of((Object) logical(0, 0, 2.0, 0, true, "Meta-0")));

		assertThat(MutterDisplayConfig.displays(state))
			.containsExactly(new DisplayInfo("Meta-0", "Meta-0", new Rect(0, 0, 2560, 1600), 1.0, true));
	}

	@Test
	void aMissingLayoutModeMeansLogical() {
		Object[] state = new Object[] { new UInt32(1),
				List.of((Object) monitor("HDMI-1", mode("1600x900@60", 1600, 900, true))),
				List.of((Object) logical(0, 0, 1.25, 0, true, "HDMI-1")), Map.of() };

		assertThat(MutterDisplayConfig.displays(state))
			.containsExactly(new DisplayInfo("HDMI-1", "HDMI-1", new Rect(0, 0, 1280, 720), 1.25, true));
	}

	@Test
	void aMonitorTurnedBy90DegreesSwapsWidthAndHeight() {
		Object[] state = state(LOGICAL, List.of((Object) monitor("DP-1", mode("1920x1080@60", 1920, 1080, true))),
				List.of((Object) logical(0, 0, 1.0, 1, true, "DP-1")));

		assertThat(MutterDisplayConfig.displays(state)).extracting(DisplayInfo::bounds)
			.containsExactly(new Rect(0, 0, 1080, 1920));
	}

	private static Object[] state(int layoutMode, List<?> monitors, List<?> logicalMonitors) {
		return new Object[] { new UInt32(7), monitors, logicalMonitors, Map.of("layout-mode",
				new Variant<>(new UInt32(layoutMode)), "legacy-ui-scaling-factor", new Variant<>(1)) };
	}

	private static Object[] monitor(String connector, Object[]... modes) {
		return new Object[] { spec(connector), List.of(modes), Map.of("display-name", new Variant<>("Test")) };
	}

	private static Object[] spec(String connector) {
		return new Object[] { connector, "Vendor", "Product", "0x01" };
	}

	private static Object[] mode(String id, int width, int height, boolean current) {
		Map<String, Variant<?>> properties = current ? Map.of("is-current", new Variant<>(true)) : Map.of();
		return new Object[] { id, width, height, 60.0, 1.0, List.of(1.0, 1.25, 1.5, 2.0), properties };
	}

	private static Object[] logical(int x, int y, double scale, int transform, boolean primary, String connector) {
		return new Object[] { x, y, scale, new UInt32(transform), primary, List.of((Object) spec(connector)),
				Map.of() };
	}

}
