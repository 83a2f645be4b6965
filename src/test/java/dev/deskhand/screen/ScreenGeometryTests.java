package dev.deskhand.screen;

import java.util.Random;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.DisplayInfo;
import dev.deskhand.platform.Point;
import dev.deskhand.platform.Rect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.fail;

class ScreenGeometryTests {

	private static final ScreenGeometry FULL_HD = geometry("left", new Rect(0, 0, 1920, 1080));

	private static final ScreenGeometry RIGHT = geometry("right", new Rect(1920, 0, 1920, 1080));

	private static final ScreenGeometry LAPTOP = geometry("laptop", new Rect(0, 0, 1366, 768));

	static Stream<Arguments> geometries() {
		return Stream
			.of(FULL_HD, RIGHT, LAPTOP, geometry("4k", new Rect(0, 0, 3840, 2160)),
					geometry("above-left", new Rect(-1280, -1024, 1280, 1024)),
					geometry("small", new Rect(100, 50, 800, 600)), geometry("odd", new Rect(7, 3, 1001, 997)),
					new ScreenGeometry("odd-ratio", new Rect(0, 0, 1001, 997), 1000, 617),
					geometry("ultrawide", new Rect(3840, 200, 3440, 1440)))
			.map(Arguments::of);
	}

	private static ScreenGeometry geometry(String id, Rect bounds) {
		return ScreenGeometry.of(new DisplayInfo(id, id, bounds, 1.0, false), ImageBudget.DEFAULT);
	}

	@ParameterizedTest
	@MethodSource("geometries")
	void everyImagePixelMapsToADistinctDesktopPointAndBack(ScreenGeometry geometry) {
		Rect bounds = geometry.bounds();
		for (int y = 0; y < geometry.imageHeight(); y++) {
			for (int x = 0; x < geometry.imageWidth(); x++) {
				Point desktop = geometry.toDesktop(x, y);
				int[] back = geometry.toImage(desktop);
				// plain checks: millions of AssertJ assertions would dominate the test
				// run
				if (back[0] != x || back[1] != y || !bounds.contains(desktop.x(), desktop.y())) {
					fail("pixel (%d, %d) -> %s -> (%d, %d) in %s", x, y, desktop, back[0], back[1], bounds);
				}
			}
		}
		// the axes map independently, so strictly increasing axes mean distinct points
		for (int x = 1; x < geometry.imageWidth(); x++) {
			assertThat(geometry.toDesktop(x, 0).x()).isGreaterThan(geometry.toDesktop(x - 1, 0).x());
		}
		for (int y = 1; y < geometry.imageHeight(); y++) {
			assertThat(geometry.toDesktop(0, y).y()).isGreaterThan(geometry.toDesktop(0, y - 1).y());
		}
	}

	@ParameterizedTest
	@MethodSource("geometries")
	void everyDesktopPointMapsIntoTheImageMonotonically(ScreenGeometry geometry) {
		Rect bounds = geometry.bounds();
		int previous = -1;
		for (int x = bounds.x(); x < bounds.right(); x++) {
			int imageX = geometry.toImage(new Point(x, bounds.y()))[0];
			assertThat(imageX).isBetween(Math.max(previous, 0), Math.min(previous + 1, geometry.imageWidth() - 1));
			previous = imageX;
		}
		assertThat(previous).isEqualTo(geometry.imageWidth() - 1);
	}

	@Test
	void fullHdGoldenValues() {
		assertThat(FULL_HD.imageWidth()).isEqualTo(1280);
		assertThat(FULL_HD.imageHeight()).isEqualTo(720);
		assertThat(FULL_HD.scaleX()).isEqualTo(1280.0 / 1920);
		assertThat(FULL_HD.scaleY()).isEqualTo(720.0 / 1080);
		// centre of image pixel 1 is at 1.5 * 1.5 = 2.25 -> logical 2
		assertThat(FULL_HD.toDesktop(0, 0)).isEqualTo(new Point(0, 0));
		assertThat(FULL_HD.toDesktop(1, 1)).isEqualTo(new Point(2, 2));
		assertThat(FULL_HD.toDesktop(640, 360)).isEqualTo(new Point(960, 540));
		assertThat(FULL_HD.toDesktop(1279, 719)).isEqualTo(new Point(1919, 1079));
		assertThat(FULL_HD.toImage(new Point(1919, 1079))).containsExactly(1279, 719);
	}

	@Test
	void offsetMonitorAddsItsOrigin() {
		assertThat(RIGHT.toDesktop(0, 0)).isEqualTo(new Point(1920, 0));
		assertThat(RIGHT.toDesktop(640, 360)).isEqualTo(new Point(2880, 540));
		assertThat(RIGHT.toImage(new Point(2880, 540))).containsExactly(640, 360);
		assertThatExceptionOfType(DeskhandException.class).isThrownBy(() -> RIGHT.toImage(new Point(1919, 540)))
			.satisfies((ex) -> assertThat(ex.code()).isEqualTo(ErrorCode.E_ARGS))
			.withMessageContaining("not on display right");
	}

	@Test
	void nearOneRatioMapsBackThroughPixelCentres() {
		// 1366 -> 1280: image pixel 1 lands on logical 1 (centre 1.5 * 1.067 = 1.6);
		// mapping logical 1 back from its left edge would give image pixel 0, from its
		// centre gives 1
		assertThat(LAPTOP.imageWidth()).isEqualTo(1280);
		assertThat(LAPTOP.imageHeight()).isEqualTo(720);
		assertThat(LAPTOP.toDesktop(1, 1)).isEqualTo(new Point(1, 1));
		assertThat(LAPTOP.toImage(new Point(1, 1))).containsExactly(1, 1);
		assertThat(LAPTOP.toDesktop(1279, 719)).isEqualTo(new Point(1365, 767));
	}

