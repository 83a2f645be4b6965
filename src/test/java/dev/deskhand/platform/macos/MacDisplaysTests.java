package dev.deskhand.platform.macos;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.DisplayInfo;
import dev.deskhand.platform.Rect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Recorded Quartz display lists (points from {@code CGDisplayBounds}, backing pixels from
 * the display mode) become displays in points with pixels-per-point scale factors, and
 * regions map to the right display's own points and pixels.
 */
class MacDisplaysTests {

	// a 27" retina iMac-like panel as main, a 1080p monitor left of and above it
	private static final MacDisplayRecord RETINA = new MacDisplayRecord(1, 0, 0, 2560, 1440, 5120, 2880, true);

	private static final MacDisplayRecord LEFT = new MacDisplayRecord(69734208, -1920, -300, 1920, 1080, 1920, 1080,
			false);

	@Test
	void aRetinaPanelIsPointsWithScaleTwoAndTheMainDisplayComesFirst() {
		List<DisplayInfo> infos = MacDisplays.infos(List.of(LEFT, RETINA));

		assertThat(infos).extracting(DisplayInfo::id).containsExactly("1", "69734208");
		assertThat(infos.get(0).bounds()).isEqualTo(new Rect(0, 0, 2560, 1440));
		assertThat(infos.get(0).scaleFactor()).isEqualTo(2.0);
		assertThat(infos.get(0).primary()).isTrue();
		assertThat(infos.get(1).bounds()).isEqualTo(new Rect(-1920, -300, 1920, 1080));
		assertThat(infos.get(1).scaleFactor()).isEqualTo(1.0);
		assertThat(infos.get(1).primary()).isFalse();
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
	}

	@Test
	void aRegionOnTheRetinaPanelIsCapturedFromItsOwnPointsAtTwicePixels() {
		MacCaptureArea area = MacDisplays.locate(List.of(LEFT, RETINA), new Rect(100, 50, 640, 480));

		assertThat(area.displayId()).isEqualTo(1);
		assertThat(area.points()).isEqualTo(new Rect(100, 50, 640, 480));
		assertThat(area.pixels()).isEqualTo(new Rect(200, 100, 1280, 960));
	}

	@Test
	void aRegionOnADisplayAtANegativeOriginIsMadeLocal() {
		MacCaptureArea area = MacDisplays.locate(List.of(RETINA, LEFT), new Rect(-1920, -300, 1920, 1080));

		assertThat(area.displayId()).isEqualTo(69734208);
		assertThat(area.points()).isEqualTo(new Rect(0, 0, 1920, 1080));
		assertThat(area.pixels()).isEqualTo(new Rect(0, 0, 1920, 1080));
	}

	@Test
	void aRegionStraddlingTwoDisplaysOrOnNoneIsAnArgumentError() {
		assertThatThrownBy(() -> MacDisplays.locate(List.of(RETINA, LEFT), new Rect(-10, 0, 20, 20)))
			.isInstanceOfSatisfying(DeskhandException.class, (ex) -> assertThat(ex.code()).isEqualTo(ErrorCode.E_ARGS));
		assertThatThrownBy(() -> MacDisplays.locate(List.of(RETINA, LEFT), new Rect(5000, 5000, 10, 10)))
			.isInstanceOf(DeskhandException.class);
		assertThatThrownBy(() -> MacDisplays.locate(List.of(RETINA), new Rect(0, 0, 0, 10)))
			.isInstanceOf(DeskhandException.class);
	}

	@Test
	void atFractionalScalesARegionCoversEveryPixelItTouches() {
		MacDisplayRecord oneAndAHalf = new MacDisplayRecord(4, 0, 0, 1000, 800, 1500, 1200, true);

		// points 1..2 are pixels 1.5..3: pixels 1 and 2
		assertThat(MacDisplays.pixels(oneAndAHalf, new Rect(1, 1, 1, 1))).isEqualTo(new Rect(1, 1, 2, 2));
		// points 2..4 are pixels 3..6 exactly
		assertThat(MacDisplays.pixels(oneAndAHalf, new Rect(2, 2, 2, 2))).isEqualTo(new Rect(3, 3, 3, 3));
		// neighbours overlap by at most one pixel and never leave a gap
		Rect left = MacDisplays.pixels(oneAndAHalf, new Rect(0, 0, 3, 1));
		Rect right = MacDisplays.pixels(oneAndAHalf, new Rect(3, 0, 3, 1));
		assertThat(right.x()).isBetween(left.right() - 1, left.right());
	}

	@Test
	void aRegionAtTheFarEdgeOfALooksLikeModeStaysInsideTheBackingStore() {
		MacDisplayRecord looksLike = new MacDisplayRecord(2, 0, 0, 1440, 900, 2560, 1600, true);

		Rect whole = MacDisplays.pixels(looksLike, new Rect(0, 0, 1440, 900));
		Rect corner = MacDisplays.pixels(looksLike, new Rect(1431, 891, 9, 9));

		assertThat(whole).isEqualTo(new Rect(0, 0, 2560, 1600));
		assertThat(corner.right()).isEqualTo(2560);
		assertThat(corner.bottom()).isEqualTo(1600);
		// 1431 points are exactly 2544 pixels at 2560/1440
		assertThat(corner.x()).isEqualTo(2544);
	}

	@Test
	void aBackingPixelLiesInThePointThatHoldsIt() {
		assertThat(MacDisplays.pixelToPoint(5119, 2.0)).isEqualTo(2559);
		assertThat(MacDisplays.pixelToPoint(3, 1.5)).isEqualTo(2);
		assertThat(MacDisplays.pixelToPoint(16, 1.7778)).isEqualTo(8);
	}

	@Test
	void fractionalBoundsAreRoundedEdgeByEdgeSoNeighboursStillMeet() {
		MacDisplayRecord a = new MacDisplayRecord(5, 0.4, 0, 1279.8, 800, 2560, 1600, true);
		MacDisplayRecord b = new MacDisplayRecord(6, 1280.2, 0, 1000, 800, 1000, 800, false);

		assertThat(a.pointBounds().right()).isEqualTo(b.pointBounds().x());
	}

}
