package dev.deskhand.tools;

import java.util.Map;

import io.modelcontextprotocol.spec.McpSchema;

/**
 * What the {@code @McpTool} annotations cannot say about each tool: its family (the icon
 * a client shows) and whether its result is data with an {@code outputSchema} — then it
 * always carries {@code structuredContent} equal to its JSON text — or the sentence of an
 * action, text only. Every tool has a row; ToolCatalogTests fails for a tool without one,
 * so a new tool gets a decision rather than a default.
 */
final class ToolCatalog {

	/**
	 * A tool's row: its family, and its result's schema, or null with the reason it has
	 * none.
	 */
	record Entry(ToolFamily family, Map<String, Object> outputSchema, String textOnly) {

		static Entry data(ToolFamily family, Map<String, Object> schema) {
			return new Entry(family, schema, null);
		}

		static Entry text(ToolFamily family, String why) {
			return new Entry(family, null, why);
		}

	}

	private static final String ACTION = "the sentence of what was done, then the screenshot with screenshot_after";

	static final Map<String, Entry> TOOLS = Map.ofEntries(
			Map.entry("screenshot", Entry.data(ToolFamily.SCREEN, ResultSchemas.SCREENSHOT)),
			Map.entry("zoom", Entry.data(ToolFamily.SCREEN, ResultSchemas.ZOOM)),
			Map.entry("cursor_position", Entry.data(ToolFamily.SCREEN, ResultSchemas.CURSOR)),
			Map.entry("list_displays", Entry.data(ToolFamily.SCREEN, ResultSchemas.DISPLAYS)),
			Map.entry("mouse_move", Entry.text(ToolFamily.POINTER, ACTION)),
			Map.entry("left_click", Entry.text(ToolFamily.POINTER, ACTION)),
			Map.entry("right_click", Entry.text(ToolFamily.POINTER, ACTION)),
			Map.entry("middle_click", Entry.text(ToolFamily.POINTER, ACTION)),
			Map.entry("double_click", Entry.text(ToolFamily.POINTER, ACTION)),
			Map.entry("triple_click", Entry.text(ToolFamily.POINTER, ACTION)),
			Map.entry("left_click_drag", Entry.text(ToolFamily.POINTER, ACTION)),
			Map.entry("left_mouse_down", Entry.text(ToolFamily.POINTER, ACTION)),
			Map.entry("left_mouse_up", Entry.text(ToolFamily.POINTER, ACTION)),
			Map.entry("scroll", Entry.text(ToolFamily.POINTER, ACTION)),
			Map.entry("type", Entry.text(ToolFamily.KEYBOARD, ACTION)),
			Map.entry("key", Entry.text(ToolFamily.KEYBOARD, ACTION)),
			Map.entry("hold_key", Entry.text(ToolFamily.KEYBOARD, ACTION)),
			Map.entry("read_clipboard", Entry.data(ToolFamily.CLIPBOARD, ResultSchemas.CLIPBOARD)),
			Map.entry("write_clipboard", Entry.text(ToolFamily.CLIPBOARD, ACTION)),
			Map.entry("list_windows", Entry.data(ToolFamily.WINDOWS, ResultSchemas.WINDOWS)),
			Map.entry("open_application", Entry.data(ToolFamily.WINDOWS, ResultSchemas.OPENED)),
			Map.entry("list_elements", Entry.data(ToolFamily.ELEMENTS, ResultSchemas.ELEMENTS)),
			Map.entry("find_elements", Entry.data(ToolFamily.ELEMENTS, ResultSchemas.ELEMENTS)),
			Map.entry("element_at", Entry.data(ToolFamily.ELEMENTS, ResultSchemas.ELEMENT)),
			Map.entry("read_text", Entry.data(ToolFamily.ELEMENTS, ResultSchemas.TEXT_OF_ELEMENT)),
			Map.entry("click_element", Entry.text(ToolFamily.ELEMENTS, ACTION)),
			Map.entry("focus_element", Entry.text(ToolFamily.ELEMENTS, ACTION)),
			Map.entry("set_value", Entry.text(ToolFamily.ELEMENTS, "what was done and how the field read back")),
			Map.entry("request_access", Entry.data(ToolFamily.SESSION, ResultSchemas.GRANTS)),
			Map.entry("list_granted_applications", Entry.data(ToolFamily.SESSION, ResultSchemas.GRANTS)),
			Map.entry("switch_display", Entry.data(ToolFamily.SESSION, ResultSchemas.DEFAULT_DISPLAY)),
			Map.entry("set_profile", Entry.data(ToolFamily.SESSION, ResultSchemas.PROFILE)),
			Map.entry("computer_batch", Entry.text(ToolFamily.BATCH, ACTION)),
			Map.entry("wait", Entry.text(ToolFamily.BATCH, ACTION)),
			Map.entry("request_human", Entry.data(ToolFamily.DESK, ResultSchemas.HUMAN)));

	private ToolCatalog() {
	}

	/**
	 * The tool as clients see it: its own declaration, plus its row's outputSchema and
	 * icon. A tool without a row (a test fails for it) is left as declared.
	 */
	static McpSchema.Tool declare(McpSchema.Tool tool) {
		Entry entry = TOOLS.get(tool.name());
		if (entry == null) {
			return tool;
		}
		return McpSchema.Tool.builder()
			.name(tool.name())
			.title(tool.title())
			.description(tool.description())
			.inputSchema(ModelSchemas.trimmed(tool.inputSchema()))
			.outputSchema(entry.outputSchema())
			.annotations(tool.annotations())
			.meta(tool.meta())
			.icons(entry.family().icons())
			.build();
	}

}
