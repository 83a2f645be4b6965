package dev.deskhand.ops;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;

import org.junit.jupiter.api.Test;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.Status;

import dev.deskhand.fake.FakeDesktopDriver;
import dev.deskhand.input.FailsafeState;
import dev.deskhand.input.InputAction;
import dev.deskhand.input.InputProperties;
import dev.deskhand.input.InputQueue;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

class DeskhandHealthIndicatorTest {

	@Test
	void upWithDriverDetailsThenDegradedWhileANativeCallIsStuck() {
		FakeDesktopDriver driver = new FakeDesktopDriver();
		try (InputQueue queue = new InputQueue(driver, List.of(), new InputProperties(Duration.ofMillis(100), 4))) {
			DeskhandHealthIndicator indicator = new DeskhandHealthIndicator(driver, queue,
					() -> new FailsafeState(false, null, null, null, 0));
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

}
