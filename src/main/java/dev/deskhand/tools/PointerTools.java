package dev.deskhand.tools;

import java.util.List;

import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import org.springframework.ai.mcp.annotation.McpTool;
import org.springframework.ai.mcp.annotation.McpTool.McpAnnotations;
import org.springframework.ai.mcp.annotation.McpToolParam;
import org.springframework.ai.mcp.annotation.context.McpSyncRequestContext;

import dev.deskhand.actions.ActionArguments;
import dev.deskhand.actions.DesktopActions;
import dev.deskhand.input.InputAction;
import dev.deskhand.screen.DisplayChoice;

/**
 * Pointer tools: move, click, drag, press, scroll. Coordinates are screenshot image
 * pixels.
 */
// Parameter names are snake_case on purpose: they become the tools' JSON argument names.
public class PointerTools {

	static final String COORDINATE = "[x, y] in pixels of the last screenshot of the display";

	static final String DISPLAY = "Display the coordinate refers to (from list_displays); default: the primary display";

	static final String MODIFIERS = "Keys held during the action, xdotool style: \"ctrl\", \"shift+alt\"";

	static final String SCREENSHOT_AFTER = "Also return a screenshot taken after the action settles";

	private final CallContexts contexts;

	private final ActionArguments actions;

	private final DesktopActions desktop;

	private final ToolRunner runner;

	PointerTools(CallContexts contexts, ActionArguments actions, DesktopActions desktop, ToolRunner runner) {
		this.contexts = contexts;
		this.actions = actions;
		this.desktop = desktop;
		this.runner = runner;
	}

	@McpTool(name = "mouse_move", description = "Move the mouse pointer to a point of the screenshot.",
			annotations = @McpAnnotations(title = "Move mouse", readOnlyHint = false, destructiveHint = false,
					idempotentHint = true, openWorldHint = false))
	public CallToolResult mouseMove(McpSyncRequestContext context,
			@McpToolParam(description = COORDINATE) List<Integer> coordinate,
			@McpToolParam(description = DISPLAY, required = false) String display_id,
			@McpToolParam(description = SCREENSHOT_AFTER, required = false) Boolean screenshot_after) {
		return this.runner.run("mouse_move", () -> {
			CallContext call = this.contexts.of(context);
			DisplayChoice display = this.actions.display(call.handle(), display_id);
			InputAction action = this.actions.moveTo(call.handle(), display, coordinate);
			return ToolResults.outcome(this.desktop.perform(call, display, action,
					Boolean.TRUE.equals(screenshot_after), "moved to " + coordinate));
		});
	}

	@McpTool(name = "left_click", description = """
			Click the left button at a point of the screenshot (or where the pointer is, without coordinate), \
			optionally holding modifier keys.""", annotations = @McpAnnotations(title = "Left click",
			readOnlyHint = false, destructiveHint = true, idempotentHint = false, openWorldHint = false))
	public CallToolResult leftClick(McpSyncRequestContext context,
			@McpToolParam(description = COORDINATE, required = false) List<Integer> coordinate,
			@McpToolParam(description = MODIFIERS, required = false) String text,
			@McpToolParam(description = DISPLAY, required = false) String display_id,
			@McpToolParam(description = SCREENSHOT_AFTER, required = false) Boolean screenshot_after) {
		return click("left_click", context, coordinate, text, display_id, screenshot_after);
	}

	@McpTool(name = "right_click", description = "Click the right button (context menu) at a point of the screenshot.",
			annotations = @McpAnnotations(title = "Right click", readOnlyHint = false, destructiveHint = true,
					idempotentHint = false, openWorldHint = false))
	public CallToolResult rightClick(McpSyncRequestContext context,
			@McpToolParam(description = COORDINATE, required = false) List<Integer> coordinate,
			@McpToolParam(description = MODIFIERS, required = false) String text,
			@McpToolParam(description = DISPLAY, required = false) String display_id,
			@McpToolParam(description = SCREENSHOT_AFTER, required = false) Boolean screenshot_after) {
		return click("right_click", context, coordinate, text, display_id, screenshot_after);
	}

