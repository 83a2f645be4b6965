package dev.deskhand.platform.linux.gnome;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.DisplayInfo;
import dev.deskhand.platform.Rect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * {@link MutterStreamPoint} on the GNOME rig's layout: {@code Meta-0} 1280x800 pixels at
 * 1.25 (layout (0,0) 1024x640) beside {@code Meta-1} 1024x768 at 1 (layout (1024,0)).
 * GnomeInputLiveTests checks the same mapping against a witness window.
 */
class MutterStreamPointTests {

	private static final List<DisplayInfo> RIG = List.of(
			new DisplayInfo("Meta-0", "Meta-0", new Rect(0, 0, 1024, 640), 1.25, true),
			new DisplayInfo("Meta-1", "Meta-1", new Rect(1024, 0, 1024, 768), 1.0, false));

	@Test
	void aPointOnTheScaledDisplayGoesToItsStreamInItsPixels() {
		assertThat(MutterStreamPoint.of(RIG, 80, 80)).isEqualTo(new MutterStreamPoint("Meta-0", 100, 100));
		assertThat(MutterStreamPoint.of(RIG, 1023, 639)).isEqualTo(new MutterStreamPoint("Meta-0", 1278.75, 798.75));
	}

	@Test
	void aPointOnTheSecondDisplayIsRelativeToItsOrigin() {
		assertThat(MutterStreamPoint.of(RIG, 1024, 0)).isEqualTo(new MutterStreamPoint("Meta-1", 0, 0));
		assertThat(MutterStreamPoint.of(RIG, 1024 + 401, 767)).isEqualTo(new MutterStreamPoint("Meta-1", 401, 767));
	}

	@Test
	void aPointOnNoDisplayIsAnArgumentError() {
		// below the shorter Meta-0, and off the desktop
		for (int[] point : new int[][] { { 500, 700 }, { -1, 5 }, { 2048, 10 } }) {
			assertThatThrownBy(() -> MutterStreamPoint.of(RIG, point[0], point[1]))
				.isInstanceOfSatisfying(DeskhandException.class,
						(ex) -> assertThat(ex.code()).isEqualTo(ErrorCode.E_ARGS))
				.hasMessageContaining("is on no display")
				.hasMessageContaining("Meta-1");
		}
	}

}
