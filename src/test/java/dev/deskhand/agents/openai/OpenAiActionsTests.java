package dev.deskhand.agents.openai;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Every OpenAI action type, and every field of it that presses a key or moves the
 * pointer, as the computer_batch actions it becomes; and what is refused.
 */
class OpenAiActionsTests {

	private static final int PX_PER_CLICK = 100;

	/** type → an example action and the Deskhand actions it must become. */
	static List<Object[]> table() {
		return List.of(row(Map.of("type", "click", "x", 10, "y", 20), "[{action=left_click, coordinate=[10, 20]}]"),
				row(Map.of("type", "click", "x", 10, "y", 20, "button", "right", "keys", List.of("CTRL", "SHIFT")),
						"[{action=right_click, coordinate=[10, 20], text=CTRL+SHIFT}]"),
				row(Map.of("type", "click", "x", 1, "y", 2, "button", "wheel"),
						"[{action=middle_click, coordinate=[1, 2]}]"),
				row(Map.of("type", "double_click", "x", 5, "y", 6, "keys", List.of("alt")),
						"[{action=double_click, coordinate=[5, 6], text=alt}]"),
				row(Map.of("type", "move", "x", 7, "y", 8), "[{action=mouse_move, coordinate=[7, 8]}]"),
				row(Map.of("type", "drag", "path", List.of(Map.of("x", 1, "y", 2), Map.of("x", 3, "y", 4)), "keys",
						List.of("shift")),
						"[{action=left_click_drag, coordinate=[3, 4], start_coordinate=[1, 2], text=shift}]"),
				row(Map.of("type", "drag", "path",
						List.of(Map.of("x", 1, "y", 2), Map.of("x", 3, "y", 4), Map.of("x", 5, "y", 6))),
						"[{action=left_mouse_down, coordinate=[1, 2]}, {action=mouse_move, coordinate=[3, 4]}, "
								+ "{action=left_mouse_up, coordinate=[5, 6]}]"),
				row(Map.of("type", "keypress", "keys", List.of("CTRL", "c")), "[{action=key, text=CTRL+c}]"),
				row(Map.of("type", "type", "text", "hi"), "[{action=type, text=hi}]"),
				row(Map.of("type", "scroll", "x", 9, "y", 9, "scroll_x", -140, "scroll_y", 260, "keys",
						List.of("ctrl")),
						"[{action=scroll, coordinate=[9, 9], scroll_amount=3, scroll_direction=down, text=ctrl}, "
								+ "{action=scroll, coordinate=[9, 9], scroll_amount=1, scroll_direction=left, text=ctrl}]"),
				row(Map.of("type", "scroll", "x", 9, "y", 9, "scroll_x", 0, "scroll_y", 0),
						"[{action=mouse_move, coordinate=[9, 9]}]"),
				row(Map.of("type", "wait"), "[{action=wait, duration=2.0}]"), row(Map.of("type", "screenshot"), "[]"));
	}

	private static Object[] row(Map<String, Object> action, String expected) {
		return new Object[] { action, expected };
	}

	@ParameterizedTest
	@MethodSource("table")
	void eachActionBecomesTheseBatchActions(Map<String, Object> action, String expected) {
		assertThat(OpenAiActions.translate(action, PX_PER_CLICK)
			.actions()
			.stream()
			.map(java.util.TreeMap::new)
			.toList()
			.toString()).isEqualTo(expected);
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
