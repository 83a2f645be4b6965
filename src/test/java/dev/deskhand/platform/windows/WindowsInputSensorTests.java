package dev.deskhand.platform.windows;

import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.Point;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The failsafe's sensor asks for each key of the chord by its sided virtual key and keeps
 * the last pointer position while Windows reports none.
 */
class WindowsInputSensorTests {

	@Test
	void aChordIsHeldWhenEverySidedKeyIsDown() {
		Set<Integer> down = Set.of(0xA2, 0xA4, 0x1B);
		WindowsInputSensor sensor = new WindowsInputSensor(down::contains, () -> new Point(1, 2));
		assertThat(sensor.isHeld(List.of("Control_L", "Alt_L", "Escape"))).isTrue();
		assertThat(sensor.isHeld(List.of("Control_R", "Alt_L", "Escape"))).isFalse();
		assertThatThrownBy(() -> sensor.isHeld(List.of("eacute"))).isInstanceOf(DeskhandException.class)
			.hasMessageContaining("unknown key name 'eacute'");
	}

	@Test
	void keepsTheLastPositionOnALockedWorkstation() {
		boolean[] locked = { false };
		WindowsInputSensor sensor = new WindowsInputSensor((vk) -> false, () -> {
			if (locked[0]) {
				throw new DeskhandException(ErrorCode.E_NO_DESKTOP, "locked");
			}
			return new Point(-50, 20);
		});
		assertThat(sensor.pointerPosition()).isEqualTo(new Point(-50, 20));
		locked[0] = true;
		assertThat(sensor.pointerPosition()).isEqualTo(new Point(-50, 20));
	}

}
