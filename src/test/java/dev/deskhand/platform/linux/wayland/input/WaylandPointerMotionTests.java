package dev.deskhand.platform.linux.wayland.input;

import dev.deskhand.platform.linux.wayland.layout.WaylandLayout;
import dev.deskhand.platform.linux.wayland.sway.SwayFixtures;

import org.junit.jupiter.api.Test;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.Point;
import dev.deskhand.platform.ScrollDirection;
import dev.deskhand.platform.linux.wayland.layout.WaylandLayout.Area;
import dev.deskhand.screen.ScreenGeometry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class WaylandPointerMotionTests {

	private static final WaylandLayout LAYOUT = SwayFixtures.twoMonitors();

	/** The layout bounding box of the two outputs: 1536 + 1280 across, 1024 down. */
	private static final Area BOX = new Area(0, 0, 2816, 1024);

	@Test
	void theScreenshotCentreOfTheScaledOutputLandsOnLayout768And432Exactly() {
		assertThat(LAYOUT.layoutBounds()).isEqualTo(BOX);
		var display = LAYOUT.displays().get(0);
		Point device = new ScreenGeometry(display.id(), display.bounds(), 1280, 720).toDesktop(640, 360);
		assertThat(device).isEqualTo(new Point(960, 540));
		WaylandPointerMotion motion = WaylandPointerMotion.toward(LAYOUT, device.x(), device.y());
		// 768 and 432 layout units in 1/256 over the box in 1/256
		assertThat(motion).isEqualTo(new WaylandPointerMotion(768 * 256, 432 * 256, 2816 * 256, 1024 * 256));
		assertThat(motion.layoutX(BOX)).isEqualTo(768.0);
		assertThat(motion.layoutY(BOX)).isEqualTo(432.0);
	}

	@Test
	void aFractionalLayoutPositionLandsWithinHalfASubunit() {
		// device 961 at scale 1.25 is layout 768.8: 196812.8 sub-units, rounded to 196813
		WaylandPointerMotion motion = WaylandPointerMotion.toward(LAYOUT, 961, 541);
		assertThat(motion.x()).isEqualTo(196813);
		assertThat(motion.layoutX(BOX)).isCloseTo(768.8, within(0.5 / 256));
		assertThat(motion.layoutY(BOX)).isCloseTo(432.8, within(0.5 / 256));
		// neighbouring device pixels stay apart (0.8 layout units = 204.8 sub-units)
		assertThat(WaylandPointerMotion.toward(LAYOUT, 962, 541).x() - motion.x()).isBetween(204, 205);
	}

	@Test
	void theSecondOutputIsReachedByItsOwnScale() {
		// HEADLESS-2 starts at device x 1920 (layout 1536 x 1.25); its scale is 1
		WaylandPointerMotion motion = WaylandPointerMotion.toward(LAYOUT, 1920 + 550, 472);
		assertThat(motion.layoutX(BOX)).isEqualTo(1536 + 550.0);
		assertThat(motion.layoutY(BOX)).isEqualTo(472.0);
	}

	@Test
	void aPointOnNoOutputIsAnArgumentError() {
		// below the 1080 device rows of HEADLESS-1, left of HEADLESS-2
		assertThatThrownBy(() -> WaylandPointerMotion.toward(LAYOUT, 100, 1100)).isInstanceOf(DeskhandException.class)
			.hasMessageContaining("(100, 1100) is on no display")
			.extracting((ex) -> ((DeskhandException) ex).code())
			.isEqualTo(ErrorCode.E_ARGS);
	}

	@Test
	void aNotchScrollsFifteenUnitsOnePositiveStepDownOrRight() {
		assertThat(WaylandPointerScroll.notch(ScrollDirection.UP)).isEqualTo(new WaylandPointerScroll(0, -15, -1));
		assertThat(WaylandPointerScroll.notch(ScrollDirection.DOWN)).isEqualTo(new WaylandPointerScroll(0, 15, 1));
		assertThat(WaylandPointerScroll.notch(ScrollDirection.LEFT)).isEqualTo(new WaylandPointerScroll(1, -15, -1));
		assertThat(WaylandPointerScroll.notch(ScrollDirection.RIGHT)).isEqualTo(new WaylandPointerScroll(1, 15, 1));
	}

}
