package dev.deskhand.ops;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;

import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.boot.health.contributor.Status;

import dev.deskhand.input.FailsafeState;
import dev.deskhand.input.InputQueue;
import dev.deskhand.input.QueueState;
import dev.deskhand.platform.DesktopDriver;
import dev.deskhand.platform.elements.AccessibilityStatus;
import dev.deskhand.platform.DesktopHealth;
import dev.deskhand.platform.PlatformCheck;

/**
 * The {@code deskhand} health component: the driver, whether its display answers, the
 * input queue and the failsafe. DOWN when the display is gone, does not answer, or the
 * driver is wedged (with the reason), OUT_OF_SERVICE while the failsafe cools down (input
 * is refused, on purpose), DEGRADED while a native call is stuck past its timeout. The
 * readiness group includes it, so a load balancer stops sending agents to a desktop that
 * cannot take input. It reads what the driver last saw ({@link DesktopDriver#health()})
 * and never waits for the display itself.
 */
class DeskhandHealthIndicator implements HealthIndicator {

	static final Status DEGRADED = new Status("DEGRADED", "a native input call is stuck past its timeout");

	private final DesktopDriver driver;

	private final InputQueue queue;

	private final Supplier<FailsafeState> failsafe;

	private final Supplier<AccessibilityStatus> accessibility;

	DeskhandHealthIndicator(DesktopDriver driver, InputQueue queue, Supplier<FailsafeState> failsafe) {
		this(driver, queue, failsafe, () -> AccessibilityStatus.unavailable("no accessibility driver"));
	}

	/**
	 * @param accessibility whether the accessibility tree can be read: shown, never
	 * affecting the status (pixels still work without it)
	 */
	DeskhandHealthIndicator(DesktopDriver driver, InputQueue queue, Supplier<FailsafeState> failsafe,
			Supplier<AccessibilityStatus> accessibility) {
		this.driver = driver;
		this.queue = queue;
		this.failsafe = failsafe;
		this.accessibility = accessibility;
	}

	private Map<String, Object> accessibility() {
		AccessibilityStatus status = this.accessibility.get();
		return Map.of("available", status.available(), "detail", status.detail());
	}

	@Override
	public Health health() {
		DesktopHealth desktop = this.driver.health();
		boolean reachable = desktop.isAnswering();
		QueueState state = this.queue.state();
		FailsafeState failsafeState = this.failsafe.get();
		List<PlatformCheck> checks = this.driver.platformChecks();
		Health.Builder builder = Health.status(status(desktop, failsafeState, state, checks))
			.withDetail("driver", this.driver.name())
			.withDetail("display", this.driver.target())
			.withDetail("displayReachable", reachable)
			.withDetail("displayState", desktop.state().name().toLowerCase(Locale.ROOT))
			.withDetail("queue", state.degraded() ? "degraded" : "healthy")
			.withDetail("queueWaiting", state.waiting())
			.withDetail("queueCapacity", state.capacity())
			.withDetail("failsafe", failsafeState.tripped() ? "tripped" : "armed")
			.withDetail("failsafeSees", this.driver.failsafeSees())
			.withDetail("accessibility", accessibility());
		if (!checks.isEmpty()) {
			builder.withDetail("platformChecks",
					checks.stream()
						.map((check) -> Map.of("name", check.name(), "ok", check.ok(), "detail", check.detail()))
						.toList());
		}
		if (desktop.reason() != null) {
			builder.withDetail("displayProblem", desktop.reason());
		}
		if (desktop.wedged()) {
			builder.withDetail("driverWedged", true);
		}
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
	private static Status status(DesktopHealth desktop, FailsafeState failsafe, QueueState queue,
			List<PlatformCheck> checks) {
		if (!desktop.isAnswering() || desktop.wedged()) {
			return Status.DOWN;
		}
		if (failsafe.tripped()) {
			return Status.OUT_OF_SERVICE;
		}
		// a permission the user has not granted (macOS screen recording) refuses some
		// tools while the rest work
		boolean checkFailed = checks.stream().anyMatch((check) -> !check.ok());
		return (queue.degraded() || checkFailed) ? DEGRADED : Status.UP;
	}

}
