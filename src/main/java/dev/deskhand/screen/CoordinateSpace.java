package dev.deskhand.screen;

import java.util.Locale;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.Echo;

/**
 * The numbers an agent's coordinates are in: the pixels of its screenshot, or a grid laid
 * over that screenshot. Each is kept with the screenshot's geometry, so a click is read
 * in the space of the image the agent looked at, whatever its profile says now.
 */
public enum CoordinateSpace {

	/**
	 * Image pixels of the screenshot, top-left [0, 0]: what Anthropic and OpenAI send.
	 */
	PIXELS("pixels", 0),

	/**
	 * 0 to 999 on each axis, spread evenly over the screenshot whatever its size: what
	 * Gemini's computer use answers in. Grid cell {@code g} covers the display's units
	 * from {@code g * size / 1000} up to {@code (g + 1) * size / 1000}.
	 */
	GRID_1000("grid-1000", 1000);

	private final String label;

	private final int cells;

	CoordinateSpace(String label, int cells) {
		this.label = label;
		this.cells = cells;
	}

	/** The name used in configuration and in results. */
	public String label() {
		return this.label;
	}

	/**
	 * Cells per axis, or 0 when coordinates are image pixels (then the image's size is
	 * the extent).
	 */
	public int cells() {
		return this.cells;
	}

	/**
	 * Parses {@code pixels} or {@code grid-1000}, ignoring case and surrounding blanks.
	 * @throws DeskhandException {@code E_ARGS} for anything else
	 */
	public static CoordinateSpace parse(String value) {
		String name = (value != null) ? value.trim().toLowerCase(Locale.ROOT) : "";
		for (CoordinateSpace space : values()) {
			if (space.label.equals(name)) {
				return space;
			}
		}
		throw DeskhandException.args("unknown coordinate space " + Echo.of(value) + "; use pixels or grid-1000");
	}

}
