package dev.deskhand.actions;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import dev.deskhand.approval.AgentSession;
import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.Echo;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.input.InputAction;
import dev.deskhand.input.InputAction.ElementTarget;
import dev.deskhand.input.KeyChord;
import dev.deskhand.platform.DesktopDriver;
import dev.deskhand.platform.MouseButton;
import dev.deskhand.platform.Point;
import dev.deskhand.platform.Rect;
import dev.deskhand.platform.ScrollDirection;
import dev.deskhand.platform.WindowInfo;
import dev.deskhand.platform.elements.Element;
import dev.deskhand.screen.DisplayChoice;
import dev.deskhand.screen.ScreenService;

/**
 * Validates tool arguments and builds {@link InputAction}s with coordinates mapped to the
 * desktop. Everything that can be wrong with a request is found here, before anything
 * reaches the queue.
 */
public final class ActionArguments {

	static final int MAX_TEXT = 20_000;

	static final int MAX_REPEAT = 100;

	static final int MAX_SCROLL = 50;

	static final double MAX_DURATION_SECONDS = 100;

	static final int MAX_CLIPBOARD = 1_000_000;

	/** How long the window manager gets to focus a window open_application asked for. */
	static final Duration ACTIVATE_WAIT = Duration.ofSeconds(3);

	private final ScreenService screen;

	private final DesktopDriver driver;

	private final ApplicationsProperties apps;

	ActionArguments(ScreenService screen, DesktopDriver driver, ApplicationsProperties apps) {
		this.screen = screen;
		this.driver = driver;
		this.apps = apps;
	}

	/**
	 * The display a call's coordinates refer to, with a warning when it had to be
	 * guessed.
	 */
	public DisplayChoice display(String session, String displayId) {
		return this.screen.choose(session, displayId);
	}

	/**
	 * Another display of the same reading, for a batch action's own {@code display_id}.
	 */
	public DisplayChoice display(DisplayChoice base, String displayId) {
		return this.screen.choose(base, displayId);
	}

	public InputAction moveTo(String session, DisplayChoice display, List<Integer> coordinate) {
		return new InputAction.MoveTo(point(session, display, required(coordinate, "coordinate"), "coordinate"));
	}

	public InputAction click(String tool, String session, DisplayChoice display, List<Integer> coordinate,
			String modifiers) {
		MouseButton button = switch (tool) {
			case "right_click" -> MouseButton.RIGHT;
			case "middle_click" -> MouseButton.MIDDLE;
			default -> MouseButton.LEFT;
		};
		int count = switch (tool) {
			case "double_click" -> 2;
			case "triple_click" -> 3;
			default -> 1;
		};
		return new InputAction.Click(tool, optionalPoint(session, display, coordinate), button, count,
				modifiers(modifiers));
	}

	public InputAction button(String tool, String session, DisplayChoice display, List<Integer> coordinate) {
		boolean down = tool.equals("left_mouse_down");
		return new InputAction.Button(tool, optionalPoint(session, display, coordinate), MouseButton.LEFT, down);
	}

	public InputAction drag(String session, DisplayChoice display, List<Integer> start, List<Integer> end,
			String modifiers) {
		Point from = point(session, display, required(start, "start_coordinate"), "start_coordinate");
		Point to = point(session, display, required(end, "coordinate"), "coordinate");
		return new InputAction.Drag(from, to, modifiers(modifiers));
	}

	public InputAction scroll(String session, DisplayChoice display, List<Integer> coordinate, String direction,
			Integer amount, String modifiers) {
		ScrollDirection parsed = scrollDirection(direction);
		int clicks = (amount != null) ? amount : 3;
		if (clicks < 1 || clicks > MAX_SCROLL) {
			throw DeskhandException.args("scroll_amount must be 1-" + MAX_SCROLL + " wheel clicks, got " + clicks);
		}
		return new InputAction.Scroll(optionalPoint(session, display, coordinate), parsed, clicks,
				modifiers(modifiers));
	}

