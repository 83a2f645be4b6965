package dev.deskhand.screen;

import java.time.Clock;
import java.time.Duration;

import org.junit.jupiter.api.Test;

import dev.deskhand.fake.FakeDesktopDriver;

import static org.assertj.core.api.Assertions.assertThat;

/** screenshot_after waits for two captures alike instead of sleeping a fixed time. */
class SettledScreenshotTests {

	private final FakeDesktopDriver driver = new FakeDesktopDriver();

	private final ScreenService screen = new ScreenService(this.driver,
			new ScreenshotProperties(1280, 800, 1_150_000, "png", 0.8f, Duration.ofMillis(300), true),
			Clock.systemUTC());

	@Test
	void aStableScreenNeedsTwoCaptures() {
		this.screen.settledScreenshot("s", null, null, Duration.ofSeconds(2));
		assertThat(this.driver.captures.get()).isEqualTo(2);
	}

	@Test
	void aChangingScreenIsCapturedUntilItStops() {
		this.driver.changingCaptures.set(3);
		this.screen.settledScreenshot("s", null, null, Duration.ofSeconds(2));
		// Three captures that each differ, then two alike.
		assertThat(this.driver.captures.get()).isEqualTo(5);
	}

	@Test
	void aScreenThatNeverSettlesIsCapturedOnlyUntilTheBound() {
		this.driver.changingCaptures.set(1_000);
		assertThat(this.screen.settledScreenshot("s", null, null, Duration.ofMillis(200)).width()).isEqualTo(1280);
		// It returns the latest capture at the bound: a few captures, far from the 1,000
		// changes.
		assertThat(this.driver.captures.get()).isBetween(1, 10);
	}

}
