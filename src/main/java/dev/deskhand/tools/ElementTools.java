package dev.deskhand.tools;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import org.springframework.ai.mcp.annotation.McpTool;
import org.springframework.ai.mcp.annotation.McpTool.McpAnnotations;
import org.springframework.ai.mcp.annotation.McpToolParam;
import org.springframework.ai.mcp.annotation.context.McpSyncRequestContext;

import dev.deskhand.actions.ActionArguments;
import dev.deskhand.actions.ActionOutcome;
import dev.deskhand.actions.DesktopActions;
import dev.deskhand.audit.Redaction;
import dev.deskhand.errors.Echo;
import dev.deskhand.elements.ElementListing;
import dev.deskhand.elements.ElementMarks;
import dev.deskhand.elements.ElementSearch;
import dev.deskhand.elements.ElementService;
import dev.deskhand.elements.ListedElement;
import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.input.InputAction;
import dev.deskhand.input.InputAction.ElementTarget;
import dev.deskhand.platform.elements.Element;
import dev.deskhand.platform.elements.ElementState;
import dev.deskhand.screen.DisplayChoice;
import dev.deskhand.screen.ScreenService;
import dev.deskhand.screen.Screenshot;

/**
 * Element tools: the desktop as its applications' accessibility trees show it — list and
 * find elements, press, focus and fill them by ref, read their text, find the element
 * under a point. Refs belong to the session and go stale with their element.
 */
// Parameter names are snake_case on purpose: they become the tools' JSON argument names.
public class ElementTools {

	static final String REF = "An element ref from list_elements, find_elements or element_at, e.g. \"e12\"";

	// Names and values shown to a model: enough to recognise, not a whole document.
	private static final int NAME_SHOWN = 80;

	private static final int VALUE_SHOWN = 120;

	// The states an agent decides by; showing, active, focusable... would be noise on
	// every line.
	private static final List<ElementState> SHOWN_STATES = List.of(ElementState.FOCUSED, ElementState.CHECKED,
			ElementState.INDETERMINATE, ElementState.SELECTED, ElementState.EXPANDED, ElementState.COLLAPSED,
			ElementState.PRESSED, ElementState.DISABLED, ElementState.EDITABLE, ElementState.READ_ONLY);

	private final CallContexts contexts;

	private final ElementService elements;

	private final ActionArguments arguments;

	private final DesktopActions desktop;

	private final ScreenService screen;

	private final ElementMarks marks;

	private final ToolRunner runner;

	ElementTools(CallContexts contexts, ElementService elements, ActionArguments arguments, DesktopActions desktop,
			ScreenService screen, ElementMarks marks, ToolRunner runner) {
		this.contexts = contexts;
		this.elements = elements;
		this.arguments = arguments;
		this.desktop = desktop;
		this.screen = screen;
		this.marks = marks;
		this.runner = runner;
	}

	@McpTool(name = "list_elements", description = """
			The accessible elements of the focused window (or of app / window): by default what is showing \
			and either interactive or named, at most max_count (default 200; "truncated" says when cut). \
			Each: ref (for click_element, set_value, focus_element, read_text), role (AT-SPI names: "push \
			button", "entry", "check box", "link", "menu item", "combo box"...), name, states that matter \
			(focused, checked, selected, expanded, disabled...), bounds [x, y, width, height] in screenshot \
			image pixels of display_id (the same coordinates as clicks), actions, and value when short. With \
			screenshot (or marks: numbered boxes drawn on it) the image of the display comes first. Apps \
			without accessibility (xterm) are absent: use pixels there.""",
			annotations = @McpAnnotations(title = "List elements", readOnlyHint = true, destructiveHint = false,
					idempotentHint = true, openWorldHint = false))
	public CallToolResult listElements(McpSyncRequestContext context,
			@McpToolParam(description = "Only this application (window class, executable or accessible name)",
					required = false) String app,
			@McpToolParam(description = "Only this window (an id from list_windows)", required = false) String window,
			@McpToolParam(description = "At most this many elements (default 200)", required = false) Integer max_count,
			@McpToolParam(description = "Also elements that are not showing, and unnamed non-interactive ones",
					required = false) Boolean all,
			@McpToolParam(description = "Also return a screenshot of the display, taken first: the bounds are in "
					+ "its pixels", required = false) Boolean screenshot,
			@McpToolParam(description = "Display of that screenshot (from list_displays); default: the session's",
					required = false) String display_id,
			@McpToolParam(description = "Draw each element's box and ref number on the screenshot (implies "
					+ "screenshot): name an element by the number you see", required = false) Boolean marks) {
		return this.runner.run("list_elements", () -> {
			CallContext call = this.contexts.of(context);
			this.desktop.authorizeObservation(call, "list_elements", "list the elements of the desktop's windows");
			// First: the bounds are then mapped through this very image's geometry.
			boolean marked = Boolean.TRUE.equals(marks);
			Screenshot shot = (marked || Boolean.TRUE.equals(screenshot)) ? this.screen.screenshot(call.handle(),
					this.arguments.display(call.handle(), display_id).id(), null) : null;
			ElementListing listing = this.elements.list(call.handle(),
					new ElementSearch(app, window, null, null, null, null, Boolean.TRUE.equals(all), max_count, true));
			return result(listing, marked ? this.marks.draw(shot, listing.elements()) : shot);
		});
	}

