package dev.deskhand.platform.windows;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import dev.deskhand.platform.Rect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Every pixel of a virtual desktop gets a normalized value that lands back on it, read
 * truncated or rounded; the corners are 0 and near 65535; a point outside is refused.
 */
class VirtualDeskCoordinatesTests {

	@ParameterizedTest(name = "{0},{1} {2}x{3}")
	@CsvSource({ "0, 0, 1920, 1080", "-1920, 0, 5760, 2160", "0, -768, 1366, 1536", "-3840, -1080, 7680, 2160",
			"0, 0, 1, 1", "100, 50, 2560, 1440" })
	void everyPixelLandsOnItself(int x, int y, int width, int height) {
		VirtualDeskCoordinates desk = new VirtualDeskCoordinates(new Rect(x, y, width, height));
		for (int px = x; px < x + width; px++) {
			int n = desk.normalizedX(px);
			assertThat(n).isBetween(0, 65535);
			assertThat(VirtualDeskCoordinates.landsOn(n, x, width)).as("x %d truncated", px).isEqualTo(px);
			assertThat(x + (int) Math.round((double) n * width / 65536)).as("x %d rounded", px).isEqualTo(px);
		}
		for (int py = y; py < y + height; py++) {
			assertThat(VirtualDeskCoordinates.landsOn(desk.normalizedY(py), y, height)).as("y %d", py).isEqualTo(py);
		}
		assertThat(desk.normalizedX(x)).isZero();
	}

	@ParameterizedTest(name = "{0}")
	@CsvSource({ "-1921", "3840" })
	void aPointOutsideTheVirtualDesktopIsRefused(int x) {
		VirtualDeskCoordinates desk = new VirtualDeskCoordinates(new Rect(-1920, 0, 5760, 1080));
		assertThatThrownBy(() -> desk.normalizedX(x)).isInstanceOf(IllegalArgumentException.class)
			.hasMessageContaining("outside the virtual desktop");
	}

}