	@McpTool(name = "middle_click", description = "Click the middle button at a point of the screenshot.",
			annotations = @McpAnnotations(title = "Middle click", readOnlyHint = false, destructiveHint = true,
					idempotentHint = false, openWorldHint = false))
	public CallToolResult middleClick(McpSyncRequestContext context,
			@McpToolParam(description = COORDINATE, required = false) List<Integer> coordinate,
			@McpToolParam(description = MODIFIERS, required = false) String text,
			@McpToolParam(description = DISPLAY, required = false) String display_id,
			@McpToolParam(description = SCREENSHOT_AFTER, required = false) Boolean screenshot_after) {
		return click("middle_click", context, coordinate, text, display_id, screenshot_after);
	}

	@McpTool(name = "double_click", description = "Double-click the left button at a point of the screenshot.",
			annotations = @McpAnnotations(title = "Double click", readOnlyHint = false, destructiveHint = true,
					idempotentHint = false, openWorldHint = false))
	public CallToolResult doubleClick(McpSyncRequestContext context,
			@McpToolParam(description = COORDINATE, required = false) List<Integer> coordinate,
			@McpToolParam(description = MODIFIERS, required = false) String text,
			@McpToolParam(description = DISPLAY, required = false) String display_id,
			@McpToolParam(description = SCREENSHOT_AFTER, required = false) Boolean screenshot_after) {
		return click("double_click", context, coordinate, text, display_id, screenshot_after);
	}

	@McpTool(name = "triple_click", description = "Triple-click the left button (selects a line or paragraph).",
			annotations = @McpAnnotations(title = "Triple click", readOnlyHint = false, destructiveHint = true,
					idempotentHint = false, openWorldHint = false))
	public CallToolResult tripleClick(McpSyncRequestContext context,
			@McpToolParam(description = COORDINATE, required = false) List<Integer> coordinate,
			@McpToolParam(description = MODIFIERS, required = false) String text,
			@McpToolParam(description = DISPLAY, required = false) String display_id,
			@McpToolParam(description = SCREENSHOT_AFTER, required = false) Boolean screenshot_after) {
		return click("triple_click", context, coordinate, text, display_id, screenshot_after);
	}

	@McpTool(name = "left_click_drag", description = """
			Press the left button at start_coordinate, move to coordinate, release: drag and drop, selecting, \
			resizing. Both points are screenshot image pixels of the same display.""",
			annotations = @McpAnnotations(title = "Drag", readOnlyHint = false, destructiveHint = true,
					idempotentHint = false, openWorldHint = false))
	public CallToolResult leftClickDrag(McpSyncRequestContext context,
			@McpToolParam(description = "Where the drag starts: " + COORDINATE) List<Integer> start_coordinate,
			@McpToolParam(description = "Where the drag ends: " + COORDINATE) List<Integer> coordinate,
			@McpToolParam(description = MODIFIERS, required = false) String text,
			@McpToolParam(description = DISPLAY, required = false) String display_id,
			@McpToolParam(description = SCREENSHOT_AFTER, required = false) Boolean screenshot_after) {
		return this.runner.run("left_click_drag", () -> {
			CallContext call = this.contexts.of(context);
			DisplayChoice display = this.actions.display(call.handle(), display_id);
			InputAction action = this.actions.drag(call.handle(), display, start_coordinate, coordinate, text);
			return ToolResults.outcome(this.desktop.perform(call, display, action,
					Boolean.TRUE.equals(screenshot_after), "dragged from " + start_coordinate + " to " + coordinate));
		});
	}

