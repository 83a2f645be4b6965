package dev.deskhand.platform.macos;

import java.time.Duration;
import java.util.EnumSet;
import java.util.Set;

import org.junit.jupiter.api.Test;

import dev.deskhand.platform.MouseButton;
import dev.deskhand.platform.Point;
import dev.deskhand.platform.ScrollDirection;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Pointer actions become the Quartz event types of CGEventTypes.h (values as fixtures),
 * moves during a press become drags, and click counts count like the window server's.
 */
class MacMouseEventsTests {

	private static final long MS = 1_000_000L;

	@Test
	void aMoveWithoutButtonsIsMovedAndWithOneDownIsThatButtonsDrag() {
		assertThat(MacMouseEvents.move(Set.of())).isEqualTo(new MacMouseEvents.Event(5, 0));
		assertThat(MacMouseEvents.move(EnumSet.of(MouseButton.LEFT))).isEqualTo(new MacMouseEvents.Event(6, 0));
		assertThat(MacMouseEvents.move(EnumSet.of(MouseButton.RIGHT))).isEqualTo(new MacMouseEvents.Event(7, 1));
		assertThat(MacMouseEvents.move(EnumSet.of(MouseButton.MIDDLE))).isEqualTo(new MacMouseEvents.Event(27, 2));
		assertThat(MacMouseEvents.move(EnumSet.of(MouseButton.MIDDLE, MouseButton.LEFT)).type()).isEqualTo(6);
	}

	@Test
	void eachButtonHasItsDownAndUpTypes() {
		assertThat(MacMouseEvents.press(MouseButton.LEFT)).isEqualTo(new MacMouseEvents.Event(1, 0));
		assertThat(MacMouseEvents.release(MouseButton.LEFT)).isEqualTo(new MacMouseEvents.Event(2, 0));
		assertThat(MacMouseEvents.press(MouseButton.RIGHT)).isEqualTo(new MacMouseEvents.Event(3, 1));
		assertThat(MacMouseEvents.release(MouseButton.RIGHT)).isEqualTo(new MacMouseEvents.Event(4, 1));
		assertThat(MacMouseEvents.press(MouseButton.MIDDLE)).isEqualTo(new MacMouseEvents.Event(25, 2));
		assertThat(MacMouseEvents.release(MouseButton.MIDDLE)).isEqualTo(new MacMouseEvents.Event(26, 2));
	}

	@Test
	void wheelsCountUpAndLeftAsPositive() {
		assertThat(MacMouseEvents.wheel(ScrollDirection.UP)).isEqualTo(new MacMouseEvents.Wheel(1, 1, 0));
		assertThat(MacMouseEvents.wheel(ScrollDirection.DOWN)).isEqualTo(new MacMouseEvents.Wheel(1, -1, 0));
		assertThat(MacMouseEvents.wheel(ScrollDirection.LEFT)).isEqualTo(new MacMouseEvents.Wheel(2, 0, 1));
		assertThat(MacMouseEvents.wheel(ScrollDirection.RIGHT)).isEqualTo(new MacMouseEvents.Wheel(2, 0, -1));
	}

	@Test
	void pressesAtOneSpotWithinTheIntervalCountOneTwoThree() {
		MacClickCounter clicks = new MacClickCounter(Duration.ofMillis(500));
		Point at = new Point(10, 20);

		assertThat(clicks.press(MouseButton.LEFT, at, 0)).isEqualTo(1);
		assertThat(clicks.release(MouseButton.LEFT)).isEqualTo(1);
		assertThat(clicks.press(MouseButton.LEFT, at, 100 * MS)).isEqualTo(2);
		assertThat(clicks.release(MouseButton.LEFT)).isEqualTo(2);
		assertThat(clicks.press(MouseButton.LEFT, at, 200 * MS)).isEqualTo(3);
		assertThat(clicks.release(MouseButton.LEFT)).isEqualTo(3);
	}

	@Test
	void anotherSpotAnotherButtonOrALatePressStartsAgain() {
		MacClickCounter clicks = new MacClickCounter(Duration.ofMillis(500));
		Point at = new Point(10, 20);

		clicks.press(MouseButton.LEFT, at, 0);
		assertThat(clicks.press(MouseButton.LEFT, new Point(11, 20), 100 * MS)).isEqualTo(1);
		assertThat(clicks.press(MouseButton.RIGHT, new Point(11, 20), 200 * MS)).isEqualTo(1);
		assertThat(clicks.press(MouseButton.RIGHT, new Point(11, 20), 200 * MS + 501 * MS)).isEqualTo(1);
		assertThat(clicks.press(MouseButton.RIGHT, new Point(11, 20), 200 * MS + 1001 * MS)).isEqualTo(2);
	}

	@Test
	void afterAResetThePressCountsOne() {
		MacClickCounter clicks = new MacClickCounter(Duration.ofMillis(500));
		clicks.press(MouseButton.LEFT, new Point(1, 1), 0);

		clicks.reset();

		assertThat(clicks.release(MouseButton.LEFT)).isEqualTo(1);
		assertThat(clicks.press(MouseButton.LEFT, new Point(1, 1), MS)).isEqualTo(1);
	}

}
