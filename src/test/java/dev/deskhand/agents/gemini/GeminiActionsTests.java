package dev.deskhand.agents.gemini;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

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
import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.Rect;
import dev.deskhand.screen.CoordinateSpace;
import dev.deskhand.screen.ScreenGeometry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Every Gemini computer-use function, and every argument of it that presses a key or
 * moves the pointer, as the typed batch actions it becomes (coordinates stay grid cells);
 * and what is refused.
 */
class GeminiActionsTests {

	private static final int IMAGE_WIDTH = 1440;

	private static final int IMAGE_HEIGHT = 810;

	private static final int PX_PER_CLICK = 100;

	static List<Object[]> table() {
		return List.of(
				row("click_at", Map.of("x", 10, "y", 20), List.of(new Click(ClickKind.LEFT_CLICK, List.of(10, 20)))),
				row("hover_at", Map.of("x", 1, "y", 2), List.of(new MoveTo(List.of(1, 2)))),
				row("type_text_at", Map.of("x", 5, "y", 6, "text", "hi"),
						List.of(new Click(ClickKind.LEFT_CLICK, List.of(5, 6)), new SelectAll(), new Key("Delete"),
								new Type("hi"), new Key("Return"))),
				row("type_text_at",
						Map.of("x", 5, "y", 6, "text", "hi", "press_enter", false, "clear_before_typing", false),
						List.of(new Click(ClickKind.LEFT_CLICK, List.of(5, 6)), new Type("hi"))),
				row("key_combination", Map.of("keys", "control+c"), List.of(new Key("control+c"))),
				// 800 of 1000 of an 810-px screenshot is 648 px: 6 clicks of 100 px
				row("scroll_at", Map.of("x", 500, "y", 400, "direction", "down", "magnitude", 800),
						List.of(new Scroll(List.of(500, 400), "down", 6))),
				row("scroll_document", Map.of("direction", "up"), List.of(new Scroll(List.of(500, 500), "up", 6))),
				row("drag_and_drop", Map.of("x", 1, "y", 2, "destination_x", 3, "destination_y", 4),
						List.of(new Drag(List.of(1, 2), List.of(3, 4)))),
				row("wait_5_seconds", Map.of(), List.of(new Wait(5))),
				// the newer forms (Gemini 3.5 Flash)
				row("click", Map.of("x", 10, "y", 20), List.of(new Click(ClickKind.LEFT_CLICK, List.of(10, 20)))),
				row("double_click", Map.of("x", 3, "y", 4), List.of(new Click(ClickKind.DOUBLE_CLICK, List.of(3, 4)))),
				row("triple_click", Map.of("x", 3, "y", 4), List.of(new Click(ClickKind.TRIPLE_CLICK, List.of(3, 4)))),
				row("right_click", Map.of("x", 3, "y", 4), List.of(new Click(ClickKind.RIGHT_CLICK, List.of(3, 4)))),
				row("middle_click", Map.of("x", 3, "y", 4), List.of(new Click(ClickKind.MIDDLE_CLICK, List.of(3, 4)))),
				row("move", Map.of("x", 7, "y", 8), List.of(new MoveTo(List.of(7, 8)))),
				// at the focus: no click, no clearing, Enter only when asked
				row("type", Map.of("text", "hi"), List.of(new Type("hi"))),
				row("type", Map.of("text", "hi", "press_enter", true), List.of(new Type("hi"), new Key("Return"))),
				row("press_key", Map.of("key", "Enter"), List.of(new Key("Enter"))),
				row("hotkey", Map.of("keys", List.of("Control", "Shift", "t")), List.of(new Key("Control+Shift+t"))),
				row("scroll", Map.of("x", 500, "y", 400, "direction", "down", "magnitude", 800),
						List.of(new Scroll(List.of(500, 400), "down", 6))),
				// sideways, a magnitude is a share of the width: 500 of 1440 px is 720 px
				row("scroll", Map.of("x", 1, "y", 2, "direction", "right", "magnitude", 500),
						List.of(new Scroll(List.of(1, 2), "right", 7))),
				row("scroll", Map.of("x", 1, "y", 2, "direction", "up"), List.of(new Scroll(List.of(1, 2), "up", 6))),
				row("wait", Map.of("seconds", 3), List.of(new Wait(3))), row("wait", Map.of(), List.of(new Wait(1))),
				row("take_screenshot", Map.of(), List.of()));
	}