	@McpTool(name = "left_mouse_down", description = """
			Press the left button and keep it down (at a point, or where the pointer is) until left_mouse_up: \
			for drags that need several moves in between.""", annotations = @McpAnnotations(title = "Left button down",
			readOnlyHint = false, destructiveHint = true, idempotentHint = false, openWorldHint = false))
	public CallToolResult leftMouseDown(McpSyncRequestContext context,
			@McpToolParam(description = COORDINATE, required = false) List<Integer> coordinate,
			@McpToolParam(description = DISPLAY, required = false) String display_id,
			@McpToolParam(description = SCREENSHOT_AFTER, required = false) Boolean screenshot_after) {
		return button("left_mouse_down", context, coordinate, display_id, screenshot_after);
	}

	@McpTool(name = "left_mouse_up", description = "Release the left button (at a point, or where the pointer is).",
			annotations = @McpAnnotations(title = "Left button up", readOnlyHint = false, destructiveHint = true,
					idempotentHint = false, openWorldHint = false))
	public CallToolResult leftMouseUp(McpSyncRequestContext context,
			@McpToolParam(description = COORDINATE, required = false) List<Integer> coordinate,
			@McpToolParam(description = DISPLAY, required = false) String display_id,
			@McpToolParam(description = SCREENSHOT_AFTER, required = false) Boolean screenshot_after) {
		return button("left_mouse_up", context, coordinate, display_id, screenshot_after);
	}

	@McpTool(name = "scroll", description = """
			Turn the mouse wheel at a point of the screenshot (or where the pointer is): scroll_direction up, \
			down, left or right, scroll_amount wheel clicks (default 3), optionally holding modifiers \
			(\"ctrl\" zooms in many apps).""", annotations = @McpAnnotations(title = "Scroll", readOnlyHint = false,
			destructiveHint = false, idempotentHint = false, openWorldHint = false))
	public CallToolResult scroll(McpSyncRequestContext context,
			@McpToolParam(description = "up, down, left or right") String scroll_direction,
			@McpToolParam(description = "Wheel clicks, 1-50 (default 3)", required = false) Integer scroll_amount,
			@McpToolParam(description = COORDINATE, required = false) List<Integer> coordinate,
			@McpToolParam(description = MODIFIERS, required = false) String text,
			@McpToolParam(description = DISPLAY, required = false) String display_id,
			@McpToolParam(description = SCREENSHOT_AFTER, required = false) Boolean screenshot_after) {
		return this.runner.run("scroll", () -> {
			CallContext call = this.contexts.of(context);
			DisplayChoice display = this.actions.display(call.handle(), display_id);
			InputAction action = this.actions.scroll(call.handle(), display, coordinate, scroll_direction,
					scroll_amount, text);
			return ToolResults
				.outcome(this.desktop.perform(call, display, action, Boolean.TRUE.equals(screenshot_after),
						"scrolled " + scroll_direction + " " + ((InputAction.Scroll) action).amount()));
		});
	}

	private CallToolResult click(String tool, McpSyncRequestContext context, List<Integer> coordinate, String modifiers,
			String displayId, Boolean screenshotAfter) {
		return this.runner.run(tool, () -> {
			CallContext call = this.contexts.of(context);
			DisplayChoice display = this.actions.display(call.handle(), displayId);
			InputAction action = this.actions.click(tool, call.handle(), display, coordinate, modifiers);
			return ToolResults.outcome(this.desktop.perform(call, display, action, Boolean.TRUE.equals(screenshotAfter),
					tool.replace('_', ' ') + ((coordinate != null) ? " at " + coordinate : " at the pointer")));
		});
	}

	private CallToolResult button(String tool, McpSyncRequestContext context, List<Integer> coordinate,
			String displayId, Boolean screenshotAfter) {
		return this.runner.run(tool, () -> {
			CallContext call = this.contexts.of(context);
			DisplayChoice display = this.actions.display(call.handle(), displayId);
			InputAction action = this.actions.button(tool, call.handle(), display, coordinate);
			return ToolResults.outcome(this.desktop.perform(call, display, action, Boolean.TRUE.equals(screenshotAfter),
					tool.replace('_', ' ') + ((coordinate != null) ? " at " + coordinate : " at the pointer")));
		});
	}

}
