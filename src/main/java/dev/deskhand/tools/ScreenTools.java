package dev.deskhand.tools;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import org.springframework.ai.mcp.annotation.McpTool;
import org.springframework.ai.mcp.annotation.McpTool.McpAnnotations;
import org.springframework.ai.mcp.annotation.McpToolParam;
import org.springframework.ai.mcp.annotation.context.McpSyncRequestContext;

import dev.deskhand.actions.DesktopActions;
import dev.deskhand.platform.DisplayInfo;
import dev.deskhand.screen.CursorPosition;
import dev.deskhand.screen.DisplayChoice;
import dev.deskhand.screen.ImageFormat;
import dev.deskhand.screen.ScreenGeometry;
import dev.deskhand.screen.ScreenService;
import dev.deskhand.screen.Screenshot;

/**
 * Observation tools: what the screen shows and where the pointer is. Read-only; never
 * blocked by input.
 */
// Parameter names are snake_case on purpose: they become the tools' JSON argument names.
public class ScreenTools {

	private final CallContexts contexts;

	private final DesktopActions desktop;

	private final ScreenService screen;

	private final ToolRunner runner;

	ScreenTools(CallContexts contexts, DesktopActions desktop, ScreenService screen, ToolRunner runner) {
		this.contexts = contexts;
		this.desktop = desktop;
		this.screen = screen;
		this.runner = runner;
	}

	@McpTool(name = "screenshot", description = """
			Capture one display as an image. Every coordinate you send to the other tools is in the pixels \
			of this image (top-left is [0, 0]), for the display it shows; the text result gives display_id, \
			the image width and height, and scale (image pixels per screen pixel). Take a new screenshot \
			after the screen changes.""", annotations = @McpAnnotations(title = "Screenshot", readOnlyHint = true,
			destructiveHint = false, idempotentHint = true, openWorldHint = false))
	public CallToolResult screenshot(McpSyncRequestContext context,
			@McpToolParam(description = "Display to capture (from list_displays); default: the primary display",
					required = false) String display_id,
			@McpToolParam(description = "png (default, lossless) or jpeg (smaller)", required = false) String format) {
		return this.runner.run("screenshot", () -> {
			CallContext call = observe(context, "screenshot", "take a screenshot");
			DisplayChoice display = this.screen.choose(call.handle(), display_id);
			Screenshot shot = this.screen.screenshot(call.handle(), display.id(), format(format));
			return ToolResults.image(shot, warning(display));
		});
	}

	@McpTool(name = "zoom", description = """
			See a region of the last screenshot in full detail: region is [x0, y0, x1, y1] in that \
			screenshot's image pixels (x1, y1 exclusive); the result shows the region at the display's \
			native resolution (scaled down only if larger than the image budget). Coordinates for other \
			tools stay those of the screenshot, not of the zoomed image.""",
			annotations = @McpAnnotations(title = "Zoom", readOnlyHint = true, destructiveHint = false,
					idempotentHint = true, openWorldHint = false))
	public CallToolResult zoom(McpSyncRequestContext context,
			@McpToolParam(description = "[x0, y0, x1, y1] in screenshot image pixels") List<Integer> region,
			@McpToolParam(description = "Display of the screenshot; default: the primary display",
					required = false) String display_id,
			@McpToolParam(description = "png (default) or jpeg", required = false) String format) {
		return this.runner.run("zoom", () -> {
			CallContext call = observe(context, "zoom", "zoom into a region of the screen");
			DisplayChoice display = this.screen.choose(call.handle(), display_id);
			Screenshot shot = this.screen.zoom(call.handle(), display.id(), region, format(format));
			Map<String, Object> extra = new LinkedHashMap<>(warning(display));
			extra.put("region", region);
			return ToolResults.image(shot, extra);
		});
	}

	@McpTool(name = "cursor_position", description = """
			Where the mouse pointer is: [x, y] in screenshot image pixels of the display it is on, and that \
			display's id.""", annotations = @McpAnnotations(title = "Cursor position", readOnlyHint = true,
			destructiveHint = false, idempotentHint = true, openWorldHint = false))
	public CallToolResult cursorPosition(McpSyncRequestContext context) {
		return this.runner.run("cursor_position", () -> {
			CallContext call = observe(context, "cursor_position", "read the pointer position");
			CursorPosition position = this.screen.cursor(call.handle());
			Map<String, Object> fields = new LinkedHashMap<>();
			fields.put("coordinate", List.of(position.x(), position.y()));
			fields.put("display_id", position.displayId());
			return ToolResults.json(fields);
		});
	}

	@McpTool(name = "list_displays", description = """
			The displays (monitors) attached: id, name, bounds on the desktop, scale factor, whether primary, \
			and the size its screenshots have. Pass an id as display_id to the other tools.""",
			annotations = @McpAnnotations(title = "List displays", readOnlyHint = true, destructiveHint = false,
					idempotentHint = true, openWorldHint = false))
	public CallToolResult listDisplays(McpSyncRequestContext context) {
		return this.runner.run("list_displays", () -> {
			CallContext call = observe(context, "list_displays", "list the displays");
			List<Map<String, Object>> displays = this.screen.displays()
				.stream()
				.map((display) -> describe(call.handle(), display))
				.toList();
			return ToolResults.json(Map.of("displays", displays));
		});
	}

	private Map<String, Object> describe(String session, DisplayInfo display) {
		ScreenGeometry geometry = this.screen.currentGeometry(session, display);
		Map<String, Object> fields = new LinkedHashMap<>();
		fields.put("id", display.id());
		fields.put("name", display.name());
		fields.put("bounds", List.of(display.bounds().x(), display.bounds().y(), display.bounds().width(),
				display.bounds().height()));
		fields.put("scale_factor", display.scaleFactor());
		fields.put("primary", display.primary());
		fields.put("screenshot_size", List.of(geometry.imageWidth(), geometry.imageHeight()));
		return fields;
	}

	private static Map<String, Object> warning(DisplayChoice display) {
		return (display.warning() != null) ? Map.of("warning", display.warning()) : Map.of();
	}

	private CallContext observe(McpSyncRequestContext context, String tool, String summary) {
		CallContext call = this.contexts.of(context);
		this.desktop.authorizeObservation(call, tool, summary);
		return call;
	}

	private ImageFormat format(String format) {
		// none (or an empty string, as form-filling clients send): the session's profile
		// chooses
		return (format == null || format.isEmpty()) ? null : ImageFormat.ofArgument(format);
	}

}
