package dev.deskhand.platform.linux.atspi;

import java.time.Duration;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;

import dev.deskhand.platform.elements.AccessibilityProperties;
import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.elements.AccessibilityStatus;
import dev.deskhand.platform.elements.ElementQuery;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Without a bus the driver says how to get one, fast, and refuses calls with that
 * sentence.
 */
class AtspiStatusTests {

	private static final AccessibilityProperties PROPERTIES = new AccessibilityProperties(Duration.ofSeconds(2), true);

	@Test
	void noSessionBusIsUnavailableWithHowToEnableIt() {
		try (AtspiAccessibilityDriver driver = AtspiConfiguration.create(Map.of(), PROPERTIES)) {
			AccessibilityStatus status = driver.status();
			assertThat(status.available()).isFalse();
			assertThat(status.detail()).contains("DBUS_SESSION_BUS_ADDRESS is not set")
				.contains("at-spi2-core")
				.contains("--force-renderer-accessibility")
				.contains("ACCESSIBILITY_ENABLED=1");
			assertThatThrownBy(() -> driver.list(query())).isInstanceOfSatisfying(DeskhandException.class, (ex) -> {
				assertThat(ex.code()).isEqualTo(ErrorCode.E_UNSUPPORTED);
				assertThat(ex.getMessage()).contains("DBUS_SESSION_BUS_ADDRESS is not set");
			});
		}
	}

	@Test
	void aSessionBusThatIsNotThereIsUnavailableAtOnce() {
		try (AtspiAccessibilityDriver driver = AtspiConfiguration
			.create(Map.of("DBUS_SESSION_BUS_ADDRESS", "unix:path=/nonexistent/deskhand-bus"), PROPERTIES)) {
			long started = System.nanoTime();
			AccessibilityStatus status = driver.status();
			assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(5));
			assertThat(status.available()).isFalse();
			assertThat(status.detail()).contains("unix:path=/nonexistent/deskhand-bus").contains("at-spi2-core");
		}
	}

	@Test
	void anAccessibilityBusAddressThatIsNotThereIsUnavailable() {
		try (AtspiAccessibilityDriver driver = AtspiConfiguration
			.create(Map.of("AT_SPI_BUS_ADDRESS", "unix:path=/nonexistent/deskhand-a11y"), PROPERTIES)) {
			assertThat(driver.status().available()).isFalse();
			assertThat(driver.status().detail()).contains("unix:path=/nonexistent/deskhand-a11y is not there")
				.contains("at-spi2-core");
		}
	}

	private static ElementQuery query() {
		return new ElementQuery(null, null, Set.of(), null, null, Set.of(), true, true, 10);
	}

}
