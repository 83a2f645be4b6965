package dev.deskhand.ops;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CountDownLatch;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.Status;

import dev.deskhand.platform.elements.AccessibilityStatus;
import dev.deskhand.fake.FakeDesktopDriver;
import dev.deskhand.fake.MutableClock;
import dev.deskhand.input.Failsafe;
import dev.deskhand.input.FailsafeProperties;
import dev.deskhand.input.FailsafeState;
import dev.deskhand.input.InputAction;
import dev.deskhand.input.InputProperties;
import dev.deskhand.input.InputQueue;
import dev.deskhand.platform.PlatformCheck;
import dev.deskhand.platform.linux.x11.X11DesktopDriver;
import dev.deskhand.testing.TestDesktop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

class DeskhandHealthIndicatorTests {

	private static final FailsafeState ARMED = new FailsafeState(false, null, null, null, 0);

	@Test
	void upWithDriverDetailsThenDegradedWhileANativeCallIsStuck() {
		FakeDesktopDriver driver = new FakeDesktopDriver();
		try (InputQueue queue = new InputQueue(driver, List.of(), new InputProperties(Duration.ofMillis(100), 4))) {
			DeskhandHealthIndicator indicator = new DeskhandHealthIndicator(driver, queue, () -> ARMED);
			Health healthy = indicator.health();
			assertThat(healthy.getStatus()).isEqualTo(Status.UP);
			assertThat(healthy.getDetails()).containsEntry("driver", "fake")
				.containsEntry("queue", "healthy")
				.containsEntry("displayReachable", true);

			CountDownLatch stuck = new CountDownLatch(1);
			driver.blockTyping = stuck;
			assertThatThrownBy(() -> queue.execute("s", new InputAction.TypeText("x")));
			Health degraded = indicator.health();
			assertThat(degraded.getStatus().getCode()).isEqualTo("DEGRADED");
			assertThat(degraded.getDetails()).containsEntry("queue", "degraded").containsEntry("stuckAction", "type");

			stuck.countDown();
			await().atMost(Duration.ofSeconds(5)).until(() -> indicator.health().getStatus().equals(Status.UP));
		}
	}

	@Test
	void anUnreadableAccessibilityTreeIsExplainedWithoutTakingTheServiceDown() {
		FakeDesktopDriver driver = new FakeDesktopDriver();
		try (InputQueue queue = new InputQueue(driver, List.of(), new InputProperties(Duration.ofSeconds(5), 4))) {
			DeskhandHealthIndicator indicator = new DeskhandHealthIndicator(driver, queue, () -> ARMED,
					() -> AccessibilityStatus.unavailable("no session bus (DBUS_SESSION_BUS_ADDRESS is not set)"));
			Health health = indicator.health();
			assertThat(health.getStatus()).isEqualTo(Status.UP);
			assertThat(health.getDetails()).containsEntry("accessibility", java.util.Map.of("available", false,
					"detail", "no session bus (DBUS_SESSION_BUS_ADDRESS is not set)"));
		}
	}

	@Test
	void aPermissionNotGrantedDegradesHealthAndSaysWhereToGrantIt() {
		FakeDesktopDriver driver = new FakeDesktopDriver() {

			@Override
			public List<PlatformCheck> platformChecks() {
				return List.of(new PlatformCheck("accessibility permission", true, "granted"),
						new PlatformCheck("screen recording permission", false,
								"not granted: System Settings > Privacy & Security > Screen Recording"));
			}

		};
		try (InputQueue queue = new InputQueue(driver, List.of(), new InputProperties(Duration.ofSeconds(5), 4))) {
			Health health = new DeskhandHealthIndicator(driver, queue, () -> ARMED).health();
			assertThat(health.getStatus().getCode()).isEqualTo("DEGRADED");
			assertThat(health.getDetails()).containsEntry("platformChecks",
					List.of(java.util.Map.of("name", "accessibility permission", "ok", true, "detail", "granted"),
							java.util.Map.of("name", "screen recording permission", "ok", false, "detail",
									"not granted: System Settings > Privacy & Security > Screen Recording")));
		}
	}

