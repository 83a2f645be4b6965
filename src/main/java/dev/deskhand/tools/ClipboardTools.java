package dev.deskhand.tools;

import java.util.Map;
import java.util.Objects;

import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import org.springframework.ai.mcp.annotation.McpTool;
import org.springframework.ai.mcp.annotation.McpTool.McpAnnotations;
import org.springframework.ai.mcp.annotation.McpToolParam;
import org.springframework.ai.mcp.annotation.context.McpSyncRequestContext;

import dev.deskhand.actions.ActionArguments;
import dev.deskhand.actions.DesktopActions;
import dev.deskhand.input.InputAction;

/** Clipboard tools, gated by the clipboard_read and clipboard_write capabilities. */
public class ClipboardTools {

	private final CallContexts contexts;

	private final ActionArguments arguments;

	private final DesktopActions desktop;

	private final ToolRunner runner;

	ClipboardTools(CallContexts contexts, ActionArguments arguments, DesktopActions desktop, ToolRunner runner) {
		this.contexts = contexts;
		this.arguments = arguments;
		this.desktop = desktop;
		this.runner = runner;
	}

	@McpTool(name = "read_clipboard", description = "The text on the desktop's clipboard (empty if none).",
			annotations = @McpAnnotations(title = "Read clipboard", readOnlyHint = true, destructiveHint = false,
					idempotentHint = true, openWorldHint = false))
	public CallToolResult readClipboard(McpSyncRequestContext context) {
		return this.runner.run("read_clipboard", () -> {
			String text = Objects.requireNonNullElse(this.desktop.readClipboard(this.contexts.of(context)), "");
			// the text as it is for clients that read content (it is not JSON), in an
			// object for those that read the schema
			return ToolResults.text(text, Map.of("text", text));
		});
	}

	@McpTool(name = "write_clipboard", description = """
			Put text on the desktop's clipboard (then paste with key "ctrl+v"): the fast way to enter long \
			text.""", annotations = @McpAnnotations(title = "Write clipboard", readOnlyHint = false,
			destructiveHint = true, idempotentHint = true, openWorldHint = false))
	public CallToolResult writeClipboard(McpSyncRequestContext context,
			@McpToolParam(description = "The text, any Unicode") String text) {
		return this.runner.run("write_clipboard", () -> {
			InputAction action = this.arguments.writeClipboard(text);
			return ToolResults.outcome(this.desktop.perform(this.contexts.of(context), null, action, false,
					"clipboard holds " + text.codePointCount(0, text.length()) + " characters"));
		});
	}

}
