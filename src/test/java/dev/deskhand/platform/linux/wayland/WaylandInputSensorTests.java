package dev.deskhand.platform.linux.wayland;

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

}
