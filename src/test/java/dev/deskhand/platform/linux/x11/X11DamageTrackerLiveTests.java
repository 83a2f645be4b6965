package dev.deskhand.platform.linux.x11;

import java.time.Duration;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import dev.deskhand.platform.Rect;
import dev.deskhand.platform.ScreenDamage;
import dev.deskhand.testing.TestDesktop;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The damage tracker against the shared Xvfb, with another X client (xsetroot) drawing:
 * the drawing shows up as damage for every consumer, and the DamageNotify events it
 * causes do not pile up on the observation connection.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class X11DamageTrackerLiveTests {

	private static final Duration QUICK = Duration.ofSeconds(10);

	private TestDesktop desktop;

	private X11DesktopDriver driver;

	private Rect screen;

	@BeforeAll
	void connect() {
		this.desktop = TestDesktop.shared();
		this.driver = X11DesktopDriver.connect(this.desktop.display());
		this.screen = new Rect(0, 0, 1920, 1080);
	}

	@AfterAll
	void disconnect() {
		if (this.driver != null) {
			this.driver.close();
		}
	}

	@Test
	void anotherClientsDrawingIsDamageForEveryConsumer() {
		X11DamageTracker tracker = this.driver.x11Capture().damageTracker();
		assertThat(this.driver.capture().takeDamage("first", this.screen)).isEqualTo(ScreenDamage.UNKNOWN);
		assertThat(this.driver.capture().takeDamage("second", this.screen)).isEqualTo(ScreenDamage.UNKNOWN);
		assertThat(tracker.isTracking()).isTrue();
		this.desktop.run(QUICK, "xsetroot", "-solid", "#305070").requireSuccess("xsetroot");
		ScreenDamage first = this.driver.capture().takeDamage("first", this.screen);
		ScreenDamage second = this.driver.capture().takeDamage("second", this.screen);
		assertThat(first.unknown()).isFalse();
		assertThat(first.areas()).as("the root background's damage").isNotEmpty();
		assertThat(second.areas()).isEqualTo(first.areas());
		assertThat(first.areas()).allSatisfy((area) -> {
			assertThat(area.x()).isBetween(0, 1919);
			assertThat(area.bottom()).isBetween(1, 1080);
		});
	}

	@Test
	void damageEventsDoNotPileUpOnTheConnection() {
		X11DamageTracker tracker = this.driver.x11Capture().damageTracker();
		this.driver.capture().takeDamage("events", this.screen);
		long fetchesBefore = tracker.fetches();
		for (int round = 0; round < 15; round++) {
			this.desktop.run(QUICK, "xsetroot", "-solid", (round % 2 == 0) ? "#102030" : "#302010")
				.requireSuccess("xsetroot");
			assertThat(this.driver.capture().takeDamage("events", this.screen).areas()).as("round %d", round)
				.isNotEmpty();
			// at most the one DamageNotify of drawing after the last fetch; without
			// draining, one per round
			assertThat(tracker.queuedEvents()).as("events queued after round %d", round).isLessThanOrEqualTo(1);
		}
		assertThat(tracker.fetches()).isEqualTo(fetchesBefore + 15);
	}

	@Test
	void aNewConnectionMakesEveryConsumerCaptureEverythingOnce() {
		try (X11SharedConnection observe = new X11SharedConnection(this.desktop.display(), "damage-test", null)) {
			X11DamageTracker tracker = new X11DamageTracker(observe);
			tracker.take("a", this.screen);
			tracker.take("b", this.screen);
			assertThat(tracker.take("a", this.screen).unknown()).isFalse();
			// as when the X server dropped the connection: the next call opens a new one
			observe.call((connection) -> {
				connection.markBroken();
				return null;
			});
			assertThat(tracker.take("a", this.screen)).isEqualTo(ScreenDamage.UNKNOWN);
			assertThat(tracker.take("b", this.screen)).isEqualTo(ScreenDamage.UNKNOWN);
			assertThat(tracker.take("a", this.screen).unknown()).isFalse();
			assertThat(tracker.isTracking()).isTrue();
			tracker.close();
		}
	}

}
