package dev.deskhand.agents.gemini;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import dev.deskhand.agents.BatchStep;
import dev.deskhand.agents.BatchStep.Click;
import dev.deskhand.agents.BatchStep.ClickKind;
import dev.deskhand.agents.BatchStep.Drag;
import dev.deskhand.agents.BatchStep.Key;
import dev.deskhand.agents.BatchStep.MoveTo;
import dev.deskhand.agents.BatchStep.Scroll;
import dev.deskhand.agents.BatchStep.SelectAll;
import dev.deskhand.agents.BatchStep.Type;
import dev.deskhand.agents.BatchStep.Wait;
import dev.deskhand.agents.ScrollClicks;
import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.Echo;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.screen.CoordinateSpace;
import dev.deskhand.screen.ScreenGeometry;

/**
 * Gemini's {@code computer_use} function calls as the {@code computer_batch} actions they
 * mean. Coordinates stay on Gemini's 0-999 grid: the session's {@code gemini} profile
 * reads them so.
 */
final class GeminiActions {

	/** Gemini's documented default scroll magnitude, in grid units of the screen. */
	static final int DEFAULT_MAGNITUDE = 800;

	/**
	 * Every served function and its arguments: the legacy forms of the Gemini 2.5
	 * computer-use model and Gemini 3 / 3.1 previews first, then the newer forms of
	 * Gemini 3.5 Flash and later (docs/agents.md says where each is documented).
	 * {@code drag_and_drop} is the same in both.
	 */
	static final Map<String, Set<String>> FIELDS = Map.ofEntries(Map.entry("click_at", Set.of("x", "y")),
			Map.entry("hover_at", Set.of("x", "y")),
			Map.entry("type_text_at", Set.of("x", "y", "text", "press_enter", "clear_before_typing")),
			Map.entry("key_combination", Set.of("keys")),
			Map.entry("scroll_at", Set.of("x", "y", "direction", "magnitude")),
			Map.entry("scroll_document", Set.of("direction")),
			Map.entry("drag_and_drop", Set.of("x", "y", "destination_x", "destination_y")),
			Map.entry("wait_5_seconds", Set.of()), Map.entry("click", Set.of("x", "y")),
			Map.entry("double_click", Set.of("x", "y")), Map.entry("triple_click", Set.of("x", "y")),
			Map.entry("right_click", Set.of("x", "y")), Map.entry("middle_click", Set.of("x", "y")),
			Map.entry("move", Set.of("x", "y")), Map.entry("type", Set.of("text", "press_enter")),
			Map.entry("press_key", Set.of("key")), Map.entry("hotkey", Set.of("keys")),
			Map.entry("scroll", Set.of("x", "y", "direction", "magnitude")), Map.entry("wait", Set.of("seconds")),
			Map.entry("take_screenshot", Set.of()));

	/**
	 * The newer forms, which may also carry {@code intent}: the model's reason for the
	 * step, in words. It moves nothing, so it is accepted and not acted on.
	 */
	static final Set<String> WITH_INTENT = Set.of("click", "double_click", "triple_click", "right_click",
			"middle_click", "move", "type", "press_key", "hotkey", "scroll", "wait", "take_screenshot",
			"drag_and_drop");

	/**
	 * The browser functions of Gemini's toolset, which a desktop has no single answer to.
	 */
	static final Set<String> BROWSER_ONLY = Set.of("open_web_browser", "navigate", "search", "go_back", "go_forward");

	/**
	 * The newer forms that press a button or key in one call and release it in another: a
	 * desktop never keeps one held between calls (a failed or abandoned loop would leave
	 * it down), so they are refused with what to send instead.
	 */
	static final Map<String, String> HOLDING = Map.of("mouse_down", "drag_and_drop", "mouse_up", "drag_and_drop",
			"key_down", "hotkey", "key_up", "hotkey");

	private static final Set<String> DIRECTIONS = Set.of("up", "down", "left", "right");

	/**
	 * @param actions the batch actions, in order
	 * @param done what was done, in words
	 */
	record Step(List<BatchStep> actions, String done) {
	}

	private GeminiActions() {
	}

