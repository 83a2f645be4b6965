package dev.deskhand.ops;

import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;

import dev.deskhand.platform.DesktopDriver;
import dev.deskhand.platform.DesktopHealth;

/**
 * The {@code deskhandDriver} health component, in the liveness group: DOWN only when the
 * driver is wedged beyond repair (a native call stuck far beyond its timeout while the
 * display answers), the one state a restart of the process fixes. A display that is gone
 * or stopped leaves it UP: a restart would not bring the display back, and the driver
 * reconnects by itself when it answers again (readiness reports that through the
 * {@code deskhand} component). Never waits for the display.
 */
class DriverLivenessIndicator implements HealthIndicator {

	private final DesktopDriver driver;

	DriverLivenessIndicator(DesktopDriver driver) {
		this.driver = driver;
	}

	@Override
	public Health health() {
		DesktopHealth desktop = this.driver.health();
		if (desktop.wedged()) {
			return Health.down().withDetail("reason", desktop.reason()).build();
		}
		return Health.up().build();
	}

}
