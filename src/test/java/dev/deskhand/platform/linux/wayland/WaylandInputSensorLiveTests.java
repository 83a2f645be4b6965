package dev.deskhand.platform.linux.wayland;

import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.Point;
import dev.deskhand.testing.Pause;
import dev.deskhand.testing.SwaySession;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The failsafe sensor against the rig's sway: wtype, a virtual keyboard run as the
 * compositor's user, presses the chord; sway's binding event is the only way the sensor
 * can know.
 */
class WaylandInputSensorLiveTests {

	private static final List<String> CHORD = List.of("Super_L", "Control_L", "Escape");

	/**
	 * wtype's first key can be lost while the seat gains the keyboard it creates: a short
	 * sleep first gives clients time to bind it.
	 */
	private static final List<String> PRESS_CHORD = List.of("wtype", "-s", "150", "-M", "logo", "-M", "ctrl", "-k",
			"Escape", "-m", "ctrl", "-m", "logo");

	private SwaySession sway;

	private WaylandInputSensor sensor;

	@BeforeEach
	void open() {
		this.sway = SwaySession.shared();
		this.sensor = WaylandInputSensor.open(this.sway.swaySocket(), Duration.ofSeconds(5), CHORD,
				() -> new Point(12, 34));
	}

	@AfterEach
	void close() {
		this.sensor.close();
		// the rig's config declares the same binding; the sensor's close removed it
		this.sway.ipcOrFail("bindsym --no-repeat " + SwaySession.FAILSAFE_BINDING + " nop deskhand-failsafe");
	}

	@Test
	void theChordPressedOnAVirtualKeyboardReadsAsHeldForAMoment() {
		assertThat(this.sensor.isHeld(List.of("Escape"))).isFalse();
		this.sway.run(PRESS_CHORD).requireSuccess();
		long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
		while (!this.sensor.isHeld(List.of("Control_L")) && System.nanoTime() < deadline) {
			Pause.millis(5);
		}
		assertThat(this.sensor.isHeld(List.of("Control_L"))).isTrue();
		assertThat(this.sensor.isHeld(List.of("Control_R"))).as("either hand's Ctrl").isTrue();
		assertThat(this.sensor.isHeld(List.of("Super_L", "Escape"))).isTrue();
		assertThat(this.sensor.isHeld(List.of("Shift_L"))).as("not in the chord").isFalse();
		assertThat(this.sensor.coverage()).contains("Mod4+Ctrl+Escape").contains("watched");
		// a binding tells when the chord was pressed, not how long: it lapses
		Pause.millis(WaylandInputSensor.HELD_FOR.toMillis() + 200);
		assertThat(this.sensor.isHeld(List.of("Control_L"))).isFalse();
	}

	@Test
	void aChordTheConfigDoesNotBindIsBoundByTheSensorAndUnboundOnClose() {
		List<String> press = List.of("wtype", "-s", "150", "-M", "ctrl", "-M", "alt", "-k", "F12", "-m", "alt", "-m",
				"ctrl");
		try (WaylandInputSensor own = WaylandInputSensor.open(this.sway.swaySocket(), Duration.ofSeconds(5),
				List.of("Control_L", "Alt_L", "F12"), () -> new Point(0, 0))) {
			this.sway.run(press).requireSuccess();
			long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
			while (!own.isHeld(List.of("F12")) && System.nanoTime() < deadline) {
				Pause.millis(5);
			}
			assertThat(own.isHeld(List.of("Alt_L"))).isTrue();
			assertThat(this.sensor.isHeld(List.of("Escape"))).as("the other chord's sensor").isFalse();
		}
		// unbound: sway answers that no such binding exists any more
		assertThat(this.sway.ipc("unbindsym Ctrl+Mod1+F12")).contains("\"success\": false");
	}

	@Test
	void aChordSwayCannotBindFailsToOpenWithSwaysReason() {
		assertThatThrownBy(() -> WaylandInputSensor.open(this.sway.swaySocket(), Duration.ofSeconds(5),
				List.of("Control_L", "NoSuchKeysym"), () -> new Point(0, 0)))
			.isInstanceOfSatisfying(DeskhandException.class, (ex) -> assertThat(ex.code()).isEqualTo(ErrorCode.E_ARGS))
			.hasMessageContaining("Ctrl+NoSuchKeysym")
			.hasMessageContaining("deskhand.failsafe.chord");
	}

	@Test
	void otherKeysDoNotTripItAndThePointerIsTheDriversLast() {
		this.sway.run(List.of("wtype", "-s", "150", "-M", "ctrl", "-k", "Escape", "-m", "ctrl")).requireSuccess();
		Pause.millis(300);
		assertThat(this.sensor.isHeld(List.of("Control_L"))).isFalse();
		assertThat(this.sensor.pointerPosition()).isEqualTo(new Point(12, 34));
	}

}