	/**
	 * @param args the call's args without {@code safety_decision}
	 * @param imageWidth the width of the session's screenshots, which a sideways
	 * magnitude is a fraction of
	 * @param imageHeight their height, which an up or down magnitude is a fraction of
	 */
	static Step translate(String name, Map<?, ?> args, int imageWidth, int imageHeight, int pixelsPerClick) {
		if (HOLDING.containsKey(name)) {
			throw new DeskhandException(ErrorCode.E_UNSUPPORTED,
					"'" + name + "' would keep a button or key held between calls, which Deskhand never does; send "
							+ HOLDING.get(name) + " instead");
		}
		if (BROWSER_ONLY.contains(name)) {
			throw new DeskhandException(ErrorCode.E_UNSUPPORTED, "'" + name
					+ "' is a browser function; on a desktop, click and type into the browser window instead");
		}
		if (!FIELDS.containsKey(name)) {
			throw DeskhandException.args("no function " + Echo.of(name) + "; served are "
					+ String.join(", ", FIELDS.keySet().stream().sorted().toList()));
		}
		for (Object key : args.keySet()) {
			if ("intent".equals(key) && WITH_INTENT.contains(name)) {
				if (!(args.get(key) instanceof String)) {
					throw DeskhandException.args("intent must be a string");
				}
				continue;
			}
			if (!FIELDS.get(name).contains(key)) {
				throw DeskhandException.args("'" + name + "' takes no argument " + Echo.of(key));
			}
		}
		Sizes sizes = new Sizes(imageWidth, imageHeight, pixelsPerClick);
		return switch (name) {
			case "click_at", "click" ->
				new Step(List.of(new Click(ClickKind.LEFT_CLICK, point(args, "x", "y"))), "clicked");
			case "double_click", "triple_click", "right_click", "middle_click" ->
				new Step(List.of(new Click(ClickKind.valueOf(name.toUpperCase(Locale.ROOT)), point(args, "x", "y"))),
						name.replace('_', '-') + "ed");
			case "hover_at", "move" -> new Step(List.of(new MoveTo(point(args, "x", "y"))), "moved the pointer");
			case "type_text_at" -> typeAt(args);
			case "type" -> type(args);
			case "key_combination" -> {
				if (!(args.get("keys") instanceof String keys) || keys.isBlank()) {
					throw DeskhandException.args("keys must be a chord such as \"control+c\"");
				}
				yield new Step(List.of(new Key(keys)), "pressed " + keys);
			}
			case "press_key" -> {
				String key = keyName(args.get("key"), "key");
				yield new Step(List.of(new Key(key)), "pressed " + key);
			}
			case "hotkey" -> hotkey(args);
			case "scroll_at", "scroll" -> scroll(point(args, "x", "y"), args, sizes);
			case "scroll_document" -> scroll(List.of(500, 500), args, sizes);
			case "drag_and_drop" -> new Step(
					List.of(new Drag(point(args, "x", "y"), point(args, "destination_x", "destination_y"))), "dragged");
			case "wait_5_seconds" -> new Step(List.of(new Wait(5)), "waited 5 s");
			case "wait" -> {
				// Gemini's reference loop waits 1 s when seconds is not given; the
				// batch's
				// wait checks the range
				int seconds = (args.get("seconds") != null) ? whole(args.get("seconds"), "seconds") : 1;
				yield new Step(List.of(new Wait(seconds)), "waited " + seconds + " s");
			}
			// the screenshot after the calls is the answer
			case "take_screenshot" -> new Step(List.of(), "took a screenshot");
			default -> throw new IllegalStateException(name);
		};
	}

	/** What a scroll's magnitude and a wheel click are measured against. */
	private record Sizes(int imageWidth, int imageHeight, int pixelsPerClick) {
	}

	/**
	 * The newer {@code type}: at the focus, with no click and no clearing first, and
	 * Enter only when asked (Gemini's reference loop defaults it to false).
	 */
	private static Step type(Map<?, ?> args) {
		if (!(args.get("text") instanceof String text)) {
			throw DeskhandException.args("text must be a string");
		}
		List<BatchStep> actions = new ArrayList<>();
		actions.add(new Type(text));
		boolean enter = flag(args, "press_enter", false);
		if (enter) {
			actions.add(new Key("Return"));
		}
		return new Step(actions, "typed " + text.length() + " characters" + (enter ? " and pressed Enter" : ""));
	}

	/** {@code hotkey {keys: ["control", "c"]}}: one chord, pressed in order, released. */
	private static Step hotkey(Map<?, ?> args) {
		if (!(args.get("keys") instanceof List<?> keys) || keys.isEmpty()) {
			throw DeskhandException.args(
					"keys must be a list of key names such as [\"control\", \"c\"], got " + Echo.of(args.get("keys")));
		}
		List<String> names = new ArrayList<>();
		for (Object key : keys) {
			names.add(keyName(key, "keys[" + names.size() + "]"));
		}
		String chord = String.join("+", names);
		return new Step(List.of(new Key(chord)), "pressed " + chord);
	}

