package dev.deskhand.platform.macos;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.DisplayInfo;
import dev.deskhand.platform.Point;
import dev.deskhand.platform.Rect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Recorded Quartz display lists (points from {@code CGDisplayBounds}, backing pixels from
 * the display mode) become displays in desktop units — backing pixels, each display at
 * its point origin times the greatest scale — and points map to and from them on the
 * display that holds them.
 */
class MacDisplaysTests {

	// a 27" retina iMac-like panel as main, a 1080p monitor left of and above it
	private static final MacDisplayRecord RETINA = new MacDisplayRecord(1, 0, 0, 2560, 1440, 5120, 2880, true);

	private static final MacDisplayRecord LEFT = new MacDisplayRecord(69734208, -1920, -300, 1920, 1080, 1920, 1080,
			false);

	private static final List<MacDisplayRecord> DESK = List.of(LEFT, RETINA);

	@Test
	void aRetinaPanelIsItsBackingPixelsWithScaleTwoAndTheMainDisplayComesFirst() {
		List<DisplayInfo> infos = MacDisplays.infos(DESK);

		assertThat(infos).extracting(DisplayInfo::id).containsExactly("1", "69734208");
		assertThat(infos.get(0).bounds()).isEqualTo(new Rect(0, 0, 5120, 2880));
		assertThat(infos.get(0).scaleFactor()).isEqualTo(2.0);
		assertThat(infos.get(0).primary()).isTrue();
		// at twice its point origin, its own pixels wide: a gap to the panel, no overlap
		assertThat(infos.get(1).bounds()).isEqualTo(new Rect(-3840, -600, 1920, 1080));
		assertThat(infos.get(1).scaleFactor()).isEqualTo(1.0);
		assertThat(infos.get(1).primary()).isFalse();
		assertThat(infos.get(1).bounds().right()).isLessThan(infos.get(0).bounds().x());
	}

	@Test
	void displaysSideBySideInPointsStayApartWhateverTheirScales() {
		// a 1x monitor right of the retina panel: it starts at 2560 points
		MacDisplayRecord right = new MacDisplayRecord(7, 2560, 0, 1920, 1080, 1920, 1080, false);

		List<DisplayInfo> infos = MacDisplays.infos(List.of(RETINA, right));

		assertThat(infos.get(1).bounds()).isEqualTo(new Rect(5120, 0, 1920, 1080));
	}

	@Test
	void idsAreUnsignedEvenForDisplayIdsAboveIntMax() {
		MacDisplayRecord high = new MacDisplayRecord(0x9000_0001, 0, 0, 100, 100, 100, 100, true);

		assertThat(MacDisplays.infos(List.of(high)).get(0).id()).isEqualTo("2415919105");
	}

	@Test
	void aScaledModeWhoseBackingStoreIsNoWholeMultipleHasItsRatio() {
		// "looks like 1440x900" on a 2560x1600 backing store
		MacDisplayRecord looksLike = new MacDisplayRecord(2, 0, 0, 1440, 900, 2560, 1600, true);

		assertThat(MacDisplays.scale(looksLike)).isEqualTo(1.7778);
		assertThat(MacDisplays.scale(new MacDisplayRecord(3, 0, 0, 1710, 1107, 3420, 2214, true))).isEqualTo(2.0);
		assertThat(MacDisplays.infos(List.of(looksLike)).get(0).bounds()).isEqualTo(new Rect(0, 0, 2560, 1600));
	}

	@Test
	void aRegionOnTheRetinaPanelIsCapturedFromHalfItsPixelsInPoints() {
		MacCaptureArea area = MacDisplays.locate(DESK, new Rect(200, 100, 1280, 960));

		assertThat(area.displayId()).isEqualTo(1);
		assertThat(new double[] { area.x(), area.y(), area.width(), area.height() }).containsExactly(100, 50, 640, 480);
		assertThat(area.pixels()).isEqualTo(new Rect(200, 100, 1280, 960));
	}

