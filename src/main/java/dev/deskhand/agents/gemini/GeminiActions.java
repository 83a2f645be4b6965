package dev.deskhand.agents.gemini;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import dev.deskhand.agents.ScrollClicks;
import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.Echo;
import dev.deskhand.errors.ErrorCode;

/**
 * Gemini's {@code computer_use} function calls as the {@code computer_batch} actions they
 * mean. Coordinates stay on Gemini's 0-999 grid: the session's {@code gemini} profile
 * reads them so.
 */
final class GeminiActions {

	/** Gemini's documented default scroll magnitude, in grid units of the screen. */
	static final int DEFAULT_MAGNITUDE = 800;

	static final Map<String, Set<String>> FIELDS = Map.ofEntries(Map.entry("click_at", Set.of("x", "y")),
			Map.entry("hover_at", Set.of("x", "y")),
			Map.entry("type_text_at", Set.of("x", "y", "text", "press_enter", "clear_before_typing")),
			Map.entry("key_combination", Set.of("keys")),
			Map.entry("scroll_at", Set.of("x", "y", "direction", "magnitude")),
			Map.entry("scroll_document", Set.of("direction")),
			Map.entry("drag_and_drop", Set.of("x", "y", "destination_x", "destination_y")),
			Map.entry("wait_5_seconds", Set.of()));

	/**
	 * The browser functions of Gemini's toolset, which a desktop has no single answer to.
	 */
	static final Set<String> BROWSER_ONLY = Set.of("open_web_browser", "navigate", "search", "go_back", "go_forward");

	private static final Set<String> DIRECTIONS = Set.of("up", "down", "left", "right");

	/**
	 * @param actions {@code computer_batch} actions
	 * @param done what was done, in words
	 */
	record Step(List<Map<String, Object>> actions, String done) {
	}

	private GeminiActions() {
	}

	/**
	 * @param args the call's args without {@code safety_decision}
	 * @param imageHeight the height of the session's screenshots, which a magnitude is a
	 * fraction of
	 */
	static Step translate(String name, Map<?, ?> args, int imageHeight, int pixelsPerClick) {
		if (BROWSER_ONLY.contains(name)) {
			throw new DeskhandException(ErrorCode.E_UNSUPPORTED, "'" + name
					+ "' is a browser function; on a desktop, click and type into the browser window instead");
		}
		if (!FIELDS.containsKey(name)) {
			throw DeskhandException.args("no function " + Echo.of(name) + "; served are "
					+ String.join(", ", FIELDS.keySet().stream().sorted().toList()));
		}
		for (Object key : args.keySet()) {
			if (!FIELDS.get(name).contains(key)) {
				throw DeskhandException.args("'" + name + "' takes no argument " + Echo.of(key));
			}
		}
		return switch (name) {
			case "click_at" -> new Step(List.of(act("left_click", point(args, "x", "y"))), "clicked");
			case "hover_at" -> new Step(List.of(act("mouse_move", point(args, "x", "y"))), "moved the pointer");
			case "type_text_at" -> typeAt(args);
			case "key_combination" -> {
				if (!(args.get("keys") instanceof String keys) || keys.isBlank()) {
					throw DeskhandException.args("keys must be a chord such as \"control+c\"");
				}
				yield new Step(List.of(Map.of("action", "key", "text", keys)), "pressed " + keys);
			}
			case "scroll_at" -> scroll(point(args, "x", "y"), args, imageHeight, pixelsPerClick);
			case "scroll_document" -> scroll(List.of(500, 500), args, imageHeight, pixelsPerClick);
			case "drag_and_drop" -> {
				Map<String, Object> drag = act("left_click_drag", point(args, "destination_x", "destination_y"));
				drag.put("start_coordinate", point(args, "x", "y"));
				yield new Step(List.of(drag), "dragged");
			}
			case "wait_5_seconds" -> new Step(List.of(Map.of("action", "wait", "duration", 5)), "waited 5 s");
			default -> throw new IllegalStateException(name);
		};
	}

	private static Step typeAt(Map<?, ?> args) {
		if (!(args.get("text") instanceof String text)) {
			throw DeskhandException.args("text must be a string");
		}
		List<Map<String, Object>> actions = new ArrayList<>();
		actions.add(act("left_click", point(args, "x", "y")));
		// Gemini's documented defaults: clear the field first, press Enter after
		if (flag(args, "clear_before_typing", true)) {
			actions.add(Map.of("action", "key", "text", "ctrl+a"));
			actions.add(Map.of("action", "key", "text", "Delete"));
		}
		actions.add(Map.of("action", "type", "text", text));
		boolean enter = flag(args, "press_enter", true);
		if (enter) {
			actions.add(Map.of("action", "key", "text", "Return"));
		}
		return new Step(actions, "typed " + text.length() + " characters" + (enter ? " and pressed Enter" : ""));
	}

	private static Step scroll(List<Integer> point, Map<?, ?> args, int imageHeight, int pixelsPerClick) {
		Object direction = args.get("direction");
		if (!(direction instanceof String named) || !DIRECTIONS.contains(named)) {
			throw DeskhandException.args("direction must be up, down, left or right, got " + Echo.of(direction));
		}
		int magnitude = (args.get("magnitude") != null) ? whole(args.get("magnitude"), "magnitude") : DEFAULT_MAGNITUDE;
		if (magnitude < 0 || magnitude > 999) {
			throw DeskhandException.args("magnitude must be 0-999 (grid units of the screen), got " + magnitude);
		}
		// a magnitude is a share of the screen, as the grid is: in screenshot pixels,
		// then
		// wheel clicks by the same rule as any pixel scroll
		int pixels = (int) Math.round(magnitude / 1000.0 * imageHeight);
		ScrollClicks clicks = ScrollClicks.of(pixels, pixelsPerClick);
		if (clicks.clicks() == 0) {
			return new Step(List.of(act("mouse_move", point)), "moved the pointer; no scroll (magnitude 0)");
		}
		Map<String, Object> scroll = act("scroll", point);
		scroll.put("scroll_direction", named);
		scroll.put("scroll_amount", clicks.clicks());
		return new Step(List.of(scroll), clicks.describe(named, named));
	}

	private static Map<String, Object> act(String tool, List<Integer> point) {
		Map<String, Object> action = new LinkedHashMap<>();
		action.put("action", tool);
		action.put("coordinate", point);
		return action;
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
			throw DeskhandException.args(key + " must be a whole number on the 0-999 grid, got " + Echo.of(value));
		}
		return number.intValue();
	}

}