	@Test
	void coordinatesOutsideTheImageAreArgumentErrorsNotClamped() {
		int[][] outside = { { -1, 0 }, { 0, -1 }, { 1280, 0 }, { 0, 720 }, { 1280, 720 }, { -1, -1 },
				{ Integer.MAX_VALUE, 5 }, { 5, Integer.MIN_VALUE } };
		for (int[] coordinate : outside) {
			assertThatExceptionOfType(DeskhandException.class)
				.isThrownBy(() -> FULL_HD.toDesktop(coordinate[0], coordinate[1]))
				.satisfies((ex) -> assertThat(ex.code()).isEqualTo(ErrorCode.E_ARGS));
		}
		assertThatExceptionOfType(DeskhandException.class).isThrownBy(() -> FULL_HD.toDesktop(1400, 300))
			.withMessageStartingWith("coordinate [1400, 300] is outside the screenshot (1280x720); "
					+ "coordinates are screenshot image pixels of display left");
	}

	@Test
	void regionMapsToTheLogicalUnitsItCovers() {
		assertThat(FULL_HD.toDesktopRegion(0, 0, 1280, 720)).isEqualTo(new Rect(0, 0, 1920, 1080));
		// image [0, 1) covers logical [0, 1.5): units 0 and 1
		assertThat(FULL_HD.toDesktopRegion(0, 0, 1, 1)).isEqualTo(new Rect(0, 0, 2, 2));
		assertThat(FULL_HD.toDesktopRegion(1, 1, 2, 2)).isEqualTo(new Rect(1, 1, 2, 2));
		assertThat(FULL_HD.toDesktopRegion(100, 50, 300, 250)).isEqualTo(new Rect(150, 75, 300, 300));
		assertThat(RIGHT.toDesktopRegion(100, 50, 300, 250)).isEqualTo(new Rect(2070, 75, 300, 300));
		assertThat(RIGHT.toDesktopRegion(0, 0, 1280, 720)).isEqualTo(RIGHT.bounds());
	}

	@ParameterizedTest
	@MethodSource("geometries")
	void regionCoversEveryPixelItContains(ScreenGeometry geometry) {
		Random random = new Random(geometry.displayId().hashCode());
		for (int i = 0; i < 200; i++) {
			int x0 = random.nextInt(geometry.imageWidth());
			int y0 = random.nextInt(geometry.imageHeight());
			int x1 = x0 + 1 + random.nextInt(geometry.imageWidth() - x0);
			int y1 = y0 + 1 + random.nextInt(geometry.imageHeight() - y0);
			Rect region = geometry.toDesktopRegion(x0, y0, x1, y1);
			assertThat(geometry.bounds().contains(region.x(), region.y())).isTrue();
			assertThat(region.right()).isLessThanOrEqualTo(geometry.bounds().right());
			assertThat(region.bottom()).isLessThanOrEqualTo(geometry.bounds().bottom());
			for (int[] corner : new int[][] { { x0, y0 }, { x1 - 1, y1 - 1 }, { x0, y1 - 1 }, { x1 - 1, y0 } }) {
				Point p = geometry.toDesktop(corner[0], corner[1]);
				assertThat(region.contains(p.x(), p.y())).as("%s holds pixel %d,%d", region, corner[0], corner[1])
					.isTrue();
			}
			// no more than the region's own extent plus the partial units at both ends
			assertThat(region.width()).isLessThanOrEqualTo((int) Math.ceil((x1 - x0) / geometry.scaleX()) + 1);
			assertThat(region.height()).isLessThanOrEqualTo((int) Math.ceil((y1 - y0) / geometry.scaleY()) + 1);
		}
	}

	@Test
	void invalidRegionsAreArgumentErrors() {
		int[][] invalid = { { 10, 10, 10, 20 }, { 10, 10, 20, 10 }, { 20, 10, 10, 20 }, { -1, 0, 10, 10 },
				{ 0, -1, 10, 10 }, { 0, 0, 1281, 10 }, { 0, 0, 10, 721 }, { 1280, 0, 1281, 10 } };
		for (int[] r : invalid) {
			assertThatExceptionOfType(DeskhandException.class)
				.isThrownBy(() -> FULL_HD.toDesktopRegion(r[0], r[1], r[2], r[3]))
				.satisfies((ex) -> assertThat(ex.code()).isEqualTo(ErrorCode.E_ARGS))
				.withMessageContaining("region [" + r[0] + ", " + r[1] + ", " + r[2] + ", " + r[3] + "]")
				.withMessageContaining("0 <= x0 < x1 <= 1280");
		}
	}

	@Test
	void ofFitsTheBudgetToTheDisplay() {
		DisplayInfo display = new DisplayInfo("DP-1", "DP-1", new Rect(2560, 0, 2560, 1600), 1.0, true);
		assertThat(ScreenGeometry.of(display, ImageBudget.DEFAULT))
			.isEqualTo(new ScreenGeometry("DP-1", new Rect(2560, 0, 2560, 1600), 1280, 800));
	}

	@Test
	void rejectsAnImageLargerThanTheDisplay() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new ScreenGeometry("d", new Rect(0, 0, 800, 600), 801, 600));
		assertThatIllegalArgumentException().isThrownBy(() -> new ScreenGeometry("d", new Rect(0, 0, 800, 600), 0, 1));
		assertThatIllegalArgumentException().isThrownBy(() -> new ScreenGeometry("d", new Rect(0, 0, 0, 600), 1, 1));
	}

}