	@Test
	void aRegionOfTheMonitorLeftOfTheMainIsInItsOwnPoints() {
		MacCaptureArea area = MacDisplays.locate(DESK, new Rect(-3840, -600, 1920, 1080));

		assertThat(area.displayId()).isEqualTo(69734208);
		assertThat(new double[] { area.x(), area.y(), area.width(), area.height() }).containsExactly(0, 0, 1920, 1080);
		assertThat(area.pixels()).isEqualTo(new Rect(0, 0, 1920, 1080));
	}

	@Test
	void aRegionOnNoOneDisplayIsRefused() {
		assertThatThrownBy(() -> MacDisplays.locate(DESK, new Rect(-10, 0, 20, 20)))
			.satisfies((ex) -> assertThat(((DeskhandException) ex).code()).isEqualTo(ErrorCode.E_ARGS));
		assertThatThrownBy(() -> MacDisplays.locate(DESK, new Rect(-1930, 0, 20, 20)))
			.satisfies((ex) -> assertThat(((DeskhandException) ex).code()).isEqualTo(ErrorCode.E_ARGS));
		assertThatThrownBy(() -> MacDisplays.locate(List.of(RETINA), new Rect(0, 0, 0, 10)))
			.isInstanceOf(DeskhandException.class);
	}

	@Test
	void aFractionalScaleCapturesFractionalPoints() {
		MacDisplayRecord looksLike = new MacDisplayRecord(2, 0, 0, 1440, 900, 2560, 1600, true);

		MacCaptureArea area = MacDisplays.locate(List.of(looksLike), new Rect(16, 0, 16, 16));

		assertThat(area.x()).isEqualTo(9.0);
		assertThat(area.width()).isEqualTo(9.0);
		assertThat(area.pixels()).isEqualTo(new Rect(16, 0, 16, 16));
	}

	@Test
	void everyPixelOfTheRetinaPanelAndTheMonitorRoundTripsThroughPoints() {
		for (Rect bounds : List.of(new Rect(0, 0, 5120, 2880), new Rect(-3840, -600, 1920, 1080))) {
			for (int x = bounds.x(); x < bounds.right(); x += 7) {
				for (int y = bounds.y(); y < bounds.bottom(); y += 13) {
					double[] points = MacDisplays.toPoints(DESK, x, y);
					assertThat(MacDisplays.toDesktop(DESK, points[0], points[1])).as("%d,%d", x, y)
						.isEqualTo(new Point(x, y));
				}
			}
		}
	}

	@Test
	void aPixelOnTheRetinaPanelIsHalfAPointAndTheMonitorsPixelIsItsPoint() {
		assertThat(MacDisplays.toPoints(DESK, 5119, 2879)).containsExactly(2559.5, 1439.5);
		assertThat(MacDisplays.toPoints(DESK, -3840, -600)).containsExactly(-1920, -300);
		assertThat(MacDisplays.toDesktop(DESK, -1.0, 0.0)).isEqualTo(new Point(-1921, -300));
	}

	@Test
	void aWindowInPointsLandsInTheDesktopUnitsOfTheDisplayShowingItsCentre() {
		// a window on the panel: twice its points
		assertThat(MacDisplays.toDesktop(DESK, new Rect(100, 50, 800, 600))).isEqualTo(new Rect(200, 100, 1600, 1200));
		// on the monitor: its own points, at the monitor's place
		assertThat(MacDisplays.toDesktop(DESK, new Rect(-1900, -200, 800, 600)))
			.isEqualTo(new Rect(-3820, -500, 800, 600));
		// and back
		assertThat(MacDisplays.toPoints(DESK, new Rect(200, 100, 1600, 1200))).isEqualTo(new Rect(100, 50, 800, 600));
		assertThat(MacDisplays.toPoints(DESK, new Rect(-3820, -500, 800, 600)))
			.isEqualTo(new Rect(-1900, -200, 800, 600));
	}

}
