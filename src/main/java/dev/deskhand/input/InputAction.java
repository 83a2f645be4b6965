package dev.deskhand.input;

import java.time.Duration;
import java.util.List;

import dev.deskhand.platform.MouseButton;
import dev.deskhand.platform.Point;
import dev.deskhand.platform.ScrollDirection;
import dev.deskhand.platform.WindowInfo;
import dev.deskhand.platform.elements.Element;

/**
 * One desktop action, already validated and mapped to the driver's logical coordinates.
 * Built by the actions layer, executed by the {@link InputQueue}.
 * <p>
 * Each kind states the facts the security rules need — whether it uses the pointer, the
 * points it moves the pointer to, the chords it presses, the modifiers it holds, whether
 * it types — so that a rule is a few lines over those facts, never a walk over the kinds.
 * Code that must treat every kind (execution, descriptions for humans) goes through
 * {@link Visitor}: a new kind does not compile until each of them handles it.
 */
public sealed interface InputAction {

	/** The tool name the action came from, for timeouts, metrics and audit. */
	String tool();

	<R> R accept(Visitor<R> visitor);

	/** Whether the action moves the pointer or uses its buttons or wheel. */
	boolean usesPointer();

	/**
	 * The points the pointer is moved to, in order (a click where the pointer is: none).
	 */
	default List<Point> points() {
		return List.of();
	}

	/** Chords pressed as keys in their own right: {@code key}, {@code hold_key}. */
	default List<KeyChord> pressedChords() {
		return List.of();
	}

	/**
	 * Modifier keys held while the pointer acts: a click's, a scroll's or a drag's
	 * {@code text}.
	 */
	default KeyChord heldModifiers() {
		return KeyChord.NONE;
	}

	/** Whether the action types text. */
	default boolean typesText() {
		return false;
	}

	/**
	 * The text the action enters, typed or put on the clipboard, or {@code null}: what
	 * the audit keeps only as its length and keyed hash, and logs never show.
	 */
	default String enteredText() {
		return null;
	}

	/**
	 * The application the action brings to the front (focuses or starts), or
	 * {@code null}.
	 */
	default String application() {
		return null;
	}

	/** Whether the action replaces the clipboard's content. */
	default boolean writesClipboard() {
		return false;
	}

	/**
	 * Whether the action sends input to the focused window: what an app scope and a
	 * privacy mask guard.
	 */
	default boolean reachesFocusedWindow() {
		return usesPointer() || typesText() || !pressedChords().isEmpty();
	}

	/**
	 * The accessible element the action acts on ({@code click_element},
	 * {@code focus_element}, {@code set_value}), or {@code null}: its application is what
	 * an app scope and a privacy mask guard, and it is re-read right before the action so
	 * that a stale ref never acts on another object.
	 */
	default ElementTarget element() {
		return null;
	}

	/** Time the action spends by design (a hold, a wait), added to the action timeout. */
	default Duration ownDuration() {
		return Duration.ZERO;
	}

	/**
	 * Where the action points, if it does: the display it acts on is the one holding this
	 * point.
	 */
	default Point target() {
		List<Point> points = points();
		return points.isEmpty() ? null : points.get(points.size() - 1);
	}

	/** Every kind of action, one method each. */
	interface Visitor<R> {

		R moveTo(MoveTo move);

		R click(Click click);

		R button(Button button);

		R drag(Drag drag);

		R scroll(Scroll scroll);

		R typeText(TypeText type);

		R pressKeys(PressKeys keys);

		R holdKeys(HoldKeys hold);

		R pause(Pause pause);

		R focusWindow(FocusWindow focus);

		R launch(Launch launch);

		R writeClipboard(WriteClipboard write);

		R pressElement(PressElement press);

		R focusElement(FocusElement focus);

		R setElementText(SetElementText set);

	}

	/**
	 * An element an action acts on, as the session's ref named it.
	 *
	 * @param ref the session's ref, e.g. {@code e12}
	 * @param element the element as read when the call resolved the ref
	 */
	record ElementTarget(String ref, Element element) {

		/**
		 * Whether the element belongs to the named app: by its accessible application
		 * name, or by a window of its process as {@link WindowInfo#belongsTo} matches it.
		 */
		public boolean belongsTo(String app, List<WindowInfo> windows) {
			if (this.element.app().name().equalsIgnoreCase(app)) {
				return true;
			}
			long pid = this.element.app().pid();
			return pid != 0 && windows.stream().anyMatch((window) -> window.pid() == pid && window.belongsTo(app));
		}

	}

	record MoveTo(Point to) implements InputAction {

		@Override
		public String tool() {
			return "mouse_move";
		}

		@Override
		public <R> R accept(Visitor<R> visitor) {
			return visitor.moveTo(this);
		}

		@Override
		public boolean usesPointer() {
			return true;
		}