	@McpTool(name = "find_elements", description = """
			Find accessible elements in every application's windows (or in app / window) by role, name \
			(substring, case-insensitive) or name_regex, and states; showing ones only unless all. Same \
			fields as list_elements.""", annotations = @McpAnnotations(title = "Find elements", readOnlyHint = true,
			destructiveHint = false, idempotentHint = true, openWorldHint = false))
	public CallToolResult findElements(McpSyncRequestContext context, @McpToolParam(description = """
			A role or a list of roles: AT-SPI's ("push button", "entry", "check box", "link") or the common \
			names ("button", "textbox", "checkbox", "AXButton", "Edit")""", required = false) Object role,
			@McpToolParam(description = "A part of the name, case-insensitive", required = false) String name,
			@McpToolParam(description = "A regular expression found in the name (case-insensitive)",
					required = false) String name_regex,
			@McpToolParam(
					description = "A state or a list of states every match has: \"focused\", \"checked\", \"editable\"...",
					required = false) Object states,
			@McpToolParam(description = "Only this application", required = false) String app,
			@McpToolParam(description = "Only this window (an id from list_windows)", required = false) String window,
			@McpToolParam(description = "At most this many (default 200)", required = false) Integer max_count,
			@McpToolParam(description = "Also elements that are not showing", required = false) Boolean all) {
		return this.runner.run("find_elements", () -> {
			CallContext call = this.contexts.of(context);
			this.desktop.authorizeObservation(call, "find_elements", "search the desktop's elements");
			ElementListing listing = this.elements.list(call.handle(),
					new ElementSearch(app, window, oneOrMany(role, "role"), name, name_regex,
							oneOrMany(states, "states"), Boolean.TRUE.equals(all), max_count, false));
			return result(listing, null);
		});
	}

	@McpTool(name = "click_element", description = """
			Press an element: its default action (press, click, activate, toggle) when it offers one and is \
			enabled, else a left click at its centre. Works without moving the pointer when by action; the \
			result says which was used.""", annotations = @McpAnnotations(title = "Click element", readOnlyHint = false,
			destructiveHint = true, idempotentHint = false, openWorldHint = false))
	public CallToolResult clickElement(McpSyncRequestContext context, @McpToolParam(description = REF) String ref,
			@McpToolParam(description = PointerTools.SCREENSHOT_AFTER, required = false) Boolean screenshot_after) {
		return this.runner.run("click_element", () -> {
			CallContext call = this.contexts.of(context);
			ElementTarget target = this.elements.resolve(call.handle(), ref);
			Element element = target.element();
			ListedElement shown = this.elements.describe(call.handle(), target);
			DisplayChoice display = (shown.displayId() != null)
					? this.arguments.display(call.handle(), shown.displayId()) : null;
			InputAction.PressElement action = this.arguments.clickElement(target, shown.bounds() != null);
			String done = (action.at() == null)
					? "pressed " + words(target) + " by its action '" + element.actions().get(0) + "'"
					: "pressed " + words(target) + " by a left click at its centre "
							+ List.of(shown.bounds().get(0) + shown.bounds().get(2) / 2,
									shown.bounds().get(1) + shown.bounds().get(3) / 2)
							+ " (it offers no action" + (element.has(ElementState.DISABLED) ? " while disabled" : "")
							+ ")";
			return ToolResults
				.outcome(this.desktop.perform(call, display, action, Boolean.TRUE.equals(screenshot_after), done));
		});
	}

	@McpTool(name = "focus_element", description = "Give an element the keyboard focus inside its application.",
			annotations = @McpAnnotations(title = "Focus element", readOnlyHint = false, destructiveHint = false,
					idempotentHint = true, openWorldHint = false))
	public CallToolResult focusElement(McpSyncRequestContext context, @McpToolParam(description = REF) String ref) {
		return this.runner.run("focus_element", () -> {
			CallContext call = this.contexts.of(context);
			ElementTarget target = this.elements.resolve(call.handle(), ref);
			return ToolResults.outcome(this.desktop.perform(call, null, this.arguments.focusElement(target), false,
					"focused " + words(target)));
		});
	}

	@McpTool(name = "set_value", description = """
			Replace the text of a field: directly where the application allows it, else by focusing it, \
			selecting all and typing. Then reads the field back: a mismatch is an error showing what \
			arrived (password fields are never read).""", annotations = @McpAnnotations(title = "Set value",
			readOnlyHint = false, destructiveHint = true, idempotentHint = true, openWorldHint = false))
	public CallToolResult setValue(McpSyncRequestContext context, @McpToolParam(description = REF) String ref,
			@McpToolParam(description = "The field's new text") String text) {
		return this.runner.run("set_value", () -> {
			CallContext call = this.contexts.of(context);
			ElementTarget target = this.elements.resolve(call.handle(), ref);
			InputAction.SetElementText action = this.arguments.setValue(target, text);
			ActionOutcome outcome = this.desktop.perform(call, null, action, false,
					"set the text of " + words(target) + ((action.selectAll() == null) ? "" : " by typing"));
			return ToolResults.text(outcome.text() + "; " + readBack(target, text));
		});
	}

