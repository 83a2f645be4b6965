package dev.deskhand.platform.linux.wayland;

import dev.deskhand.platform.linux.wayland.sway.SwayIpc;

import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class WaylandInputSensorTests {

	@Test
	void theChordBecomesASwayBindingWithSwaysModifierNames() {
		assertThat(WaylandInputSensor.bindingFor(List.of("Control_L", "Alt_L", "Escape")))
			.isEqualTo("Ctrl+Mod1+Escape");
		assertThat(WaylandInputSensor.bindingFor(List.of("Super_L", "Control_R", "Escape")))
			.isEqualTo("Mod4+Ctrl+Escape");
		assertThat(WaylandInputSensor.bindingFor(List.of("Shift_L", "Shift_R", "ISO_Level3_Shift", "F12")))
			.isEqualTo("Shift+Mod5+F12");
		assertThatThrownBy(() -> WaylandInputSensor.bindingFor(List.of())).hasMessageContaining("no keys");
	}

	@Test
	void onlyTheChordsOwnBindingEventCounts() throws Exception {
		// the event sway 1.7 sent for `wtype -M logo -M ctrl -k Escape` (feasibility
		// note, section 7)
		String event = """
				{"change":"run","binding":{"command":"nop deskhand-failsafe","event_state_mask":["Control","Mod4"],
				 "input_code":0,"symbol":"Escape","input_type":"keyboard"}}""";
		try (WaylandInputSensor sensor = WaylandInputSensor.open(java.nio.file.Path.of("/nonexistent/sway.sock"),
				java.time.Duration.ofMillis(200), List.of("Super_L", "Control_L", "Escape"),
				() -> new dev.deskhand.platform.Point(0, 0))) {
			assertThat(sensor.isOurs(SwayIpc.JSON.readTree(event).path("binding"))).isTrue();
			assertThat(sensor.isOurs(SwayIpc.JSON.readTree(event.replace("Escape", "F12")).path("binding"))).isFalse();
			assertThat(sensor.isOurs(SwayIpc.JSON.readTree(event.replace("\"Mod4\"", "\"Mod1\"")).path("binding")))
				.isFalse();
			assertThat(
					sensor.isOurs(SwayIpc.JSON.readTree(event.replace("deskhand-failsafe", "other")).path("binding")))
				.isFalse();
			assertThat(sensor.coverage()).contains("NOT watched");
		}
	}

}
