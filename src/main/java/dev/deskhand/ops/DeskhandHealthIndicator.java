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
 * The {@code deskhand} health component: the driver, whether its display answers, the
 * input queue and the failsafe. DOWN when the display is gone, OUT_OF_SERVICE while the
 * failsafe cools down (input is refused, on purpose), DEGRADED while a native call is
 * stuck past its timeout. The readiness group includes it, so a load balancer stops
 * sending agents to a desktop that cannot take input.
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
		FailsafeState failsafeState = this.failsafe.get();
		Health.Builder builder = Health.status(status(reachable, failsafeState, state))
			.withDetail("driver", this.driver.name())
			.withDetail("display", this.driver.target())
			.withDetail("displayReachable", reachable)
			.withDetail("queue", state.degraded() ? "degraded" : "healthy")
			.withDetail("queueWaiting", state.waiting())
			.withDetail("queueCapacity", state.capacity())
			.withDetail("failsafe", failsafeState.tripped() ? "tripped" : "armed");
		if (failsafeState.tripped()) {
			builder.withDetail("failsafeReason", failsafeState.reason())
				.withDetail("failsafeUntil", String.valueOf(failsafeState.until()));
		}
		if (state.stuck() != null) {
			builder.withDetail("stuckAction", state.stuck());
		}
		return builder.build();
	}

	// The worst first, in the order management.endpoint.health.status.order aggregates
	// them.
	private static Status status(boolean reachable, FailsafeState failsafe, QueueState queue) {
		if (!reachable) {
			return Status.DOWN;
		}
		if (failsafe.tripped()) {
			return Status.OUT_OF_SERVICE;
		}
		return queue.degraded() ? DEGRADED : Status.UP;
	}

}
