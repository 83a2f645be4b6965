package dev.deskhand.tools;

import java.util.Optional;

import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import org.springframework.ai.mcp.annotation.McpTool;
import org.springframework.ai.mcp.annotation.McpTool.McpAnnotations;
import org.springframework.ai.mcp.annotation.McpToolParam;
import org.springframework.ai.mcp.annotation.context.McpSyncRequestContext;

import dev.deskhand.actions.ActionArguments;
import dev.deskhand.actions.ActionOutcome;
import dev.deskhand.actions.DesktopActions;
import dev.deskhand.elements.ElementService;
import dev.deskhand.elements.TypingCheck;
import dev.deskhand.input.InputAction;

/** Keyboard tools: type text, press chords, hold keys. They act on the focused window. */
// Parameter names are snake_case on purpose: they become the tools' JSON argument names.
public class KeyboardTools {

	private static final String CHORD = """
			xdotool-style keys joined by '+': "Return", "ctrl+s", "ctrl+shift+t", "alt+Tab", "super", \
			"Page_Down", "F5", "Escape\"""";

	private final CallContexts contexts;

	private final ActionArguments actions;

	private final DesktopActions desktop;

	private final ElementService elements;

	private final ToolRunner runner;

	KeyboardTools(CallContexts contexts, ActionArguments actions, DesktopActions desktop, ElementService elements,
			ToolRunner runner) {
		this.contexts = contexts;
		this.actions = actions;
		this.desktop = desktop;
		this.elements = elements;
		this.runner = runner;
	}

	@McpTool(name = "type", description = """
			Type text into the focused window exactly as given: any Unicode (accents, CJK, symbols, emoji \
			outside the BMP excepted where the app cannot take them); "\\n" presses Return and "\\t" Tab. \
			Click the target field first. When the focused field is accessible, the result says whether it \
			received exactly the text (never for password fields).""",
			annotations = @McpAnnotations(title = "Type text", readOnlyHint = false, destructiveHint = true,
					idempotentHint = false, openWorldHint = false))
	public CallToolResult type(McpSyncRequestContext context,
			@McpToolParam(description = "The text to type") String text,
			@McpToolParam(description = PointerTools.SCREENSHOT_AFTER, required = false) Boolean screenshot_after) {
		return this.runner.run("type", () -> {
			InputAction action = this.actions.type(text);
			CallContext call = this.contexts.of(context);
			Optional<TypingCheck> check = TypingCheck.before(this.elements, text);
			ActionOutcome outcome = this.desktop.perform(call, null, action, Boolean.TRUE.equals(screenshot_after),
					"typed " + text.codePointCount(0, text.length()) + " characters");
			return ToolResults.outcome(check
				.map((typing) -> new ActionOutcome(outcome.text() + "; " + typing.after(), outcome.screenshot()))
				.orElse(outcome));
		});
	}

	@McpTool(name = "key", description = "Press a key or chord (and release it), optionally several times.",
			annotations = @McpAnnotations(title = "Press key", readOnlyHint = false, destructiveHint = true,
					idempotentHint = false, openWorldHint = false))
	public CallToolResult key(McpSyncRequestContext context, @McpToolParam(description = CHORD) String text,
			@McpToolParam(description = "How many times, 1-100 (default 1)", required = false) Integer repeat,
			@McpToolParam(description = PointerTools.SCREENSHOT_AFTER, required = false) Boolean screenshot_after) {
		return this.runner.run("key", () -> {
			InputAction.PressKeys action = (InputAction.PressKeys) this.actions.key(text, repeat);
			return ToolResults.outcome(
					this.desktop.perform(this.contexts.of(context), null, action, Boolean.TRUE.equals(screenshot_after),
							"pressed " + action.chord() + ((action.repeat() > 1) ? " x" + action.repeat() : "")));
		});
	}

	@McpTool(name = "hold_key", description = """
			Hold a key or chord down for duration seconds (at most 100), then release it.""",
			annotations = @McpAnnotations(title = "Hold key", readOnlyHint = false, destructiveHint = true,
					idempotentHint = false, openWorldHint = false))
	public CallToolResult holdKey(McpSyncRequestContext context, @McpToolParam(description = CHORD) String text,
			@McpToolParam(description = "Seconds to hold, more than 0 and at most 100") Double duration,
			@McpToolParam(description = PointerTools.SCREENSHOT_AFTER, required = false) Boolean screenshot_after) {
		return this.runner.run("hold_key", () -> {
			InputAction.HoldKeys action = (InputAction.HoldKeys) this.actions.holdKey(text, duration);
			return ToolResults.outcome(this.desktop.perform(this.contexts.of(context), null, action,
					Boolean.TRUE.equals(screenshot_after), "held " + action.chord() + " for " + duration + " s"));
		});
	}

}
