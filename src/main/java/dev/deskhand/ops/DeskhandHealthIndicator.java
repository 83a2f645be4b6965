package dev.deskhand.ops;

import java.util.function.Supplier;

import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.boot.health.contributor.Status;

import dev.deskhand.input.FailsafeState;
import dev.deskhand.input.InputQueue;
import dev.deskhand.input.QueueState;
import dev.deskhand.platform.DesktopDriver;

/**
 * The {@code deskhand} health component: the driver, whether its display answers, and the input
 * queue (DEGRADED while a native call is stuck past its timeout).
 */
class DeskhandHealthIndicator implements HealthIndicator {

	static final Status DEGRADED = new Status("DEGRADED", "a native input call is stuck past its timeout");

	private final DesktopDriver driver;

	private final InputQueue queue;

	private final Supplier<FailsafeState> failsafe;

	DeskhandHealthIndicator(DesktopDriver driver, InputQueue queue, Supplier<FailsafeState> failsafe) {
		this.driver = driver;
		this.queue = queue;
		this.failsafe = failsafe;
	}

	@Override
	public Health health() {
		boolean reachable = this.driver.reachable();
		QueueState state = this.queue.state();
		Status status = !reachable ? Status.DOWN : (state.degraded() ? DEGRADED : Status.UP);
		Health.Builder builder = Health.status(status)
			.withDetail("driver", this.driver.name())
			.withDetail("display", this.driver.target())
			.withDetail("displayReachable", reachable)
			.withDetail("queue", state.degraded() ? "degraded" : "healthy")
			.withDetail("queueWaiting", state.waiting())
			.withDetail("queueCapacity", state.capacity())
			.withDetail("failsafe", this.failsafe.get().tripped() ? "tripped" : "armed");
		if (state.stuck() != null) {
			builder.withDetail("stuckAction", state.stuck());
		}
		return builder.build();
	}

}
