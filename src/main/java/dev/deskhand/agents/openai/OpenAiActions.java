package dev.deskhand.agents.openai;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import dev.deskhand.agents.BatchStep;
import dev.deskhand.agents.BatchStep.Click;
import dev.deskhand.agents.BatchStep.ClickKind;
import dev.deskhand.agents.BatchStep.Drag;
import dev.deskhand.agents.BatchStep.Key;
import dev.deskhand.agents.BatchStep.LeftButton;
import dev.deskhand.agents.BatchStep.MoveTo;
import dev.deskhand.agents.BatchStep.Scroll;
import dev.deskhand.agents.BatchStep.Type;
import dev.deskhand.agents.BatchStep.Wait;
import dev.deskhand.agents.ScrollClicks;
import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.Echo;
import dev.deskhand.errors.ErrorCode;

/**
 * OpenAI's {@code computer} actions as the batch actions they mean. Only the shape is
 * checked here; {@code ActionArguments} then validates the result the way it validates
 * any tool call (coordinates inside the screenshot, real key names), before anything
 * runs.
 */
final class OpenAiActions {

	/**
	 * OpenAI's sample loop sleeps two seconds for {@code wait}, which has no duration.
	 */
	static final double WAIT_SECONDS = 2;

	static final Map<String, Set<String>> FIELDS = Map.of("click", Set.of("x", "y", "button", "keys"), "double_click",
			Set.of("x", "y", "keys"), "drag", Set.of("path", "keys"), "keypress", Set.of("keys"), "move",
			Set.of("x", "y", "keys"), "scroll", Set.of("x", "y", "scroll_x", "scroll_y", "keys"), "type",
			Set.of("text"), "wait", Set.of(), "screenshot", Set.of());

	private static final Map<String, ClickKind> BUTTONS = Map.of("left", ClickKind.LEFT_CLICK, "right",
			ClickKind.RIGHT_CLICK, "wheel", ClickKind.MIDDLE_CLICK);

	/**
	 * One vendor action and the Deskhand actions it became (none for {@code screenshot}:
	 * the reply carries one anyway).
	 *
	 * @param type the vendor's action type
	 * @param actions the batch actions, in order
	 * @param done what was done, in words, when it ran
	 */
	record Step(String type, List<BatchStep> actions, String done) {
	}

	private OpenAiActions() {
	}

	static Step translate(Object raw, int pixelsPerClick) {
		if (!(raw instanceof Map<?, ?> action)) {
			throw DeskhandException.args("must be an object with a type, got " + Echo.of(raw));
		}
		Object type = action.get("type");
		if (!(type instanceof String name) || !FIELDS.containsKey(name)) {
			throw DeskhandException.args("type must be one of "
					+ String.join(", ", FIELDS.keySet().stream().sorted().toList()) + ", got " + Echo.of(type));
		}
		for (Object key : action.keySet()) {
			if (!"type".equals(key) && !FIELDS.get(name).contains(key)) {
				throw DeskhandException.args("'" + name + "' takes no field " + Echo.of(key));
			}
		}
		String keys = modifiers(action.get("keys"));
		return switch (name) {
			case "click" -> click(action, keys);
			case "double_click" -> step(name, "double-clicked", new Click(ClickKind.DOUBLE_CLICK, point(action), keys));
			case "move" -> {
				if (keys != null) {
					throw DeskhandException.args("'move' with keys held is not supported; press them with keypress");
				}
				yield step(name, "moved the pointer", new MoveTo(point(action)));
			}
			case "drag" -> drag(action.get("path"), keys);
			case "keypress" -> keypress(action.get("keys"));
			case "type" -> step(name, "typed", new Type(requireString(action, "text")));
			case "scroll" -> scroll(action, keys, pixelsPerClick);
			case "wait" -> step(name, "waited " + (int) WAIT_SECONDS + " s", new Wait(WAIT_SECONDS));
			case "screenshot" -> new Step(name, List.of(), "took a screenshot");
			default -> throw new IllegalStateException(name);
		};
	}

	private static Step click(Map<?, ?> action, String keys) {
		Object button = (action.get("button") != null) ? action.get("button") : "left";
		if ("back".equals(button) || "forward".equals(button)) {
			throw new DeskhandException(ErrorCode.E_UNSUPPORTED,
					"button '" + button + "' is not supported; press alt+Left or alt+Right with keypress instead");
		}
		ClickKind kind = BUTTONS.get(button);
		if (kind == null) {
			throw DeskhandException.args("button must be left, right, wheel, back or forward, got " + Echo.of(button));
		}
		return step("click", "clicked " + button, new Click(kind, point(action), keys));
	}