	public InputAction type(String text) {
		if (text == null || text.isEmpty()) {
			throw DeskhandException.args("text is empty");
		}
		if (text.length() > MAX_TEXT) {
			throw DeskhandException.args("text has " + text.length() + " characters; at most " + MAX_TEXT
					+ " per call (split it, or paste through the clipboard)");
		}
		for (int i = 0; i < text.length(); i++) {
			char c = text.charAt(i);
			if (Character.isISOControl(c) && c != '\n' && c != '\t' && c != '\r') {
				throw DeskhandException.args("text contains the control character U+" + String.format("%04X", (int) c)
						+ " at index " + i + "; use the key tool for keys like Escape or BackSpace");
			}
		}
		requireWholeCharacters(text);
		// CRLF and lone CR mean one line break, as they would on a keyboard.
		return new InputAction.TypeText(text.replace("\r\n", "\n").replace('\r', '\n'));
	}

	/**
	 * write_clipboard's text: any Unicode, whole characters only.
	 */
	public InputAction writeClipboard(String text) {
		if (text == null) {
			throw DeskhandException.args("text is required");
		}
		if (text.length() > MAX_CLIPBOARD) {
			throw DeskhandException.args("text has " + text.length() + " characters; at most " + MAX_CLIPBOARD);
		}
		requireWholeCharacters(text);
		return new InputAction.WriteClipboard(text);
	}

	/**
	 * open_application's action: focus the app's topmost window when it runs, else start
	 * it with the command the operator allowed for it.
	 * @param session the caller's session, whose apps (request_access) bound what it may
	 * bring up
	 * @throws DeskhandException E_ARGS for a bad name, E_NOT_GRANTED outside the scope or
	 * when it neither runs nor may be started
	 */
	public InputAction openApplication(String app, AgentSession session) {
		if (app == null || app.isBlank() || app.length() > 100) {
			throw DeskhandException.args("app is required: an application name such as \"xterm\", at most 100 "
					+ "characters, got " + Echo.of(app));
		}
		String name = app.strip();
		session.requireMayBringUp(name);
		Optional<WindowInfo> running = this.driver.windows()
			.list()
			.stream()
			.filter((w) -> w.belongsTo(name))
			.reduce((first, second) -> second);
		if (running.isPresent()) {
			return new InputAction.FocusWindow(name, running.get().id(), running.get().title(), ACTIVATE_WAIT);
		}
		List<String> command = this.apps.launchable().get(name);
		if (command == null) {
			throw new DeskhandException(ErrorCode.E_NOT_GRANTED,
					"'" + name + "' is not running and is not in " + "deskhand.apps.launchable"
							+ (this.apps.launchable().isEmpty() ? " (empty)" : " ("
									+ String.join(", ", this.apps.launchable().keySet().stream().sorted().toList())
									+ ")"));
		}
		return new InputAction.Launch(name, command, this.apps.launchWait(), ACTIVATE_WAIT);
	}

	/**
	 * click_element's action: the element's default action when it offers one, else a
	 * left click at the centre of its bounds.
	 * @param placed whether the element is on a display (it has bounds in a screenshot's
	 * pixels), so that a click there is one the agent could have aimed
	 * @throws DeskhandException E_UNSUPPORTED when it offers no action and has no place
	 * on screen to click
	 */
	public InputAction.PressElement clickElement(ElementTarget target, boolean placed) {
		Element element = target.element();
		if (element.actionable()) {
			return new InputAction.PressElement(target, null);
		}
		if (element.bounds() != null && placed) {
			Rect bounds = element.bounds();
			return new InputAction.PressElement(target,
					new Point(bounds.x() + bounds.width() / 2, bounds.y() + bounds.height() / 2));
		}
		throw new DeskhandException(ErrorCode.E_UNSUPPORTED,
				target.ref() + " offers no action and has no place on screen to click");
	}

	/** focus_element's action. */
	public InputAction.FocusElement focusElement(ElementTarget target) {
		return new InputAction.FocusElement(target);
	}