	private static Object[] row(String name, Map<String, Object> args, List<BatchStep> expected) {
		return new Object[] { name, args, expected };
	}

	@ParameterizedTest
	@MethodSource("table")
	void eachFunctionBecomesTheseBatchActions(String name, Map<String, Object> args, List<BatchStep> expected) {
		assertThat(GeminiActions.translate(name, args, IMAGE_WIDTH, IMAGE_HEIGHT, PX_PER_CLICK).actions())
			.isEqualTo(expected);
	}

	@Test
	void theTableCoversEveryFunctionAndEveryArgument() {
		Set<String> names = new TreeSet<>();
		Set<String> covered = new TreeSet<>();
		for (Object[] row : table()) {
			names.add((String) row[0]);
			((Map<?, ?>) row[1]).keySet().forEach((key) -> covered.add(row[0] + "." + key));
		}
		Set<String> arguments = new TreeSet<>();
		GeminiActions.FIELDS.forEach((name, keys) -> keys.forEach((key) -> arguments.add(name + "." + key)));
		assertThat(names).isEqualTo(new TreeSet<>(GeminiActions.FIELDS.keySet()));
		assertThat(covered).containsAll(arguments);
	}

	@Test
	void everyRefusedFunctionHasARefusalRow() {
		Set<String> refusedNames = new TreeSet<>();
		refused().forEach((row) -> refusedNames.add((String) row[0]));
		assertThat(refusedNames).containsAll(GeminiActions.HOLDING.keySet()).containsAll(GeminiActions.BROWSER_ONLY);
	}

	@Test
	@SuppressWarnings("unchecked")
	void anIntentExplainsAStepAndChangesNothing() {
		assertThat(GeminiActions.WITH_INTENT).isSubsetOf(GeminiActions.FIELDS.keySet());
		for (Object[] row : table()) {
			String name = (String) row[0];
			if (GeminiActions.WITH_INTENT.contains(name)) {
				Map<String, Object> args = new TreeMap<>((Map<String, Object>) row[1]);
				args.put("intent", "open the file menu");
				eachFunctionBecomesTheseBatchActions(name, args, (List<BatchStep>) row[2]);
			}
		}
		assertThatThrownBy(() -> GeminiActions.translate("click_at", Map.of("x", 1, "y", 2, "intent", "why"),
				IMAGE_WIDTH, IMAGE_HEIGHT, PX_PER_CLICK))
			.isInstanceOf(DeskhandException.class);
	}

