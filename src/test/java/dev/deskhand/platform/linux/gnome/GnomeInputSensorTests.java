package dev.deskhand.platform.linux.gnome;

import java.time.Duration;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;

/** When mutter's idle time means input that was not Deskhand's. */
class GnomeInputSensorTests {

	@ParameterizedTest(name = "idle {0} ms, Deskhand''s last event {1} ms ago -> {2}")
	@CsvSource({
			// Deskhand's own event explains the reset
			"100, 100, false", "100, 340, false",
			// a reset clearly after Deskhand's last event
			"100, 360, true", "0, 5000, true",
			// Deskhand never injected: any recent input is someone else's
			"100, -1, true",
			// not recent any more: the person stopped
			"500, 5000, false", "499, 5000, true",
			// Deskhand injected while the idle time was asked
			"0, -50, false" })
	void otherInputIsARecentResetClearlyAfterDeskhandsOwn(long idle, long sinceOurs, boolean other) {
		Duration since = (sinceOurs == -1) ? null : Duration.ofMillis(sinceOurs);
		assertThat(GnomeInputSensor.otherInput(Duration.ofMillis(idle), since)).isEqualTo(other);
	}

}
