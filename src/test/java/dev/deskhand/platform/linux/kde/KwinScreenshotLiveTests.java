package dev.deskhand.platform.linux.kde;

import java.time.Duration;

import org.junit.jupiter.api.Test;

import dev.deskhand.platform.Frame;
import dev.deskhand.testing.KwinDriverWitness;
import dev.deskhand.testing.KwinSession;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * ScreenShot2 through Deskhand's own fd-passing D-Bus client, checked against what the
 * GTK witness paints where KWin's rule put it: grey, a red 20x20 square at window-local
 * (100,100), a blue one at (300,200).
 */
class KwinScreenshotLiveTests {

	@Test
	void captureScreenShowsTheWitnessesPaintedPatternWhereKwinPlacedIt() {
		KwinSession kwin = KwinSession.shared();
		try (KwinDriverWitness witness = KwinDriverWitness.open(kwin, KwinSession.WITNESS_APP_ID);
				KwinScreenshot screenshot = new KwinScreenshot(kwin.environment(), Duration.ofSeconds(10))) {
			int left = KwinSession.WITNESS_RECT.x();
			int top = KwinSession.WITNESS_RECT.y();
			for (int round = 0; round < 2; round++) {
				Frame frame = screenshot.captureScreen("Virtual-0");
				assertThat(frame.width()).isEqualTo(1280);
				assertThat(frame.height()).isEqualTo(800);
				assertThat(frame.rgb(left + 100, top + 100)).isEqualTo(0xff0000);
				assertThat(frame.rgb(left + 119, top + 119)).isEqualTo(0xff0000);
				assertThat(frame.rgb(left + 99, top + 100)).isEqualTo(0x808080);
				assertThat(frame.rgb(left + 120, top + 119)).isEqualTo(0x808080);
				assertThat(frame.rgb(left + 300, top + 200)).isEqualTo(0x0000ff);
				assertThat(frame.rgb(left + 10, top + 10)).isEqualTo(0x808080);
			}
		}
	}

}