	static List<Object[]> refused() {
		return List.of(new Object[] { "navigate", Map.of("url", "https://example.com"), ErrorCode.E_UNSUPPORTED },
				new Object[] { "open_web_browser", Map.of(), ErrorCode.E_UNSUPPORTED },
				new Object[] { "teleport", Map.of(), ErrorCode.E_ARGS },
				new Object[] { "click_at", Map.of("x", 1, "y", 2, "z", 3), ErrorCode.E_ARGS },
				new Object[] { "click_at", Map.of("x", 1.5, "y", 2), ErrorCode.E_ARGS },
				new Object[] { "scroll_at", Map.of("x", 1, "y", 2, "direction", "sideways"), ErrorCode.E_ARGS },
				new Object[] {
						"scroll_at", Map.of("x", 1, "y", 2, "direction", "up", "magnitude", 5000), ErrorCode.E_ARGS },
				new Object[] { "key_combination", Map.of("keys", " "), ErrorCode.E_ARGS },
				new Object[] { "type_text_at", Map.of("x", 1, "y", 2, "text", "a", "press_enter", "yes"),
						ErrorCode.E_ARGS },
				new Object[] { "go_back", Map.of(), ErrorCode.E_UNSUPPORTED },
				new Object[] { "go_forward", Map.of(), ErrorCode.E_UNSUPPORTED },
				new Object[] { "search", Map.of(), ErrorCode.E_UNSUPPORTED },
				new Object[] { "mouse_down", Map.of("x", 1, "y", 2), ErrorCode.E_UNSUPPORTED },
				new Object[] { "mouse_up", Map.of("x", 1, "y", 2), ErrorCode.E_UNSUPPORTED },
				new Object[] { "key_down", Map.of("key", "shift"), ErrorCode.E_UNSUPPORTED },
				new Object[] { "key_up", Map.of("key", "shift"), ErrorCode.E_UNSUPPORTED },
				new Object[] { "click", Map.of("x", 1), ErrorCode.E_ARGS },
				new Object[] { "click", Map.of("x", 1, "y", 2, "intent", 7), ErrorCode.E_ARGS },
				new Object[] { "type", Map.of("text", 5), ErrorCode.E_ARGS },
				new Object[] { "type", Map.of("text", "a", "clear_before_typing", true), ErrorCode.E_ARGS },
				new Object[] { "press_key", Map.of("key", ""), ErrorCode.E_ARGS },
				new Object[] { "press_key", Map.of("key", "control+c"), ErrorCode.E_ARGS },
				new Object[] { "hotkey", Map.of("keys", "control+c"), ErrorCode.E_ARGS },
				new Object[] { "hotkey", Map.of("keys", List.of()), ErrorCode.E_ARGS },
				new Object[] { "hotkey", Map.of("keys", List.of("control", 3)), ErrorCode.E_ARGS },
				new Object[] { "scroll", Map.of("direction", "down"), ErrorCode.E_ARGS },
				new Object[] { "scroll", Map.of("x", 1, "y", 2, "direction", "in"), ErrorCode.E_ARGS },
				new Object[] { "scroll", Map.of("x", 1, "y", 2, "direction", "up", "magnitude", -1), ErrorCode.E_ARGS },
				new Object[] { "wait", Map.of("seconds", 1.5), ErrorCode.E_ARGS },
				new Object[] { "take_screenshot", Map.of("x", 1), ErrorCode.E_ARGS });
	}

	@ParameterizedTest
	@MethodSource("refused")
	void badCallsAreRefusedWithTheirCode(String name, Map<String, Object> args, ErrorCode code) {
		assertThatThrownBy(() -> GeminiActions.translate(name, args, IMAGE_WIDTH, IMAGE_HEIGHT, PX_PER_CLICK))
			.isInstanceOf(DeskhandException.class)
			.extracting((ex) -> ((DeskhandException) ex).code())
			.isEqualTo(code);
	}

	@Test
	void cellsBecomeTheSessionsPixelsWhenItDoesNotReadTheGrid() {
		GeminiActions.Step drag = GeminiActions.translate("drag_and_drop",
				Map.of("x", 0, "y", 999, "destination_x", 500, "destination_y", 250), IMAGE_WIDTH, IMAGE_HEIGHT,
				PX_PER_CLICK);
		ScreenGeometry grid = new ScreenGeometry("0", new Rect(0, 0, 1920, 1080), 1440, 810, CoordinateSpace.GRID_1000);
		assertThat(GeminiActions.inSessionSpace(drag, grid)).isSameAs(drag);
		// a 1280x720 pixel session of a 1920x1080 display: cell 500 of 1000 is under
		// image
		// pixel 640 (its centre, desktop 960.96, is image 640.6), cell 0 under pixel 0
		ScreenGeometry pixels = new ScreenGeometry("0", new Rect(0, 0, 1920, 1080), 1280, 720);
		assertThat(GeminiActions.inSessionSpace(drag, pixels).actions())
			.containsExactly(new Drag(List.of(0, 719), List.of(640, 180)));
		assertThatThrownBy(() -> GeminiActions.inSessionSpace(
				GeminiActions.translate("click", Map.of("x", 1000, "y", 5), IMAGE_WIDTH, IMAGE_HEIGHT, PX_PER_CLICK),
				pixels))
			.isInstanceOf(DeskhandException.class)
			.hasMessageContaining("0-999 grid");
	}

}
