package dev.deskhand.tools;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import org.springframework.ai.mcp.annotation.McpTool;
import org.springframework.ai.mcp.annotation.McpTool.McpAnnotations;
import org.springframework.ai.mcp.annotation.McpToolParam;
import org.springframework.ai.mcp.annotation.context.McpSyncRequestContext;

import dev.deskhand.approval.ApprovalRequest;
import dev.deskhand.approval.ApprovalService;
import dev.deskhand.approval.Capability;
import dev.deskhand.audit.AuditTrail;
import dev.deskhand.audit.Redaction;
import dev.deskhand.errors.DeskhandException;
import dev.deskhand.platform.ClipboardDriver;

/** Clipboard tools, gated by the clipboard_read and clipboard_write capabilities. */
public class ClipboardTools {

	static final int MAX_TEXT = 1_000_000;

	static final Duration READ_TIMEOUT = Duration.ofSeconds(3);

	private final CallContexts contexts;

	private final ApprovalService approvals;

	private final ClipboardDriver clipboard;

	private final AuditTrail audit;

	private final ToolRunner runner;

	ClipboardTools(CallContexts contexts, ApprovalService approvals, ClipboardDriver clipboard, AuditTrail audit,
			ToolRunner runner) {
		this.contexts = contexts;
		this.approvals = approvals;
		this.clipboard = clipboard;
		this.audit = audit;
		this.runner = runner;
	}

	@McpTool(name = "read_clipboard", description = "The text on the desktop's clipboard (empty if none).",
			annotations = @McpAnnotations(title = "Read clipboard", readOnlyHint = true, destructiveHint = false,
					idempotentHint = true, openWorldHint = false))
	public CallToolResult readClipboard(McpSyncRequestContext context) {
		return this.runner.run("read_clipboard", () -> {
			CallContext call = this.contexts.of(context);
			this.approvals.authorize(new ApprovalRequest(call.session(), Set.of(Capability.CLIPBOARD_READ),
					"read_clipboard", "read the clipboard"), call.channel());
			String text = this.clipboard.read(READ_TIMEOUT);
			record(call, "read_clipboard", text);
			return ToolResults.text(text);
		});
	}

	@McpTool(name = "write_clipboard", description = """
			Put text on the desktop's clipboard (then paste with key "ctrl+v"): the fast way to enter long \
			text.""", annotations = @McpAnnotations(title = "Write clipboard", readOnlyHint = false,
			destructiveHint = true, idempotentHint = true, openWorldHint = false))
	public CallToolResult writeClipboard(McpSyncRequestContext context,
			@McpToolParam(description = "The text, any Unicode") String text) {
		return this.runner.run("write_clipboard", () -> {
			if (text == null) {
				throw DeskhandException.args("text is required");
			}
			if (text.length() > MAX_TEXT) {
				throw DeskhandException.args("text has " + text.length() + " characters; at most " + MAX_TEXT);
			}
			CallContext call = this.contexts.of(context);
			this.approvals
				.authorize(
						new ApprovalRequest(call.session(), Set.of(Capability.CLIPBOARD_WRITE), "write_clipboard",
								"put \"" + Redaction.summary(text, ActionDescriptions.TEXT_PREVIEW)
										+ "\" on the clipboard",
								"put " + Redaction.of(text) + " on the clipboard"),
						call.channel());
			this.clipboard.write(text);
			record(call, "write_clipboard", text);
			return ToolResults.text("clipboard holds " + text.codePointCount(0, text.length()) + " characters");
		});
	}

	// Clipboard text is recorded only as its length and hash.
	private void record(CallContext call, String tool, String text) {
		Map<String, Object> data = new LinkedHashMap<>();
		data.put("session", call.handle());
		data.put("tool", tool);
		data.put("outcome", "ok");
		data.put("text", Redaction.of(text));
		this.audit.record("clipboard", call.session().principal(), data);
	}

}
