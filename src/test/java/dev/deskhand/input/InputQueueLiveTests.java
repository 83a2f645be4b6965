package dev.deskhand.input;

import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.platform.MouseButton;
import dev.deskhand.platform.Point;
import dev.deskhand.platform.linux.x11.X11DesktopDriver;
import dev.deskhand.testing.TestDesktop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The queue's failure path with the real X11 driver: an action that fails at run time,
 * after it pressed a button and a modifier, leaves nothing down, by the X server's own
 * account read on an independent connection.
 */
class InputQueueLiveTests {

	private static X11DesktopDriver driver;

	private static InputQueue queue;

	@BeforeAll
	static void connect() {
		driver = X11DesktopDriver.connect(TestDesktop.shared().display());
		queue = new InputQueue(driver, List.of(), new InputProperties(Duration.ofSeconds(5), 8));
	}

	@AfterAll
	static void close() {
		if (queue != null) {
			queue.close();
		}
		if (driver != null) {
			driver.close();
		}
	}

	@Test
	void aFailureMidBatchLeavesNoKeyOrButtonDown() {
		TestDesktop desktop = TestDesktop.shared();
		// Button 1 goes down and stays down by design (left_mouse_down), Control_L goes
		// down as the first key of a chord whose second key does not exist: the driver
		// fails at run time.
		List<InputAction> batch = List.of(
				new InputAction.Button("left_mouse_down", new Point(50, 50), MouseButton.LEFT, true),
				new InputAction.PressKeys(new KeyChord(List.of("Control_L", "NoSuchKeysym_Deskhand")), 1));
		assertThatThrownBy(() -> queue.execute("s", batch)).isInstanceOf(DeskhandException.class)
			.hasMessageContaining("action 2 of 2");
		assertThat(desktop.keysDown()).isEmpty();
		assertThat(desktop.buttonsDownMask()
				& (TestDesktop.BUTTON1_MASK | TestDesktop.BUTTON2_MASK | TestDesktop.BUTTON3_MASK))
			.isZero();
	}

	@Test
	void aHeldButtonStaysDownUntilReleasedWhenNothingFails() {
		TestDesktop desktop = TestDesktop.shared();
		queue.execute("s", new InputAction.Button("left_mouse_down", new Point(60, 60), MouseButton.LEFT, true));
		assertThat(desktop.buttonsDownMask() & TestDesktop.BUTTON1_MASK).isNotZero();
		queue.execute("s", new InputAction.Button("left_mouse_up", null, MouseButton.LEFT, false));
		assertThat(desktop.buttonsDownMask() & TestDesktop.BUTTON1_MASK).isZero();
	}

}
