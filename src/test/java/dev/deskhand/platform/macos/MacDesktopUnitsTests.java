package dev.deskhand.platform.macos;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.deskhand.platform.Point;
import dev.deskhand.platform.Rect;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What the AX driver converts through: positions AX reports in points become the desktop
 * driver's units, and back, reading the displays at each call.
 */
class MacDesktopUnitsTests {

	private static final MacDisplayRecord RETINA = new MacDisplayRecord(1, 0, 0, 1440, 900, 2880, 1800, true);

	@Test
	void anElementOnARetinaPanelIsTwiceItsPointsAndAPointerPositionHalfItsPixels() {
		MacDesktopUnits units = new MacDesktopUnits(() -> List.of(RETINA));

		assertThat(units.toDesktop(new Rect(100, 40, 60, 22))).isEqualTo(new Rect(200, 80, 120, 44));
		assertThat(units.toPoints(new Rect(200, 80, 120, 44))).isEqualTo(new Rect(100, 40, 60, 22));
		assertThat(units.toPoints(new Point(261, 91))).containsExactly(130.5, 45.5);
	}

	@Test
	void theDisplaysAreReadAtEachCallSoAModeChangeIsSeen() {
		List<List<MacDisplayRecord>> layouts = new java.util.ArrayList<>(
				List.of(List.of(RETINA), List.of(new MacDisplayRecord(1, 0, 0, 2880, 1800, 2880, 1800, true))));
		MacDesktopUnits units = new MacDesktopUnits(() -> layouts.size() > 1 ? layouts.remove(0) : layouts.get(0));

		assertThat(units.toDesktop(new Rect(10, 10, 10, 10))).isEqualTo(new Rect(20, 20, 20, 20));
		assertThat(units.toDesktop(new Rect(10, 10, 10, 10))).isEqualTo(new Rect(10, 10, 10, 10));
	}

	@Test
	void pointsAreIdentityForTests() {
		assertThat(MacDesktopUnits.points().toDesktop(new Rect(3, 4, 5, 6))).isEqualTo(new Rect(3, 4, 5, 6));
	}

}
