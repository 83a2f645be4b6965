package dev.deskhand.tools;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;

import io.modelcontextprotocol.spec.McpSchema;

/**
 * The tool families and the icon each shows in a client's tool list (MCP 2025-11-25
 * {@code icons}). The icons are small SVGs in {@code data:} URIs: a client draws them
 * without fetching anything, so no request leaves the client because of an icon. Plain
 * strokes in {@code currentColor}, no script, no external reference.
 */
enum ToolFamily {

	/** Screenshots, zoom, the pointer's position, the displays: a monitor. */
	SCREEN("<rect x='3' y='4' width='18' height='12' rx='1'/><path d='M8 20h8M12 16v4'/>"),

	/** Moving, clicking, dragging, scrolling: an arrow pointer. */
	POINTER("<path d='M5 3l14 8-6 2-3 6z'/>"),

	/** Typing and key chords: a keyboard. */
	KEYBOARD("<rect x='2' y='6' width='20' height='12' rx='1'/><path d='M6 10h1M10 10h1M14 10h1M18 10h1M7 14h10'/>"),

	/** Reading and writing the clipboard: a clipboard. */
	CLIPBOARD("<rect x='5' y='4' width='14' height='17' rx='1'/><rect x='9' y='2' width='6' height='4'/>"),

	/** Windows and applications: a window with its title bar. */
	WINDOWS("<rect x='3' y='4' width='18' height='16' rx='1'/><path d='M3 9h18'/>"),

	/** Accessibility elements: a tree of nodes. */
	ELEMENTS("<circle cx='6' cy='6' r='2'/><circle cx='18' cy='12' r='2'/><circle cx='18' cy='19' r='2'/>"
			+ "<path d='M6 8v11h10M6 12h10'/>"),

	/** The session: its grants, default display and model profile: a key. */
	SESSION("<circle cx='8' cy='12' r='4'/><path d='M12 12h9M18 12v3M21 12v2'/>"),

	/** Several actions in one call, and waiting: a stack of layers. */
	BATCH("<path d='M12 3l9 5-9 5-9-5z'/><path d='M3 13l9 5 9-5'/>"),

	/** Handing the desk to the person at it: a person. */
	DESK("<circle cx='12' cy='7' r='4'/><path d='M4 21c0-4 4-7 8-7s8 3 8 7'/>");

	/** Deskhand itself, in serverInfo: a monitor with a pointer on it. */
	static final List<McpSchema.Icon> SERVER_ICONS = icons(
			"<rect x='2' y='3' width='20' height='14' rx='1'/><path d='M8 21h8M12 17v4'/><path d='M10 7l6 3-3 1-1 3z'/>");

	private final List<McpSchema.Icon> icons;

	ToolFamily(String drawing) {
		this.icons = icons(drawing);
	}

	List<McpSchema.Icon> icons() {
		return this.icons;
	}

	private static List<McpSchema.Icon> icons(String drawing) {
		String svg = "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24' fill='none' stroke='currentColor' "
				+ "stroke-width='2' stroke-linecap='round' stroke-linejoin='round'>" + drawing + "</svg>";
		String uri = "data:image/svg+xml;base64,"
				+ Base64.getEncoder().encodeToString(svg.getBytes(StandardCharsets.UTF_8));
		return List.of(McpSchema.Icon.builder(uri).mimeType("image/svg+xml").sizes(List.of("any")).build());
	}

}
