package dev.deskhand.tools;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import org.springframework.ai.mcp.annotation.McpTool;
import org.springframework.ai.mcp.annotation.McpTool.McpAnnotations;
import org.springframework.ai.mcp.annotation.McpToolParam;
import org.springframework.ai.mcp.annotation.context.McpSyncRequestContext;

import dev.deskhand.actions.ActionArguments;
import dev.deskhand.actions.BatchArguments;
import dev.deskhand.actions.DesktopActions;
import dev.deskhand.input.InputAction;
import dev.deskhand.screen.DisplayChoice;

/** Utility tools: several actions in one call, and waiting. */
// Parameter names are snake_case on purpose: they become the tools' JSON argument names.
public class BatchTools {

	private final CallContexts contexts;

	private final BatchArguments parser;

	private final DesktopActions desktop;

	private final ToolRunner runner;

	BatchTools(CallContexts contexts, BatchArguments parser, DesktopActions desktop, ToolRunner runner) {
		this.contexts = contexts;
		this.parser = parser;
		this.desktop = desktop;
		this.runner = runner;
	}

	@McpTool(name = "computer_batch", description = """
			Run several input actions in order in one call, with nothing else in between. Each action is \
			{"action": <tool name>, ...that tool's arguments}, for mouse_move, left_click, right_click, \
			middle_click, double_click, triple_click, left_click_drag, left_mouse_down, left_mouse_up, \
			scroll, type, key, hold_key and wait. The whole batch is validated before anything runs; if an \
			action fails, the ones after it do not run.""", annotations = @McpAnnotations(title = "Batch of actions",
			readOnlyHint = false, destructiveHint = true, idempotentHint = false, openWorldHint = false))
	public CallToolResult computerBatch(McpSyncRequestContext context,
			@McpToolParam(description = "The actions, e.g. [{\"action\":\"left_click\",\"coordinate\":[100,200]},"
					+ "{\"action\":\"type\",\"text\":\"hello\"},{\"action\":\"key\",\"text\":\"Return\"}]") List<Map<String, Object>> actions,
			@McpToolParam(description = PointerTools.DISPLAY, required = false) String display_id,
			@McpToolParam(description = "Also return a screenshot taken after the last action settles",
					required = false) Boolean screenshot_after) {
		return this.runner.run("computer_batch", () -> {
			CallContext call = this.contexts.of(context);
			DisplayChoice display = this.parser.display(call.handle(), display_id);
			List<InputAction> parsed = this.parser.parse(call.handle(), display, actions);
			List<String> names = new ArrayList<>();
			for (InputAction action : parsed) {
				names.add(action.tool());
			}
			return ToolResults
				.outcome(this.desktop.performAll(call, display, parsed, Boolean.TRUE.equals(screenshot_after),
						ToolResults.toJson(Map.of("completed", parsed.size(), "actions", names))));
		});
	}

	@McpTool(name = "wait", description = """
			Wait duration seconds (at most 100) for the screen to change, e.g. while a page loads; \
			optionally return a screenshot afterwards.""", annotations = @McpAnnotations(title = "Wait",
			readOnlyHint = true, destructiveHint = false, idempotentHint = true, openWorldHint = false))
	public CallToolResult waitFor(McpSyncRequestContext context,
			@McpToolParam(description = "Seconds, more than 0 and at most 100") Double duration,
			@McpToolParam(description = PointerTools.DISPLAY, required = false) String display_id,
			@McpToolParam(description = "Return a screenshot after waiting",
					required = false) Boolean screenshot_after) {
		return this.runner.run("wait", () -> {
			Duration pause = ActionArguments.duration(duration);
			CallContext call = this.contexts.of(context);
			// An unknown display is refused before the wait, not after it.
			DisplayChoice display = (display_id != null || Boolean.TRUE.equals(screenshot_after))
					? this.parser.display(call.handle(), display_id) : null;
			this.desktop.authorizeObservation(call, "wait", "wait " + duration + " s");
			// Waiting is not input: it sleeps on the caller's thread and never holds up
			// the queue.
			try (Progress.Phase phase = call.progress()
				.every(DesktopActions.PROGRESS_PERIOD, duration,
						(elapsed) -> "waited " + elapsed + " of " + duration + " s")) {
				DesktopActions.pause(pause);
			}
			if (!Boolean.TRUE.equals(screenshot_after)) {
				return ToolResults.text("waited " + duration + " s");
			}
			return ToolResults.outcome(this.desktop.screenshotAfter(call, display, "waited " + duration + " s"));
		});
	}

}