	@Test
	void outOfServiceWhileTheFailsafeCoolsDownAndUpWhenTheCooldownEnds() {
		FakeDesktopDriver driver = new FakeDesktopDriver();
		MutableClock clock = new MutableClock(Instant.parse("2026-11-30T12:00:00Z"));
		try (InputQueue queue = new InputQueue(driver, List.of(), new InputProperties(Duration.ofSeconds(5), 4))) {
			Failsafe failsafe = new Failsafe(driver, queue,
					new FailsafeProperties("ctrl+alt+Escape", false, Duration.ofSeconds(30), Duration.ofMillis(20)),
					new SimpleMeterRegistry(), clock, List.of());
			DeskhandHealthIndicator indicator = new DeskhandHealthIndicator(driver, queue, failsafe::state);
			failsafe.trip("operator", "operator");
			Health tripped = indicator.health();
			assertThat(tripped.getStatus()).isEqualTo(Status.OUT_OF_SERVICE);
			assertThat(tripped.getDetails()).containsEntry("failsafe", "tripped")
				.containsEntry("failsafeReason", "operator")
				.containsEntry("failsafeUntil", "2026-11-30T12:00:30Z")
				.containsEntry("displayReachable", true);

			clock.advance(Duration.ofSeconds(30));
			Health armed = indicator.health();
			assertThat(armed.getStatus()).isEqualTo(Status.UP);
			assertThat(armed.getDetails()).containsEntry("failsafe", "armed")
				.containsEntry("failsafeSees",
						"the keyboard's and the pointer's physical state, read from the display server")
				.doesNotContainKey("failsafeReason");
		}
	}

	@Test
	void aGoneDisplayIsDownEvenWhileTheFailsafeIsTripped() {
		FakeDesktopDriver driver = new FakeDesktopDriver() {

			@Override
			public boolean reachable() {
				return false;
			}

		};
		try (InputQueue queue = new InputQueue(driver, List.of(), new InputProperties(Duration.ofSeconds(5), 4))) {
			FailsafeState tripped = new FailsafeState(true, "operator", Instant.EPOCH, Instant.MAX, 1);
			Health health = new DeskhandHealthIndicator(driver, queue, () -> tripped).health();
			assertThat(health.getStatus()).isEqualTo(Status.DOWN);
			assertThat(health.getDetails()).containsEntry("displayReachable", false);
		}
	}

	@Test
	void downWhenTheRealXServerGoesAway() {
		TestDesktop desktop = TestDesktop.start("800x600x24");
		boolean stopped = false;
		try (X11DesktopDriver driver = X11DesktopDriver.connect(desktop.display());
				InputQueue queue = new InputQueue(driver, List.of(), new InputProperties(Duration.ofSeconds(5), 4))) {
			DeskhandHealthIndicator indicator = new DeskhandHealthIndicator(driver, queue, () -> ARMED);
			Health up = indicator.health();
			assertThat(up.getStatus()).isEqualTo(Status.UP);
			assertThat(up.getDetails()).containsEntry("driver", driver.name())
				.containsEntry("display", desktop.display())
				.containsEntry("displayReachable", true);

			desktop.close();
			stopped = true;
			// health reads what the driver's heartbeat saw last: it never waits for the
			// display
			await().atMost(Duration.ofSeconds(15)).until(() -> indicator.health().getStatus().equals(Status.DOWN));
			Health down = indicator.health();
			assertThat(down.getDetails()).containsEntry("displayReachable", false)
				.containsEntry("displayState", "gone")
				.hasEntrySatisfying("displayProblem",
						(problem) -> assertThat(problem.toString()).contains(desktop.display()));
		}
		finally {
			if (!stopped) {
				desktop.close();
			}
		}
	}

}