	@McpTool(name = "read_text", description = """
			The whole text an element holds now (a field's content, a label's text). Password fields are \
			never read.""", annotations = @McpAnnotations(title = "Read text", readOnlyHint = true,
			destructiveHint = false, idempotentHint = true, openWorldHint = false))
	public CallToolResult readText(McpSyncRequestContext context, @McpToolParam(description = REF) String ref) {
		return this.runner.run("read_text", () -> {
			CallContext call = this.contexts.of(context);
			this.desktop.authorizeObservation(call, "read_text", "read the text of an element");
			ElementTarget target = this.elements.resolve(call.handle(), ref);
			Map<String, Object> result = new LinkedHashMap<>();
			result.put("ref", target.ref());
			result.put("text", this.elements.readText(target));
			return ToolResults.json(result);
		});
	}

	@McpTool(name = "element_at", description = """
			The element under a point of the screenshot: in the topmost window there, the nearest element \
			that offers an action (a button rather than its label). Same fields as list_elements.""",
			annotations = @McpAnnotations(title = "Element at", readOnlyHint = true, destructiveHint = false,
					idempotentHint = true, openWorldHint = false))
	public CallToolResult elementAt(McpSyncRequestContext context,
			@McpToolParam(description = PointerTools.COORDINATE) List<Integer> coordinate,
			@McpToolParam(description = PointerTools.DISPLAY, required = false) String display_id) {
		return this.runner.run("element_at", () -> {
			CallContext call = this.contexts.of(context);
			this.desktop.authorizeObservation(call, "element_at", "read the element under a point");
			DisplayChoice display = this.arguments.display(call.handle(), display_id);
			ListedElement element = this.elements.at(call.handle(), display, coordinate);
			return ToolResults.json(Map.of("element", fields(element)));
		});
	}

	/** The field read back until it holds the text, and compared. */
	private String readBack(ElementTarget target, String expected) {
		if (target.element().secret()) {
			return "not read back: a password field";
		}
		Optional<String> now = this.elements.readUntil(target.element(), expected::equals);
		if (now.isEmpty()) {
			return "not read back: the field has no readable text";
		}
		if (!now.get().equals(expected)) {
			throw new DeskhandException(ErrorCode.E_FAIL,
					"set_value: " + target.ref() + " now holds \"" + Redaction.summary(now.get(), VALUE_SHOWN) + "\" ("
							+ now.get().codePointCount(0, now.get().length()) + " characters), not the text asked for ("
							+ expected.codePointCount(0, expected.length()) + " characters)");
		}
		return "read back: it holds exactly the text asked for";
	}

	static CallToolResult result(ElementListing listing, Screenshot shot) {
		List<Map<String, Object>> elements = new ArrayList<>();
		for (ListedElement element : listing.elements()) {
			elements.add(fields(element));
		}
		Map<String, Object> result = new LinkedHashMap<>();
		result.put("elements", elements);
		result.put("truncated", listing.truncated());
		if (!listing.notes().isEmpty()) {
			result.put("notes", listing.notes());
		}
		if (shot == null) {
			return ToolResults.json(result);
		}
		return ToolResults.image(shot, result);
	}

	static Map<String, Object> fields(ListedElement listed) {
		Element element = listed.element();
		Map<String, Object> fields = new LinkedHashMap<>();
		fields.put("ref", listed.ref());
		fields.put("role", element.role().spelling());
		fields.put("name", Redaction.summary(element.name(), NAME_SHOWN));
		fields.put("states", SHOWN_STATES.stream().filter(element::has).map(ElementState::spelling).toList());
		fields.put("bounds", listed.bounds());
		fields.put("display_id", listed.displayId());
		fields.put("actions", element.actions());
		if (element.value() != null && !element.secret()) {
			fields.put("value", Redaction.summary(element.value(), VALUE_SHOWN));
		}
		if (!element.app().name().isBlank()) {
			fields.put("app", element.app().name());
		}
		return fields;
	}

	private static String words(ElementTarget target) {
		Element element = target.element();
		return target.ref() + " (" + element.role().spelling()
				+ (element.name().isBlank() ? "" : " '" + Redaction.summary(element.name(), NAME_SHOWN) + "'") + ")";
	}

	/**
	 * A string or a list of strings as a list: models send {@code "role": "button"} as
	 * often as {@code ["button"]}.
	 */
	static List<String> oneOrMany(Object value, String argument) {
		if (value == null) {
			return null;
		}
		if (value instanceof String one) {
			return List.of(one);
		}
		if (value instanceof List<?> many && many.stream().allMatch(String.class::isInstance)) {
			return many.stream().map(String.class::cast).toList();
		}
		throw DeskhandException.args(argument + " must be a string or a list of strings, got " + Echo.of(value, 80));
	}

}
