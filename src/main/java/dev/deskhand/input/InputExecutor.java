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
import dev.deskhand.platform.WindowInfo;
import dev.deskhand.platform.elements.AccessibilityDriver;
import dev.deskhand.platform.elements.Element;

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
	// but not in the same instant; a short gap keeps clicks distinct for every toolkit we
	// tested.
	private static final Duration MULTI_CLICK_GAP = Duration.ofMillis(15);

	// How long the window manager gets to raise an element's window before set_value
	// types into it.
	private static final Duration ELEMENT_WINDOW_FOCUS = Duration.ofSeconds(2);

	private final DesktopDriver driver;

	private final AccessibilityDriver accessibility;

	InputExecutor(DesktopDriver driver, AccessibilityDriver accessibility) {
		this.driver = driver;
		this.accessibility = accessibility;
	}

	void execute(InputAction action) {
		action.accept(new Runner(this.driver.pointer(), this.driver.keyboard()));
	}

	/** One driver sequence per kind of action; the visitor keeps the list complete. */
	private final class Runner implements InputAction.Visitor<Void> {

		private final PointerDriver pointer;

		private final KeyboardDriver keyboard;

		Runner(PointerDriver pointer, KeyboardDriver keyboard) {
			this.pointer = pointer;
			this.keyboard = keyboard;
		}

		@Override
		public Void moveTo(InputAction.MoveTo move) {
			this.pointer.moveTo(move.to().x(), move.to().y());
			return null;
		}

		@Override
		public Void click(InputAction.Click click) {
			withKeys(click.modifiers(), () -> InputExecutor.click(this.pointer, click));
			return null;
		}

		@Override
		public Void button(InputAction.Button button) {
			moveIfGiven(this.pointer, button.at());
			if (button.down()) {
				this.pointer.press(button.button());
			}
			else {
				this.pointer.release(button.button());
			}
			return null;
		}

		@Override
		public Void drag(InputAction.Drag drag) {
			withKeys(drag.modifiers(), () -> InputExecutor.drag(this.pointer, drag.from(), drag.to()));
			return null;
		}

		@Override
		public Void scroll(InputAction.Scroll scroll) {
			withKeys(scroll.modifiers(), () -> {
				moveIfGiven(this.pointer, scroll.at());
				this.pointer.scroll(scroll.direction(), scroll.amount());
			});
			return null;
		}

		@Override
		public Void typeText(InputAction.TypeText type) {
			this.keyboard.typeText(type.text());
			return null;
		}

		@Override
		public Void pressKeys(InputAction.PressKeys keys) {
			for (int i = 0; i < keys.repeat(); i++) {
				checkInterrupted(keys);
				withKeys(keys.chord(), () -> {
				});
			}
			return null;
		}

		@Override
		public Void holdKeys(InputAction.HoldKeys hold) {
			withKeys(hold.chord(), () -> sleep(hold.duration(), hold));
			return null;
		}

		@Override
		public Void pause(InputAction.Pause pause) {
			sleep(pause.duration(), pause);
			return null;
		}

		@Override
		public Void focusWindow(InputAction.FocusWindow focus) {
			InputExecutor.this.focus(focus.windowId(), focus.title(), focus.focusTimeout());
			return null;
		}

		@Override
		public Void launch(InputAction.Launch launch) {
			WindowInfo window = new Launching(InputExecutor.this.driver, launch).awaitWindow();
			InputExecutor.this.focus(window.id(), window.title(), launch.focusTimeout());
			return null;
		}

		@Override
		public Void writeClipboard(InputAction.WriteClipboard write) {
			InputExecutor.this.driver.clipboard().write(write.text());
			return null;
		}

		@Override
		public Void pressElement(InputAction.PressElement press) {
			Element element = current(press.element());
			if (press.at() != null) {
				this.pointer.click(press.at(), MouseButton.LEFT);
			}
			else if (!InputExecutor.this.accessibility.doAction(element, 0)) {
				throw refused(press.element(), "its action '" + element.actions().get(0) + "'");
			}
			return null;
		}

		@Override
		public Void focusElement(InputAction.FocusElement focus) {
			if (!InputExecutor.this.accessibility.grabFocus(current(focus.element()))) {
				throw refused(focus.element(), "the focus");
			}
			return null;
		}

		@Override
		public Void setElementText(InputAction.SetElementText set) {
			Element element = current(set.element());
			if (set.selectAll() == null) {
				if (!InputExecutor.this.accessibility.setText(element, set.text())) {
					throw refused(set.element(), "the new text");
				}
				return null;
			}
			raiseWindowOf(element);
			if (!InputExecutor.this.accessibility.grabFocus(element)) {
				throw refused(set.element(), "the focus");
			}
			withKeys(set.selectAll(), () -> {
			});
			withKeys(InputAction.SetElementText.ERASE, () -> {
			});
			this.keyboard.typeText(set.text());
			return null;
		}

	}

	/**
	 * The element re-read right before acting on it: a ref whose object is gone or now
	 * stands for something else never reaches the toolkit.
	 */
	private Element current(InputAction.ElementTarget target) {
		return this.accessibility.refresh(target.element())
			.orElseThrow(() -> new DeskhandException(ErrorCode.E_NOT_FOUND,
					"stale ref " + target.ref() + ": the element is gone or changed; list the elements again"));
	}

	private static DeskhandException refused(InputAction.ElementTarget target, String what) {
		return new DeskhandException(ErrorCode.E_FAIL, "the application refused " + what + " for " + target.ref());
	}

	/**
	 * Typing reaches the focused window: bring the element's window to the front when
	 * another application has the focus.
	 */
	private void raiseWindowOf(Element element) {
		long pid = element.app().pid();
		boolean focused = this.driver.windows().focusedWindow().map((window) -> window.pid() == pid).orElse(false);
		if (focused || pid == 0) {
			return;
		}
		WindowInfo window = this.driver.windows()
			.list()
			.stream()
			.filter((candidate) -> candidate.pid() == pid)
			.reduce((first, second) -> second)
			.orElseThrow(() -> new DeskhandException(ErrorCode.E_NOT_FOUND,
					"no window of '" + element.app().name() + "' to type into"));
		focus(window.id(), window.title(), ELEMENT_WINDOW_FOCUS);
	}

	private void focus(long windowId, String title, Duration wait) {
		if (!this.driver.windows().activate(windowId, wait)) {
			throw new DeskhandException(ErrorCode.E_TIMEOUT,
					"the window manager did not focus '" + title + "' within " + wait.toMillis() + " ms");
		}
	}

	private static void click(PointerDriver pointer, InputAction.Click click) {
		pointer.click(click.at(), click.button());
		for (int i = 1; i < click.count(); i++) {
			sleep(MULTI_CLICK_GAP, click);
			pointer.click(null, click.button());
		}
	}

	private static void drag(PointerDriver pointer, Point from, Point to) {
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

	static void sleep(Duration duration, InputAction action) {
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