		@Override
		public List<Point> points() {
			return List.of(this.to);
		}

	}

	/**
	 * @param at where to click, or {@code null} for the current pointer position
	 * @param count 1, 2 or 3
	 * @param modifiers modifier keys only (validated when built)
	 */
	record Click(String tool, Point at, MouseButton button, int count, KeyChord modifiers) implements InputAction {

		@Override
		public <R> R accept(Visitor<R> visitor) {
			return visitor.click(this);
		}

		@Override
		public boolean usesPointer() {
			return true;
		}

		@Override
		public List<Point> points() {
			return (this.at != null) ? List.of(this.at) : List.of();
		}

		@Override
		public KeyChord heldModifiers() {
			return this.modifiers;
		}

	}

	/**
	 * Presses (down) or releases (up) a button and leaves it so: left_mouse_down /
	 * left_mouse_up.
	 */
	record Button(String tool, Point at, MouseButton button, boolean down) implements InputAction {

		@Override
		public <R> R accept(Visitor<R> visitor) {
			return visitor.button(this);
		}

		@Override
		public boolean usesPointer() {
			return true;
		}

		@Override
		public List<Point> points() {
			return (this.at != null) ? List.of(this.at) : List.of();
		}

	}

	/**
	 * @param modifiers modifier keys held for the whole drag (validated when built)
	 */
	record Drag(Point from, Point to, KeyChord modifiers) implements InputAction {

		@Override
		public String tool() {
			return "left_click_drag";
		}

		@Override
		public <R> R accept(Visitor<R> visitor) {
			return visitor.drag(this);
		}

		@Override
		public boolean usesPointer() {
			return true;
		}

		@Override
		public List<Point> points() {
			return List.of(this.from, this.to);
		}

		@Override
		public KeyChord heldModifiers() {
			return this.modifiers;
		}

	}

	/**
	 * @param modifiers modifier keys only (validated when built)
	 */
	record Scroll(Point at, ScrollDirection direction, int amount, KeyChord modifiers) implements InputAction {

		@Override
		public String tool() {
			return "scroll";
		}

		@Override
		public <R> R accept(Visitor<R> visitor) {
			return visitor.scroll(this);
		}

		@Override
		public boolean usesPointer() {
			return true;
		}

		@Override
		public List<Point> points() {
			return (this.at != null) ? List.of(this.at) : List.of();
		}

		@Override
		public KeyChord heldModifiers() {
			return this.modifiers;
		}

	}

	record TypeText(String text) implements InputAction {

		@Override
		public String tool() {
			return "type";
		}

		@Override
		public <R> R accept(Visitor<R> visitor) {
			return visitor.typeText(this);
		}

		@Override
		public boolean usesPointer() {
			return false;
		}

		@Override
		public boolean typesText() {
			return true;
		}

		@Override
		public String enteredText() {
			return this.text;
		}

		@Override
		public Duration ownDuration() {
			// Unicode typing is paced so the target app keeps up; allow ~5 ms per
			// character.
			return Duration.ofMillis(5L * this.text.length());
		}

		@Override
		public String toString() {
			// Typed text is never logged in full.
			return "TypeText[" + this.text.length() + " chars]";
		}

	}

	record PressKeys(KeyChord chord, int repeat) implements InputAction {

		@Override
		public String tool() {
			return "key";
		}

		@Override
		public <R> R accept(Visitor<R> visitor) {
			return visitor.pressKeys(this);
		}

		@Override
		public boolean usesPointer() {
			return false;
		}

		@Override
		public List<KeyChord> pressedChords() {
			return List.of(this.chord);
		}

		@Override
		public Duration ownDuration() {
			return Duration.ofMillis(2L * this.repeat);
		}

	}

	record HoldKeys(KeyChord chord, Duration duration) implements InputAction {

		@Override
		public String tool() {
			return "hold_key";
		}

		@Override
		public <R> R accept(Visitor<R> visitor) {
			return visitor.holdKeys(this);
		}

		@Override
		public boolean usesPointer() {
			return false;
		}

		@Override
		public List<KeyChord> pressedChords() {
			return List.of(this.chord);
		}

		@Override
		public Duration ownDuration() {
			return this.duration;
		}

	}

	record Pause(Duration duration) implements InputAction {

		@Override
		public String tool() {
			return "wait";
		}

		@Override
		public <R> R accept(Visitor<R> visitor) {
			return visitor.pause(this);
		}

		@Override
		public boolean usesPointer() {
			return false;
		}

		@Override
		public Duration ownDuration() {
			return this.duration;
		}

	}

	/**
	 * Raises and focuses a running window of {@code app}: open_application when the app
	 * runs.
	 *
	 * @param focusTimeout how long the window manager gets to focus it
	 */
	record FocusWindow(String app, long windowId, String title, Duration focusTimeout) implements InputAction {

