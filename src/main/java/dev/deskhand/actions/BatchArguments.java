package dev.deskhand.actions;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.Echo;
import dev.deskhand.input.InputAction;
import dev.deskhand.screen.DisplayChoice;

/**
 * Validates a whole {@code computer_batch} before anything runs: every action known,
 * every argument known and well-typed, every coordinate inside its screenshot, every key
 * name real.
 */
public final class BatchArguments {

	static final int MAX_ACTIONS = 100;

	private static final Set<String> COMMON = Set.of("display_id");

	private static final Map<String, Set<String>> ARGUMENTS = Map.ofEntries(
			Map.entry("mouse_move", Set.of("coordinate")), Map.entry("left_click", Set.of("coordinate", "text")),
			Map.entry("right_click", Set.of("coordinate", "text")),
			Map.entry("middle_click", Set.of("coordinate", "text")),
			Map.entry("double_click", Set.of("coordinate", "text")),
			Map.entry("triple_click", Set.of("coordinate", "text")),
			Map.entry("left_click_drag", Set.of("start_coordinate", "coordinate", "text")),
			Map.entry("left_mouse_down", Set.of("coordinate")), Map.entry("left_mouse_up", Set.of("coordinate")),
			Map.entry("scroll", Set.of("coordinate", "scroll_direction", "scroll_amount", "text")),
			Map.entry("type", Set.of("text")), Map.entry("key", Set.of("text", "repeat")),
			Map.entry("hold_key", Set.of("text", "duration")), Map.entry("wait", Set.of("duration")));

	private final ActionArguments actions;

	BatchArguments(ActionArguments actions) {
		this.actions = actions;
	}

	public DisplayChoice display(String session, String displayId) {
		return this.actions.display(session, displayId);
	}

	public List<InputAction> parse(String session, DisplayChoice defaultDisplay, List<Map<String, Object>> batch) {
		if (batch == null || batch.isEmpty()) {
			throw DeskhandException.args("actions is empty");
		}
		if (batch.size() > MAX_ACTIONS) {
			throw DeskhandException.args("at most " + MAX_ACTIONS + " actions per batch, got " + batch.size());
		}
		List<InputAction> parsed = new ArrayList<>(batch.size());
		for (int i = 0; i < batch.size(); i++) {
			try {
				parsed.add(parseOne(session, defaultDisplay, batch.get(i)));
			}
			catch (DeskhandException ex) {
				throw new DeskhandException(ex.code(), "actions[" + i + "]: " + ex.getMessage() + "; nothing ran", ex);
			}
		}
		return parsed;
	}

	/**
	 * One {@code computer_batch} action on its own, its errors without a batch index: for
	 * a vendor whose vocabulary is the batch's own (Anthropic's {@code computer} tool),
	 * which names the failing action by its own index.
	 */
	public InputAction parseOne(String session, DisplayChoice defaultDisplay, Map<String, Object> args) {
		if (args == null) {
			throw DeskhandException.args("is null");
		}
		Object name = args.get("action");
		if (!(name instanceof String tool) || !ARGUMENTS.containsKey(tool)) {
			throw DeskhandException.args("action must be one of "
					+ String.join(", ", ARGUMENTS.keySet().stream().sorted().toList()) + ", got " + Echo.of(name));
		}
		for (String key : args.keySet()) {
			if (!key.equals("action") && !COMMON.contains(key) && !ARGUMENTS.get(tool).contains(key)) {
				throw DeskhandException.args("'" + tool + "' takes no argument " + Echo.of(key));
			}
		}
		DisplayChoice display = (args.get("display_id") != null)
				? this.actions.display(defaultDisplay, string(args, "display_id")) : defaultDisplay;
		return switch (tool) {
			case "mouse_move" -> this.actions.moveTo(session, display, coordinate(args, "coordinate"));
			case "left_click", "right_click", "middle_click", "double_click", "triple_click" ->
				this.actions.click(tool, session, display, coordinate(args, "coordinate"), string(args, "text"));
			case "left_click_drag" -> this.actions.drag(session, display, coordinate(args, "start_coordinate"),
					coordinate(args, "coordinate"), string(args, "text"));
			case "left_mouse_down", "left_mouse_up" ->
				this.actions.button(tool, session, display, coordinate(args, "coordinate"));
			case "scroll" -> this.actions.scroll(session, display, coordinate(args, "coordinate"),
					string(args, "scroll_direction"), integer(args, "scroll_amount"), string(args, "text"));
			case "type" -> this.actions.type(string(args, "text"));
			case "key" -> this.actions.key(string(args, "text"), integer(args, "repeat"));
			case "hold_key" -> this.actions.holdKey(string(args, "text"), number(args, "duration"));
			case "wait" -> this.actions.pause(number(args, "duration"));
			default -> throw new IllegalStateException(tool);
		};
	}

	private static String string(Map<String, Object> args, String key) {
		Object value = args.get(key);
		if (value == null || value instanceof String) {
			return (String) value;
		}
		throw DeskhandException.args(key + " must be a string");
	}

	private static Number number(Map<String, Object> args, String key) {
		Object value = args.get(key);
		if (value == null || value instanceof Number) {
			return (Number) value;
		}
		throw DeskhandException.args(key + " must be a number");
	}

	private static Integer integer(Map<String, Object> args, String key) {
		Number value = number(args, key);
		if (value == null) {
			return null;
		}
		return exactInt(value, key);
	}

	private static List<Integer> coordinate(Map<String, Object> args, String key) {
		Object value = args.get(key);
		if (value == null) {
			return null;
		}
		if (!(value instanceof List<?> list) || list.size() != 2) {
			throw DeskhandException.args(key + " must be [x, y] in screenshot image pixels");
		}
		List<Integer> point = new ArrayList<>(2);
		for (Object element : list) {
			if (!(element instanceof Number number)) {
				throw DeskhandException.args(key + " must be [x, y] with integer pixels");
			}
			point.add(exactInt(number, key));
		}
		return point;
	}

	private static int exactInt(Number value, String key) {
		double asDouble = value.doubleValue();
		if (asDouble != Math.rint(asDouble) || Math.abs(asDouble) > Integer.MAX_VALUE) {
			throw DeskhandException.args(key + " must be a whole number, got " + value);
		}
		return (int) asDouble;
	}

}
