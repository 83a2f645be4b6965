package dev.deskhand.tools;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import org.springframework.ai.mcp.annotation.McpTool;
import org.springframework.ai.mcp.annotation.McpTool.McpAnnotations;
import org.springframework.ai.mcp.annotation.McpToolParam;
import org.springframework.ai.mcp.annotation.context.McpSyncRequestContext;

import dev.deskhand.actions.ActionArguments;
import dev.deskhand.actions.ApplicationOutcome;
import dev.deskhand.actions.DesktopActions;
import dev.deskhand.input.InputAction;
import dev.deskhand.platform.DesktopDriver;
import dev.deskhand.platform.DisplayInfo;
import dev.deskhand.platform.Rect;
import dev.deskhand.platform.WindowInfo;
import dev.deskhand.privacy.PrivacyProperties;
import dev.deskhand.screen.ImagePlacement;
import dev.deskhand.screen.ScreenService;

/** Window tools: what is open and where, and bringing an application to the front. */
// Parameter names are snake_case on purpose: they become the tools' JSON argument names.
public class WindowTools {

	private final CallContexts contexts;

	private final ActionArguments arguments;

	private final DesktopActions desktop;

	private final ScreenService screen;

	private final DesktopDriver driver;

	private final PrivacyProperties privacy;

	private final ToolRunner runner;

	WindowTools(CallContexts contexts, ActionArguments arguments, DesktopActions desktop, ScreenService screen,
			DesktopDriver driver, PrivacyProperties privacy, ToolRunner runner) {
		this.contexts = contexts;
		this.arguments = arguments;
		this.desktop = desktop;
		this.screen = screen;
		this.driver = driver;
		this.privacy = privacy;
		this.runner = runner;
	}

	@McpTool(name = "list_windows", description = """
			The open windows: id, title, app (window class), pid, bounds [x, y, width, height] in screenshot \
			image pixels of the display the window is on (display_id), and whether it has focus. Bounds use \
			the same coordinates as clicks on that display.""", annotations = @McpAnnotations(title = "List windows",
			readOnlyHint = true, destructiveHint = false, idempotentHint = true, openWorldHint = false))
	public CallToolResult listWindows(McpSyncRequestContext context) {
		return this.runner.run("list_windows", () -> {
			CallContext call = this.contexts.of(context);
			this.desktop.authorizeObservation(call, "list_windows", "list the open windows");
			ImagePlacement space = this.screen.placement(call.handle());
			List<Map<String, Object>> windows = new ArrayList<>();
			for (WindowInfo window : this.driver.windows().list()) {
				windows.add(describe(space, window));
			}
			return ToolResults.json(Map.of("windows", windows));
		});
	}

	@McpTool(name = "open_application", description = """
			Bring an application to the front: focus its window if it runs, else start it (only apps the \
			operator allowed in deskhand.apps.launchable) and wait for its window. Returns the window.""",
			annotations = @McpAnnotations(title = "Open application", readOnlyHint = false, destructiveHint = false,
					idempotentHint = true, openWorldHint = false))
	public CallToolResult openApplication(McpSyncRequestContext context,
			@McpToolParam(description = "The application: its window class, executable, or launchable name, "
					+ "e.g. \"xterm\", \"firefox\"") String app) {
		return this.runner.run("open_application", () -> {
			CallContext call = this.contexts.of(context);
			InputAction action = this.arguments.openApplication(app, call.session());
			ApplicationOutcome outcome = this.desktop.openApplication(call, action);
			Map<String, Object> result = new LinkedHashMap<>();
			result.put("launched", outcome.launched());
			result.put("window", describe(this.screen.placement(call.handle()), outcome.window()));
			return ToolResults.json(result);
		});
	}

	private Map<String, Object> describe(ImagePlacement space, WindowInfo window) {
		boolean masked = this.privacy.maskedApps().stream().anyMatch(window::belongsTo);
		Map<String, Object> fields = new LinkedHashMap<>();
		fields.put("id", "0x" + Long.toHexString(window.id()));
		fields.put("title", masked ? "(masked)" : window.title());
		fields.put("app", window.appClass().isEmpty() ? window.executable() : window.appClass());
		fields.put("pid", window.pid());
		Rect bounds = window.bounds();
		DisplayInfo display = (bounds != null) ? space.displayOf(bounds) : null;
		fields.put("display_id", (display != null) ? display.id() : null);
		fields.put("bounds", (display != null) ? space.imageRect(display, bounds) : null);
		fields.put("focused", window.focused());
		if (masked) {
			fields.put("masked", true);
		}
		return fields;
	}

}
