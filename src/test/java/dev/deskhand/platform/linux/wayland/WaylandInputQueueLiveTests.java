package dev.deskhand.platform.linux.wayland;

import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.input.InputAction;
import dev.deskhand.input.InputProperties;
import dev.deskhand.input.InputQueue;
import dev.deskhand.input.KeyChord;
import dev.deskhand.platform.MouseButton;
import dev.deskhand.platform.Point;
import dev.deskhand.platform.Rect;
import dev.deskhand.testing.DriverWitness.KeyEvent;
import dev.deskhand.testing.DriverWitness.PointerEvent;
import dev.deskhand.testing.SwayDriverWitness;
import dev.deskhand.testing.SwaySession;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The queue's failure path with the real Wayland driver: a batch that fails at run time,
 * after it pressed a button and a modifier, leaves nothing down, by the GTK witness's own
 * account of presses and releases.
 */
class WaylandInputQueueLiveTests {

	private static final Duration WAIT = Duration.ofSeconds(10);

	private static WaylandDesktopDriver driver;

	private static InputQueue queue;

	private static SwayDriverWitness witness;

	@BeforeAll
	static void connect() {
		driver = WaylandDesktopDriver.connect(SwaySession.shared().environment(), Duration.ofSeconds(5));
		queue = new InputQueue(driver, List.of(), new InputProperties(Duration.ofSeconds(5), 8));
		witness = SwayDriverWitness.open(SwaySession.shared(), SwaySession.WITNESS_APP_ID);
	}

	@AfterAll
	static void close() {
		if (witness != null) {
			witness.close();
		}
		if (queue != null) {
			queue.close();
		}
		if (driver != null) {
			driver.close();
		}
	}

	@Test
	void aFailureMidBatchLeavesNoKeyOrButtonDown() throws InterruptedException {
		witness.focus();
		witness.reset();
		Rect content = witness.contentBounds();
		Point inside = new Point(content.x() + content.width() / 2, content.y() + content.height() / 2);
		// the button goes down and stays down by design (left_mouse_down); Control_L goes
		// down as the first key of a chord whose second key the driver cannot press
		List<InputAction> batch = List.of(new InputAction.Button("left_mouse_down", inside, MouseButton.LEFT, true),
				new InputAction.PressKeys(new KeyChord(List.of("Control_L", "NoSuchKeysym_Deskhand")), 1));
		assertThatThrownBy(() -> queue.execute("s", batch)).isInstanceOf(DeskhandException.class)
			.hasMessageContaining("action 2 of 2");
		long deadline = System.nanoTime() + WAIT.toNanos();
		while (System.nanoTime() < deadline && !(released(witness.buttons()) && releasedKeys(witness.keys()))) {
			Thread.sleep(50);
		}
		assertThat(witness.buttons()).extracting(PointerEvent::pressed).containsExactly(true, false);
		assertThat(witness.keys()).filteredOn((key) -> key.keysym().equals("Control_L"))
			.extracting(KeyEvent::pressed)
			.containsExactly(true, false);
	}

	private static boolean released(List<PointerEvent> buttons) {
		return buttons.size() >= 2 && !buttons.get(buttons.size() - 1).pressed();
	}

	private static boolean releasedKeys(List<KeyEvent> keys) {
		return keys.stream()
			.filter((key) -> key.keysym().equals("Control_L"))
			.filter((key) -> !key.pressed())
			.count() > 0;
	}

}