	private static Step drag(Object path, String keys) {
		if (!(path instanceof List<?> points) || points.size() < 2) {
			throw DeskhandException.args("drag needs a path of at least 2 points {x, y}, got " + Echo.of(path));
		}
		if (points.size() == 2) {
			return step("drag", "dragged", new Drag(point(points.get(0)), point(points.get(1)), keys));
		}
		if (keys != null) {
			throw DeskhandException.args("a drag of more than 2 points with keys held is not supported");
		}
		// press, pass every point, release: one batch, so the queue releases the button
		// if
		// anything in between fails
		List<BatchStep> actions = new ArrayList<>();
		actions.add(new LeftButton(true, point(points.get(0))));
		for (Object middle : points.subList(1, points.size() - 1)) {
			actions.add(new MoveTo(point(middle)));
		}
		actions.add(new LeftButton(false, point(points.get(points.size() - 1))));
		return new Step("drag", actions, "dragged along " + points.size() + " points");
	}

	private static Step keypress(Object keys) {
		String chord = modifiers(keys);
		if (chord == null) {
			throw DeskhandException.args("keypress needs keys, e.g. [\"CTRL\", \"C\"]");
		}
		return step("keypress", "pressed " + chord, new Key(chord));
	}

	private static Step scroll(Map<?, ?> action, String keys, int pixelsPerClick) {
		List<Integer> point = point(action);
		ScrollClicks vertical = ScrollClicks.of(pixels(action, "scroll_y"), pixelsPerClick);
		ScrollClicks horizontal = ScrollClicks.of(pixels(action, "scroll_x"), pixelsPerClick);
		List<BatchStep> actions = new ArrayList<>();
		if (vertical.clicks() == 0 && horizontal.clicks() == 0) {
			actions.add(new MoveTo(point));
			return new Step("scroll", actions, "moved the pointer; no scroll (asked 0 px)");
		}
		List<String> done = new ArrayList<>();
		if (vertical.clicks() > 0) {
			actions.add(new Scroll(point, (vertical.pixels() < 0) ? "up" : "down", vertical.clicks(), keys));
			done.add(vertical.describe("up", "down"));
		}
		if (horizontal.clicks() > 0) {
			actions.add(new Scroll(point, (horizontal.pixels() < 0) ? "left" : "right", horizontal.clicks(), keys));
			done.add(horizontal.describe("left", "right"));
		}
		return new Step("scroll", actions, String.join(", ", done));
	}

	private static Step step(String type, String done, BatchStep action) {
		return new Step(type, List.of(action), done);
	}

	/**
	 * The keys OpenAI sends as a list, as the {@code a+b} chord Deskhand's key names
	 * take.
	 */
	private static String modifiers(Object keys) {
		if (keys == null) {
			return null;
		}
		if (!(keys instanceof List<?> list) || list.isEmpty()
				|| !list.stream().allMatch((key) -> key instanceof String text && !text.isBlank())) {
			throw DeskhandException.args("keys must be a non-empty list of key names, got " + Echo.of(keys));
		}
		return String.join("+", list.stream().map((key) -> ((String) key).strip()).toList());
	}

	private static List<Integer> point(Object raw) {
		if (!(raw instanceof Map<?, ?> fields)) {
			throw DeskhandException.args("a point must be {x, y}, got " + Echo.of(raw));
		}
		return List.of(whole(fields.get("x"), "x"), whole(fields.get("y"), "y"));
	}

	private static int pixels(Map<?, ?> action, String key) {
		Object value = action.get(key);
		return (value == null) ? 0 : whole(value, key);
	}

	private static int whole(Object value, String key) {
		if (!(value instanceof Number number) || number.doubleValue() != Math.rint(number.doubleValue())
				|| Math.abs(number.doubleValue()) > 1_000_000) {
			throw DeskhandException.args(key + " must be a whole number of pixels, got " + Echo.of(value));
		}
		return number.intValue();
	}

	private static String requireString(Map<?, ?> action, String key) {
		if (!(action.get(key) instanceof String text)) {
			throw DeskhandException.args(key + " must be a string");
		}
		return text;
	}

}