	/**
	 * set_value's action: the text set directly where the element has editable text, else
	 * typed over everything the driver's select-all chord selects.
	 * @throws DeskhandException E_ARGS without text, E_UNSUPPORTED for an element that
	 * holds no text
	 */
	public InputAction.SetElementText setValue(ElementTarget target, String text) {
		if (text == null) {
			throw DeskhandException.args("text is required: the field's new text (\"\" empties it)");
		}
		Element element = target.element();
		boolean direct = element.editableText();
		if (!direct && !element.text()) {
			throw new DeskhandException(ErrorCode.E_UNSUPPORTED,
					target.ref() + " (" + element.role().spelling() + ") is not a text field");
		}
		return new InputAction.SetElementText(target, text, direct ? null : selectAllChord());
	}

	/**
	 * A press of the driver's select-all chord, for a vendor action that clears a field
	 * before typing into it.
	 */
	public InputAction selectAll() {
		return new InputAction.PressKeys(selectAllChord(), 1);
	}

	// The chord differs by OS (cmd+a on macOS): the driver knows its own.
	private KeyChord selectAllChord() {
		return chord(this.driver.keyboard().selectAllChord());
	}

	// A lone surrogate is no character: no keyboard types it, no clipboard holds it.
	private static void requireWholeCharacters(String text) {
		for (int i = 0; i < text.length(); i++) {
			char c = text.charAt(i);
			if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
				i++;
			}
			else if (Character.isSurrogate(c)) {
				throw DeskhandException.args("text has a lone surrogate U+" + String.format("%04X", (int) c)
						+ " at index " + i + "; send whole Unicode characters");
			}
		}
	}

	public InputAction key(String text, Integer repeat) {
		int times = (repeat != null) ? repeat : 1;
		if (times < 1 || times > MAX_REPEAT) {
			throw DeskhandException.args("repeat must be 1-" + MAX_REPEAT + ", got " + times);
		}
		return new InputAction.PressKeys(chord(text), times);
	}

	public InputAction holdKey(String text, Number durationSeconds) {
		return new InputAction.HoldKeys(chord(text), duration(durationSeconds));
	}

	public InputAction pause(Number durationSeconds) {
		return new InputAction.Pause(duration(durationSeconds));
	}

	public KeyChord chord(String text) {
		return KeyChord.parse(text, this.driver.keyboard()::isKnownKey);
	}

	private KeyChord modifiers(String text) {
		return KeyChord.parseModifiers(text, this.driver.keyboard()::isKnownKey);
	}

	private Point point(String session, DisplayChoice display, List<Integer> coordinate, String argument) {
		return this.screen.toDesktop(session, display, coordinate, argument);
	}

	private Point optionalPoint(String session, DisplayChoice display, List<Integer> coordinate) {
		return (coordinate != null) ? point(session, display, coordinate, "coordinate") : null;
	}

	private static List<Integer> required(List<Integer> coordinate, String argument) {
		if (coordinate == null) {
			throw DeskhandException.args(argument + " is required: [x, y] in screenshot image pixels");
		}
		return coordinate;
	}

	public static ScrollDirection scrollDirection(String direction) {
		if (direction == null) {
			throw DeskhandException.args("scroll_direction is required: up, down, left or right");
		}
		try {
			return ScrollDirection.valueOf(direction.strip().toUpperCase(Locale.ROOT));
		}
		catch (IllegalArgumentException ex) {
			throw DeskhandException.args("scroll_direction must be up, down, left or right, got " + Echo.of(direction));
		}
	}

	public static Duration duration(Number seconds) {
		if (seconds == null) {
			throw DeskhandException.args("duration is required, in seconds");
		}
		double value = seconds.doubleValue();
		if (!(value > 0) || value > MAX_DURATION_SECONDS) {
			throw DeskhandException.args("duration must be more than 0 and at most " + (int) MAX_DURATION_SECONDS
					+ " seconds, got " + seconds);
		}
		return Duration.ofNanos(Math.round(value * 1_000_000_000L));
	}

}
