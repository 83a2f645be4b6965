package dev.deskhand.selftest;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.deskhand.platform.DisplayInfo;
import dev.deskhand.platform.Point;
import dev.deskhand.platform.Rect;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Java's screens tied to the driver's displays by device size, on the layouts a first run
 * meets: Windows with mixed DPI and a negative origin (Java: device origin, scaled size),
 * a Retina Mac beside a 1x display (Java: points; Deskhand: backing pixels, origins times
 * the greatest scale), X11 with a UI scale.
 */
class WitnessSpaceTests {

	@Test
	void windowsMixedDpiWithANegativeOriginMapsEachMonitorOnItsOwn() {
		// a 150% 4K monitor left of a 100% 1080p primary: Java keeps device origins and
		// divides sizes by the scale
		List<DisplayInfo> displays = List.of(display("DISPLAY1", 0, 0, 1920, 1080),
				display("DISPLAY2", -3840, -1080, 3840, 2160));
		List<WitnessScreen> screens = List.of(new WitnessScreen(0, new Rect(0, 0, 1920, 1080), 1.0),
				new WitnessScreen(1, new Rect(-3840, -1080, 2560, 1440), 1.5));

		WitnessSpace space = WitnessSpace.match(screens, displays);

		assertThat(space.screen(displays.get(1))).hasValue(screens.get(1));
		assertThat(space.toDesktop(new Point(-3840 + 100, -1080 + 200))).hasValue(new Point(-3840 + 150, -1080 + 300));
		assertThat(space.toDesktop(new Point(500, 400))).hasValue(new Point(500, 400));
		assertThat(space.toDesktop(new Rect(-3740, -880, 96, 96))).hasValue(new Rect(-3690, -780, 144, 144));
		assertThat(WitnessSpace.tolerance(1.5)).isEqualTo(2);
		assertThat(WitnessSpace.tolerance(1.0)).isEqualTo(1);
	}

	@Test
	void aRetinaMacBesideA1xDisplayMapsPointsToBackingPixels() {
		// Deskhand: the built-in 1440x900 pt panel at 2x is 2880x1800; the external
		// 1920x1080
		// pt at 1x sits at its point origin (1440,0) times the greatest scale (2)
		List<DisplayInfo> displays = List.of(new DisplayInfo("1", "Built-in", new Rect(0, 0, 2880, 1800), 2.0, true),
				new DisplayInfo("2", "External", new Rect(2880, 0, 1920, 1080), 1.0, false));
		List<WitnessScreen> screens = List.of(new WitnessScreen(0, new Rect(0, 0, 1440, 900), 2.0),
				new WitnessScreen(1, new Rect(1440, 0, 1920, 1080), 1.0));

		WitnessSpace space = WitnessSpace.match(screens, displays);

		assertThat(space.toDesktop(new Point(720, 450))).hasValue(new Point(1440, 900));
		assertThat(space.toDesktop(new Point(1440 + 10, 20))).hasValue(new Point(2880 + 10, 20));
	}

	@Test
	void aDisplayInPointsOrVirtualisedPixelsMatchesNoJavaScreen() {
		List<DisplayInfo> points = List.of(new DisplayInfo("1", "Built-in", new Rect(0, 0, 1440, 900), 2.0, true));
		List<WitnessScreen> screens = List.of(new WitnessScreen(0, new Rect(0, 0, 1440, 900), 2.0));

		WitnessSpace space = WitnessSpace.match(screens, points);

		assertThat(space.screen(points.get(0))).isEmpty();
		assertThat(space.toDesktop(new Point(10, 10))).isEmpty();
		assertThat(WitnessSpace.describe(screens)).isEqualTo("1440x900 at (0,0) x2.00 = 2880x1800 device pixels");
	}

	@Test
	void monitorsOfOneSizeArePairedInTheOrderOfTheirOrigins() {
		List<DisplayInfo> displays = List.of(display("right", 1920, 0, 1920, 1080), display("left", 0, 0, 1920, 1080));
		List<WitnessScreen> screens = List.of(new WitnessScreen(0, new Rect(1920, 0, 1920, 1080), 1.0),
				new WitnessScreen(1, new Rect(0, 0, 1920, 1080), 1.0));

		WitnessSpace space = WitnessSpace.match(screens, displays);

		assertThat(space.screen(displays.get(0))).hasValue(screens.get(0));
		assertThat(space.screen(displays.get(1))).hasValue(screens.get(1));
		assertThat(space.display(screens.get(1))).hasValue(displays.get(1));
	}

	@Test
	void x11WithAUiScaleDividesEverything() {
		List<DisplayInfo> displays = List.of(display("screen", 0, 0, 3840, 2160));
		List<WitnessScreen> screens = List.of(new WitnessScreen(0, new Rect(0, 0, 1920, 1080), 2.0));

		assertThat(WitnessSpace.match(screens, displays).toDesktop(new Point(1919, 1079)))
			.hasValue(new Point(3838, 2158));
	}

	@Test
	void theWitnessesLinesBecomeItsState() {
		WitnessState state = new WitnessState();
		state.apply("screen 0 -1920 0 1920 1080 1.2500");
		state.apply("place 0 10 20 720 300 34 32 96 96");
		state.apply("click 82 80 1 target");
		state.apply("focus decoy");
		state.apply("text " + WitnessState.encode("äé€ ✓\nzwei"));
		state.apply("pressed 2");
		state.apply("pointer none");
		state.apply("garbage that a newer witness might send");
		state.apply("click not-a-number");

		assertThat(state.screens()).containsExactly(new WitnessScreen(0, new Rect(-1920, 0, 1920, 1080), 1.25));
		assertThat(state.place().targetCentre()).isEqualTo(new Point(82, 80));
		assertThat(state.clicks()).containsExactly(new SelfTestWitness.WitnessClick(new Point(82, 80), 1, true));
		assertThat(state.focused()).hasValue("decoy");
		assertThat(state.text()).isEqualTo("äé€ ✓\nzwei");
		assertThat(state.presses()).isEqualTo(2);
		assertThat(state.pointer()).isEmpty();
		assertThat(state.pointerAnswers()).isEqualTo(1);
		state.apply("focus none");
		assertThat(state.focused()).isEmpty();
	}

	private static DisplayInfo display(String id, int x, int y, int width, int height) {
		return new DisplayInfo(id, id, new Rect(x, y, width, height), 1.0, false);
	}

}
