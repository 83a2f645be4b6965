package dev.deskhand.agents.openai;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

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
import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Every OpenAI action type, and every field of it that presses a key or moves the
 * pointer, as the typed batch actions it becomes; and what is refused.
 */
class OpenAiActionsTests {

	private static final int PX_PER_CLICK = 100;

	/** type → an example action and the Deskhand actions it must become. */
	static List<Object[]> table() {
		return List.of(
				row(Map.of("type", "click", "x", 10, "y", 20),
						List.of(new Click(ClickKind.LEFT_CLICK, List.of(10, 20)))),
				row(Map.of("type", "click", "x", 10, "y", 20, "button", "right", "keys", List.of("CTRL", "SHIFT")),
						List.of(new Click(ClickKind.RIGHT_CLICK, List.of(10, 20), "CTRL+SHIFT"))),
				row(Map.of("type", "click", "x", 1, "y", 2, "button", "wheel"),
						List.of(new Click(ClickKind.MIDDLE_CLICK, List.of(1, 2)))),
				row(Map.of("type", "double_click", "x", 5, "y", 6, "keys", List.of("alt")),
						List.of(new Click(ClickKind.DOUBLE_CLICK, List.of(5, 6), "alt"))),
				row(Map.of("type", "move", "x", 7, "y", 8), List.of(new MoveTo(List.of(7, 8)))),
				row(Map.of("type", "drag", "path", List.of(Map.of("x", 1, "y", 2), Map.of("x", 3, "y", 4)), "keys",
						List.of("shift")), List.of(new Drag(List.of(1, 2), List.of(3, 4), "shift"))),
				row(Map.of("type", "drag", "path",
						List.of(Map.of("x", 1, "y", 2), Map.of("x", 3, "y", 4), Map.of("x", 5, "y", 6))),
						List.of(new LeftButton(true, List.of(1, 2)), new MoveTo(List.of(3, 4)),
								new LeftButton(false, List.of(5, 6)))),
				row(Map.of("type", "keypress", "keys", List.of("CTRL", "c")), List.of(new Key("CTRL+c"))),
				row(Map.of("type", "type", "text", "hi"), List.of(new Type("hi"))),
				row(Map.of("type", "scroll", "x", 9, "y", 9, "scroll_x", -140, "scroll_y", 260, "keys",
						List.of("ctrl")),
						List.of(new Scroll(List.of(9, 9), "down", 3, "ctrl"),
								new Scroll(List.of(9, 9), "left", 1, "ctrl"))),
				row(Map.of("type", "scroll", "x", 9, "y", 9, "scroll_x", 0, "scroll_y", 0),
						List.of(new MoveTo(List.of(9, 9)))),
				row(Map.of("type", "wait"), List.of(new Wait(2.0))), row(Map.of("type", "screenshot"), List.of()));
	}

	private static Object[] row(Map<String, Object> action, List<BatchStep> expected) {
		return new Object[] { action, expected };
	}

	@ParameterizedTest
	@MethodSource("table")
	void eachActionBecomesTheseBatchActions(Map<String, Object> action, List<BatchStep> expected) {
		assertThat(OpenAiActions.translate(action, PX_PER_CLICK).actions()).isEqualTo(expected);
	}

	@Test
	void theTableCoversEveryTypeAndEveryField() {
		Set<String> typesInTable = new TreeSet<>();
		Set<String> fieldsInTable = new TreeSet<>();
		for (Object[] row : table()) {
			Map<?, ?> action = (Map<?, ?>) row[0];
			typesInTable.add((String) action.get("type"));
			action.keySet().forEach((key) -> fieldsInTable.add(action.get("type") + "." + key));
		}
		// a field may be covered by its refusal instead
		for (Object[] row : refused()) {
			if (row[0] instanceof Map<?, ?> action) {
				action.keySet().forEach((key) -> fieldsInTable.add(action.get("type") + "." + key));
			}
		}
		Set<String> fields = new TreeSet<>();
		OpenAiActions.FIELDS.forEach((type, names) -> names.forEach((name) -> fields.add(type + "." + name)));
		assertThat(typesInTable).isEqualTo(new TreeSet<>(OpenAiActions.FIELDS.keySet()));
		assertThat(fieldsInTable).containsAll(fields);
	}

	static List<Object[]> refused() {
		return List.of(new Object[] { Map.of("type", "teleport"), ErrorCode.E_ARGS, "type must be one of" },
				new Object[] { Map.of("type", "click", "x", 1, "y", 2, "z", 3), ErrorCode.E_ARGS, "takes no field" },
				new Object[] { Map.of("type", "click", "x", 1.5, "y", 2), ErrorCode.E_ARGS, "whole number" },
				new Object[] { Map.of("type", "click", "y", 2), ErrorCode.E_ARGS, "x must be" },
				new Object[] { Map.of("type", "click", "x", 1, "y", 2, "button", "back"), ErrorCode.E_UNSUPPORTED,
						"alt+Left" },
				new Object[] { Map.of("type", "click", "x", 1, "y", 2, "button", "big"), ErrorCode.E_ARGS, "button" },
				new Object[] { Map.of("type", "keypress", "keys", List.of()), ErrorCode.E_ARGS, "keys" },
				new Object[] { Map.of("type", "drag", "path", List.of(Map.of("x", 1, "y", 2))), ErrorCode.E_ARGS,
						"at least 2" },
				new Object[] { Map.of("type", "move", "x", 1, "y", 2, "keys", List.of("ctrl")), ErrorCode.E_ARGS,
						"keys held" },
				new Object[] { Map.of("type", "scroll", "x", 1, "y", 2, "scroll_y", 99_999), ErrorCode.E_ARGS,
						"at most 50" },
				new Object[] { Map.of("type", "type"), ErrorCode.E_ARGS, "text must be" },
				new Object[] { "click", ErrorCode.E_ARGS, "must be an object" });
	}

	@ParameterizedTest
	@MethodSource("refused")
	void badActionsAreRefusedWithTheirCode(Object action, ErrorCode code, String says) {
		assertThatThrownBy(() -> OpenAiActions.translate(action, PX_PER_CLICK)).isInstanceOf(DeskhandException.class)
			.hasMessageContaining(says)
			.extracting((ex) -> ((DeskhandException) ex).code())
			.isEqualTo(code);
	}

	@Test
	void aScrollSaysWhatItDid() {
		assertThat(OpenAiActions.translate(Map.of("type", "scroll", "x", 1, "y", 2, "scroll_y", -300), PX_PER_CLICK)
			.done()).isEqualTo("scrolled 3 clicks up (asked 300 px; 100 px a click)");
	}

}
