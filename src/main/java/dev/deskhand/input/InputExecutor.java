package dev.deskhand.input;

import java.time.Duration;
import java.util.List;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.DesktopDriver;
import dev.deskhand.platform.KeyboardDriver;
import dev.deskhand.platform.MouseButton;
import dev.deskhand.platform.Point;
import dev.deskhand.platform.PointerDriver;

/**
 * Turns {@link InputAction}s into driver calls. Runs only on the input thread. Every
 * press it makes is undone in a {@code finally}, so an exception never leaves a modifier
 * held; the queue adds a driver-wide release after any failure for what the driver itself
 * pressed.
 */
final class InputExecutor {

	// Motion events between drag start and end, so apps that track motion (selection,
	// DnD) see a path.
	private static final int DRAG_STEPS = 12;

	private static final Duration DRAG_STEP_PAUSE = Duration.ofMillis(4);

	// X servers and toolkits count a double click only when presses arrive close together
	// but not
	// in the same instant; a short gap keeps clicks distinct for every toolkit we tested.
	private static final Duration MULTI_CLICK_GAP = Duration.ofMillis(15);

	private final DesktopDriver driver;

	InputExecutor(DesktopDriver driver) {
		this.driver = driver;
	}

	void execute(InputAction action) {
		PointerDriver pointer = this.driver.pointer();
		KeyboardDriver keyboard = this.driver.keyboard();
		// Java 17: no pattern matching for switch yet; the sealed interface keeps this
		// list complete.
		if (action instanceof InputAction.MoveTo move) {
			pointer.moveTo(move.to().x(), move.to().y());
		}
		else if (action instanceof InputAction.Click click) {
			withKeys(click.modifiers(), () -> click(pointer, click));
		}
		else if (action instanceof InputAction.Button button) {
			moveIfGiven(pointer, button.at());
			if (button.down()) {
				pointer.press(button.button());
			}
			else {
				pointer.release(button.button());
			}
		}
		else if (action instanceof InputAction.Drag drag) {
			drag(pointer, drag.from(), drag.to());
		}
		else if (action instanceof InputAction.Scroll scroll) {
			withKeys(scroll.modifiers(), () -> {
				moveIfGiven(pointer, scroll.at());
				pointer.scroll(scroll.direction(), scroll.amount());
			});
		}
		else if (action instanceof InputAction.TypeText type) {
			keyboard.typeText(type.text());
		}
		else if (action instanceof InputAction.PressKeys keys) {
			for (int i = 0; i < keys.repeat(); i++) {
				checkInterrupted(action);
				withKeys(keys.chord(), () -> {
				});
			}
		}
		else if (action instanceof InputAction.HoldKeys hold) {
			withKeys(hold.chord(), () -> sleep(hold.duration(), action));
		}
		else if (action instanceof InputAction.Pause pause) {
			sleep(pause.duration(), action);
		}
		else {
			throw new IllegalStateException("unhandled action " + action);
		}
	}

	private void click(PointerDriver pointer, InputAction.Click click) {
		pointer.click(click.at(), click.button());
		for (int i = 1; i < click.count(); i++) {
			sleep(MULTI_CLICK_GAP, click);
			pointer.click(null, click.button());
		}
	}

	private void drag(PointerDriver pointer, Point from, Point to) {
		pointer.moveTo(from.x(), from.y());
		pointer.press(MouseButton.LEFT);
		try {
			for (int step = 1; step <= DRAG_STEPS; step++) {
				sleep(DRAG_STEP_PAUSE, null);
				int x = from.x() + (to.x() - from.x()) * step / DRAG_STEPS;
				int y = from.y() + (to.y() - from.y()) * step / DRAG_STEPS;
				pointer.moveTo(x, y);
			}
		}
		finally {
			pointer.release(MouseButton.LEFT);
		}
	}

	/**
	 * Presses the chord's keys in order, runs the body, releases them in reverse, always.
	 */
	private void withKeys(KeyChord chord, Runnable body) {
		KeyboardDriver keyboard = this.driver.keyboard();
		List<String> keys = chord.keys();
		int pressed = 0;
		try {
			for (String key : keys) {
				keyboard.pressKey(key);
				pressed++;
			}
			body.run();
		}
		finally {
			for (int i = pressed - 1; i >= 0; i--) {
				keyboard.releaseKey(keys.get(i));
			}
		}
	}

	private static void moveIfGiven(PointerDriver pointer, Point at) {
		if (at != null) {
			pointer.moveTo(at.x(), at.y());
		}
	}

	private static void checkInterrupted(InputAction action) {
		if (Thread.currentThread().isInterrupted()) {
			throw interrupted(action);
		}
	}

	private static void sleep(Duration duration, InputAction action) {
		try {
			Thread.sleep(duration.toMillis());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw interrupted(action);
		}
	}

	private static DeskhandException interrupted(InputAction action) {
		return new DeskhandException(ErrorCode.E_TIMEOUT,
				((action != null) ? "'" + action.tool() + "'" : "the action") + " was interrupted");
	}

}
