package dev.deskhand.screen;

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
import static org.assertj.core.api.Assertions.fail;

/**
 * Gemini's 0-999 grid over a screenshot ({@link CoordinateSpace#GRID_1000}): cells map to
 * the desktop through their centres, and the desktop maps back to the cell it lies in.
 */
class GridCoordinatesTests {

	private static final ModelProfile GEMINI = new ModelProfile("gemini", new ImageBudget(1440, 900, 1_296_000),
			CoordinateSpace.GRID_1000, ImageFormat.PNG, 0.8f);

	static Stream<Arguments> displays() {
		return Stream
			.of(new Rect(0, 0, 1920, 1080), new Rect(1920, 0, 1920, 1080), new Rect(0, 0, 3840, 2160),
					new Rect(-1280, -1024, 1280, 1024), new Rect(0, 0, 1366, 768), new Rect(5, 7, 640, 480),
					new Rect(0, 0, 1000, 1000))
			.map(Arguments::of);
	}

	private static ScreenGeometry grid(Rect bounds) {
		return ScreenGeometry.of(new DisplayInfo("d", "d", bounds, 1.0, true), GEMINI);
	}

	@ParameterizedTest
	@MethodSource("displays")
	void everyCellLandsInsideItselfAndMapsBack(Rect bounds) {
		ScreenGeometry geometry = grid(bounds);
		assertThat(geometry.space()).isEqualTo(CoordinateSpace.GRID_1000);
		assertThat(geometry.extentX()).isEqualTo(1000);
		for (int g = 0; g < 1000; g++) {
			Point point = geometry.toDesktop(g, 999 - g);
			// the cell's own span on the display: [g * size / 1000, (g + 1) * size /
			// 1000)
			double left = bounds.x() + g * bounds.width() / 1000.0;
			double right = bounds.x() + (g + 1) * bounds.width() / 1000.0;
			if (point.x() < Math.floor(left) || point.x() >= Math.ceil(right)
					|| !bounds.contains(point.x(), point.y())) {
				fail("cell %d -> %s outside [%f, %f) of %s", g, point, left, right, bounds);
			}
			int[] back = geometry.toImage(point);
			// finer than the display (640 px, 1000 cells): the unit's centre lies in
			// a neighbouring cell at most
			if (Math.abs(back[0] - g) > ((bounds.width() < 1000) ? 1 : 0)) {
				fail("cell %d -> %s -> %d on %s", g, point, back[0], bounds);
			}
		}
	}

	@Test
	void theGridIsSpreadOverTheWholeDisplayWhateverTheImageSize() {
		// Gemini's own rule: x_pixel = x / 1000 * width
		ScreenGeometry geometry = grid(new Rect(0, 0, 1920, 1080));
		assertThat(geometry.imageWidth()).isEqualTo(1440);
		assertThat(geometry.toDesktop(500, 500)).isEqualTo(new Point(960, 540));
		assertThat(geometry.toDesktop(0, 0)).isEqualTo(new Point(0, 0));
		assertThat(geometry.toDesktop(999, 999)).isEqualTo(new Point(1919, 1079));
		assertThat(geometry.toImage(new Point(1919, 1079))).containsExactly(999, 999);
		assertThat(geometry.toDesktopRegion(0, 0, 1000, 1000)).isEqualTo(new Rect(0, 0, 1920, 1080));
		assertThat(geometry.toDesktopRegion(250, 500, 500, 750)).isEqualTo(new Rect(480, 540, 480, 270));
	}

	@Test
	void aRectangleOfCellsIsDrawnOverTheImagePixelsItCovers() {
		ScreenGeometry geometry = grid(new Rect(0, 0, 1920, 1080));
		// 1440x810 image: a cell is 1.44 x 0.81 image pixels
		assertThat(geometry.toImagePixels(500, 500, 100, 100)).containsExactly(720, 405, 144, 81);
		assertThat(geometry.toImagePixels(0, 0, 1000, 1000)).containsExactly(0, 0, 1440, 810);
		assertThat(geometry.toImagePixels(1, 1, 1, 1)).containsExactly(1, 0, 2, 2);
		ScreenGeometry pixels = ScreenGeometry.of(new DisplayInfo("d", "d", new Rect(0, 0, 1920, 1080), 1.0, true),
				ImageBudget.DEFAULT);
		assertThat(pixels.toImagePixels(10, 20, 30, 40)).containsExactly(10, 20, 30, 40);
	}

	@Test
	void aCellOutsideTheGridIsRefusedNamingTheGrid() {
		ScreenGeometry geometry = grid(new Rect(0, 0, 1920, 1080));
		assertThatExceptionOfType(DeskhandException.class).isThrownBy(() -> geometry.toDesktop(1000, 10))
			.satisfies((ex) -> assertThat(ex.code()).isEqualTo(ErrorCode.E_ARGS))
			.withMessageContaining("0-999 grid")
			.withMessageContaining("x from 0 to 999");
		// an image pixel that would be inside a 1440-wide image is still outside the grid
		assertThatExceptionOfType(DeskhandException.class).isThrownBy(() -> geometry.toDesktop(1200, 10));
		assertThatExceptionOfType(DeskhandException.class).isThrownBy(() -> geometry.toDesktopRegion(0, 0, 1001, 10))
			.withMessageContaining("1000x1000");
	}

	@Test
	void pixelGeometriesAreUnchanged() {
		ScreenGeometry pixels = ScreenGeometry.of(new DisplayInfo("d", "d", new Rect(0, 0, 1920, 1080), 1.0, true),
				ImageBudget.DEFAULT);
		assertThat(pixels.space()).isEqualTo(CoordinateSpace.PIXELS);
		assertThat(pixels.extentX()).isEqualTo(1280);
		assertThat(pixels.toDesktop(640, 360)).isEqualTo(new Point(960, 540));
		assertThatExceptionOfType(DeskhandException.class).isThrownBy(() -> pixels.toDesktop(1280, 0))
			.withMessageContaining("screenshot image pixels");
	}

}