		@Override
		public String tool() {
			return "open_application";
		}

		@Override
		public <R> R accept(Visitor<R> visitor) {
			return visitor.focusWindow(this);
		}

		@Override
		public boolean usesPointer() {
			return false;
		}

		@Override
		public String application() {
			return this.app;
		}

		@Override
		public Duration ownDuration() {
			return this.focusTimeout;
		}

	}

	/**
	 * Starts {@code app} with an operator-allowed command, waits for its first new window
	 * and focuses it: open_application when the app does not run.
	 *
	 * @param command program and arguments, no shell
	 * @param windowTimeout how long the app gets to show a window
	 * @param focusTimeout how long the window manager gets to focus it
	 */
	record Launch(String app, List<String> command, Duration windowTimeout,
			Duration focusTimeout) implements InputAction {

		public Launch {
			command = List.copyOf(command);
		}

		@Override
		public String tool() {
			return "open_application";
		}

		@Override
		public <R> R accept(Visitor<R> visitor) {
			return visitor.launch(this);
		}

		@Override
		public boolean usesPointer() {
			return false;
		}

		@Override
		public String application() {
			return this.app;
		}

		@Override
		public Duration ownDuration() {
			return this.windowTimeout.plus(this.focusTimeout);
		}

	}

	/** Puts text on the clipboard: write_clipboard. */
	record WriteClipboard(String text) implements InputAction {

		@Override
		public String tool() {
			return "write_clipboard";
		}

		@Override
		public <R> R accept(Visitor<R> visitor) {
			return visitor.writeClipboard(this);
		}

		@Override
		public boolean usesPointer() {
			return false;
		}

		@Override
		public boolean writesClipboard() {
			return true;
		}

		@Override
		public String enteredText() {
			return this.text;
		}

		@Override
		public String toString() {
			// Clipboard text is never logged in full.
			return "WriteClipboard[" + this.text.length() + " chars]";
		}

	}

	/**
	 * click_element: the element's default action, or, with {@code at}, a left click at
	 * its centre through the pointer (for an element without an action).
	 *
	 * @param at the element's centre in desktop units, or {@code null} to run its action
	 */
	record PressElement(ElementTarget element, Point at) implements InputAction {

		@Override
		public String tool() {
			return "click_element";
		}

		@Override
		public <R> R accept(Visitor<R> visitor) {
			return visitor.pressElement(this);
		}

		@Override
		public boolean usesPointer() {
			return this.at != null;
		}

		@Override
		public List<Point> points() {
			return (this.at != null) ? List.of(this.at) : List.of();
		}

	}

	/** focus_element: gives the element the keyboard focus inside its application. */
	record FocusElement(ElementTarget element) implements InputAction {

		@Override
		public String tool() {
			return "focus_element";
		}

		@Override
		public <R> R accept(Visitor<R> visitor) {
			return visitor.focusElement(this);
		}

		@Override
		public boolean usesPointer() {
			return false;
		}

		@Override
		public boolean reachesFocusedWindow() {
			return false;
		}

	}

	/**
	 * set_value: replaces the element's text, through its editable-text interface, or,
	 * with {@code selectAll}, by bringing its window to the front, focusing it, selecting
	 * everything with that chord, erasing it and typing (for fields without one: web
	 * entries).
	 *
	 * @param selectAll the chord that selects the field's text, or {@code null} to set
	 * the text directly
	 */
	record SetElementText(ElementTarget element, String text, KeyChord selectAll) implements InputAction {

		/**
		 * What deletes the selected text before typing: typing nothing over a selection
		 * would leave it.
		 */
		public static final KeyChord ERASE = new KeyChord(List.of("BackSpace"));

		@Override
		public String tool() {
			return "set_value";
		}

		@Override
		public <R> R accept(Visitor<R> visitor) {
			return visitor.setElementText(this);
		}

		@Override
		public boolean usesPointer() {
			return false;
		}

		@Override
		public boolean typesText() {
			return true;
		}

		@Override
		public String enteredText() {
			return this.text;
		}

		@Override
		public List<KeyChord> pressedChords() {
			return (this.selectAll != null) ? List.of(this.selectAll, ERASE) : List.of();
		}

		@Override
		public boolean reachesFocusedWindow() {
			// The element's own window receives it (brought to the front first when
			// typing), whichever window had focus: the guards check the element's app.
			return false;
		}

		@Override
		public Duration ownDuration() {
			// Typing paces its keys; leave the timeout room for a long text.
			return (this.selectAll != null) ? Duration.ofMillis(5L * this.text.length()) : Duration.ZERO;
		}

		@Override
		public String toString() {
			// Field text is never logged in full.
			return "SetElementText[" + this.element.ref() + ", " + this.text.length() + " chars]";
		}

	}

}