	private static String keyName(Object value, String argument) {
		if (!(value instanceof String key) || key.isBlank()) {
			throw DeskhandException.args(argument + " must be a key name such as \"Enter\", got " + Echo.of(value));
		}
		if (key.contains("+") && key.length() > 1) {
			throw DeskhandException.args(argument + " must be one key name, got the chord " + Echo.of(value)
					+ "; send the keys of a chord to hotkey as a list");
		}
		return key.strip();
	}

	private static Step typeAt(Map<?, ?> args) {
		if (!(args.get("text") instanceof String text)) {
			throw DeskhandException.args("text must be a string");
		}
		List<BatchStep> actions = new ArrayList<>();
		actions.add(new Click(ClickKind.LEFT_CLICK, point(args, "x", "y")));
		// Gemini's documented defaults: clear the field first (with the desktop's own
		// select-all, cmd+a on macOS), press Enter after
		if (flag(args, "clear_before_typing", true)) {
			actions.add(new SelectAll());
			actions.add(new Key("Delete"));
		}
		actions.add(new Type(text));
		boolean enter = flag(args, "press_enter", true);
		if (enter) {
			actions.add(new Key("Return"));
		}
		return new Step(actions, "typed " + text.length() + " characters" + (enter ? " and pressed Enter" : ""));
	}

	private static Step scroll(List<Integer> point, Map<?, ?> args, Sizes sizes) {
		Object direction = args.get("direction");
		if (!(direction instanceof String named) || !DIRECTIONS.contains(named)) {
			throw DeskhandException.args("direction must be up, down, left or right, got " + Echo.of(direction));
		}
		int magnitude = (args.get("magnitude") != null) ? whole(args.get("magnitude"), "magnitude") : DEFAULT_MAGNITUDE;
		if (magnitude < 0 || magnitude > 999) {
			throw DeskhandException.args("magnitude must be 0-999 (grid units of the screen), got " + magnitude);
		}
		// a magnitude is a share of the screen along the scroll, as the grid is: in
		// screenshot pixels, then wheel clicks by the same rule as any pixel scroll
		boolean sideways = named.equals("left") || named.equals("right");
		int extent = sideways ? sizes.imageWidth() : sizes.imageHeight();
		int pixels = (int) Math.round(magnitude / 1000.0 * extent);
		ScrollClicks clicks = ScrollClicks.of(pixels, sizes.pixelsPerClick());
		if (clicks.clicks() == 0) {
			return new Step(List.of(new MoveTo(point)), "moved the pointer; no scroll (magnitude 0)");
		}
		return new Step(List.of(new Scroll(point, named, clicks.clicks())), clicks.describe(named, named));
	}

	/**
	 * The step in the coordinates of the session it runs in. Gemini's cells are for the
	 * {@code gemini} profile's 0-999 grid and pass as they are; a session that reads
	 * image pixels (an agent configured with another profile, an in-process conversation
	 * that began with Deskhand's own tools) gets each cell as the screenshot pixel under
	 * its centre, so the click still lands where the model aimed.
	 * @throws DeskhandException E_ARGS for a cell off the grid
	 */
	static Step inSessionSpace(Step step, ScreenGeometry session) {
		if (session.space() == CoordinateSpace.GRID_1000) {
			return step;
		}
		ScreenGeometry grid = new ScreenGeometry(session.displayId(), session.bounds(), session.imageWidth(),
				session.imageHeight(), CoordinateSpace.GRID_1000);
		List<BatchStep> actions = step.actions().stream().map((action) -> action.withCells((cell) -> {
			int[] pixel = session.toImage(grid.toDesktop(cell.get(0), cell.get(1)));
			return List.of(pixel[0], pixel[1]);
		})).toList();
		return new Step(actions, step.done());
	}

	private static List<Integer> point(Map<?, ?> args, String x, String y) {
		return List.of(whole(args.get(x), x), whole(args.get(y), y));
	}

	private static boolean flag(Map<?, ?> args, String key, boolean otherwise) {
		Object value = args.get(key);
		if (value == null) {
			return otherwise;
		}
		if (!(value instanceof Boolean flag)) {
			throw DeskhandException.args(key + " must be true or false");
		}
		return flag;
	}

	private static int whole(Object value, String key) {
		if (!(value instanceof Number number) || number.doubleValue() != Math.rint(number.doubleValue())
				|| Math.abs(number.doubleValue()) > 1_000_000) {
			throw DeskhandException.args(key + " must be a whole number"
					+ ("seconds".equals(key) ? "" : " on the 0-999 grid") + ", got " + Echo.of(value));
		}
		return number.intValue();
	}

}
