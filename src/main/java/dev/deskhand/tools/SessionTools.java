package dev.deskhand.tools;

import java.time.Instant;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import org.springframework.ai.mcp.annotation.McpTool;
import org.springframework.ai.mcp.annotation.McpTool.McpAnnotations;
import org.springframework.ai.mcp.annotation.McpToolParam;
import org.springframework.ai.mcp.annotation.context.McpSyncRequestContext;

import dev.deskhand.approval.AgentSession;
import dev.deskhand.approval.ApprovalService;
import dev.deskhand.approval.Capability;
import dev.deskhand.audit.Redaction;
import dev.deskhand.errors.DeskhandException;
import dev.deskhand.platform.DisplayInfo;
import dev.deskhand.screen.ScreenService;

/** Session tools: ask for access up front, see what this session may do. */
// Parameter names are snake_case on purpose: they become the tools' JSON argument names.
public class SessionTools {

	static final int MAX_REASON = 500;

	static final int MAX_APP = 100;

	static final int MAX_APPS = 20;

	private final CallContexts contexts;

	private final ApprovalService approvals;

	private final ScreenService screen;

	private final ToolRunner runner;

	SessionTools(CallContexts contexts, ApprovalService approvals, ScreenService screen, ToolRunner runner) {
		this.contexts = contexts;
		this.approvals = approvals;
		this.screen = screen;
		this.runner = runner;
	}

	@McpTool(name = "request_access", description = """
			Ask the human, once, for what this task needs: mouse and keyboard input into the named \
			applications (their window class or executable, e.g. "firefox", "xterm"), and optionally the \
			clipboard and system key combinations. Afterwards input is refused (E_NOT_GRANTED) while a \
			window of another application has focus. Returns the grants now held.""",
			annotations = @McpAnnotations(title = "Request access", readOnlyHint = false, destructiveHint = false,
					idempotentHint = true, openWorldHint = false))
	public CallToolResult requestAccess(McpSyncRequestContext context,
			@McpToolParam(
					description = "Applications input may go to, e.g. [\"firefox\", \"xterm\"]") List<String> apps,
			@McpToolParam(description = "Why, in one sentence the human will read") String reason,
			@McpToolParam(description = "Also read the clipboard", required = false) Boolean clipboard_read,
			@McpToolParam(description = "Also write the clipboard", required = false) Boolean clipboard_write,
			@McpToolParam(description = "Also press system key combinations (ctrl+alt+Delete, alt+F4, ...)",
					required = false) Boolean system_key_combos) {
		return this.runner.run("request_access", () -> {
			List<String> cleanApps = validateApps(apps);
			if (reason == null || reason.isBlank()) {
				throw DeskhandException.args("reason is required: one sentence for the human");
			}
			if (reason.length() > MAX_REASON) {
				throw DeskhandException.args("reason has " + reason.length() + " characters; at most " + MAX_REASON
						+ ": one sentence for the human");
			}
			CallContext call = this.contexts.of(context);
			Set<Capability> wanted = EnumSet.of(Capability.POINTER, Capability.KEYBOARD);
			if (Boolean.TRUE.equals(clipboard_read)) {
				wanted.add(Capability.CLIPBOARD_READ);
			}
			if (Boolean.TRUE.equals(clipboard_write)) {
				wanted.add(Capability.CLIPBOARD_WRITE);
			}
			if (Boolean.TRUE.equals(system_key_combos)) {
				wanted.add(Capability.SYSTEM_KEYS);
			}
			// the agent wrote the reason and the app names: what the human reads must be
			// what they say, bidi overrides and invisible characters spelled out
			String summary = "use " + wanted.stream().map(Capability::key).sorted().toList() + " in "
					+ cleanApps.stream().map((app) -> Redaction.summary(app, MAX_APP)).toList()
					+ " for this session, because: " + Redaction.summary(reason.strip(), MAX_REASON);
			this.approvals.requestAccess(call.session(), wanted, cleanApps, summary, call.channel());
			return ToolResults.json(describe(call.session()));
		});
	}

	@McpTool(name = "list_granted_applications", description = """
			What this session may do now: the applications input is restricted to (if any), and each \
			capability's policy and grant.""", annotations = @McpAnnotations(title = "List grants", readOnlyHint = true,
			destructiveHint = false, idempotentHint = true, openWorldHint = false))
	public CallToolResult listGrantedApplications(McpSyncRequestContext context) {
		return this.runner.run("list_granted_applications",
				() -> ToolResults.json(describe(this.contexts.of(context).session())));
	}

	@McpTool(name = "switch_display", description = """
			Set this session's default display: tools given no display_id then act on it. Pass a display \
			id from list_displays, or "auto" for the display holding the focused window.""",
			annotations = @McpAnnotations(title = "Switch display", readOnlyHint = false, destructiveHint = false,
					idempotentHint = true, openWorldHint = false))
	public CallToolResult switchDisplay(McpSyncRequestContext context,
			@McpToolParam(description = "A display id, or \"auto\"") String display) {
		return this.runner.run("switch_display", () -> {
			CallContext call = this.contexts.of(context);
			DisplayInfo chosen = this.screen.setDefaultDisplay(call.handle(), display);
			Map<String, Object> result = new LinkedHashMap<>();
			result.put("default_display", "auto".equalsIgnoreCase(display.strip()) ? "auto" : chosen.id());
			result.put("display_id", chosen.id());
			return ToolResults.json(result);
		});
	}

	private Map<String, Object> describe(AgentSession session) {
		Instant now = Instant.now();
		Map<Capability, Instant> grants = session.grants(now);
		Map<String, Object> capabilities = new TreeMap<>();
		for (Capability capability : Capability.values()) {
			Map<String, Object> state = new LinkedHashMap<>();
			state.put("policy",
					this.approvals.properties().policy(capability).name().toLowerCase(java.util.Locale.ROOT));
			Instant expiry = grants.get(capability);
			state.put("granted_until", (expiry != null) ? expiry.toString() : null);
			capabilities.put(capability.key(), state);
		}
		Map<String, Object> result = new LinkedHashMap<>();
		result.put("session", session.handle());
		result.put("apps", session.apps());
		result.put("capabilities", capabilities);
		return result;
	}

	private static List<String> validateApps(List<String> apps) {
		if (apps == null || apps.isEmpty()) {
			throw DeskhandException.args("apps is required: the applications input may go to, e.g. [\"xterm\"]");
		}
		if (apps.size() > MAX_APPS) {
			throw DeskhandException.args("at most " + MAX_APPS + " apps, got " + apps.size());
		}
		for (String app : apps) {
			if (app == null || app.isBlank() || app.length() > MAX_APP) {
				throw DeskhandException.args("each app is a non-empty name of at most 100 characters");
			}
		}
		return apps.stream().map(String::strip).distinct().toList();
	}

}
