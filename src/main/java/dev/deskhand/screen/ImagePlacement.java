package dev.deskhand.screen;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import dev.deskhand.platform.DisplayInfo;
import dev.deskhand.platform.Point;
import dev.deskhand.platform.Rect;

/**
 * Desktop rectangles (a window's, an element's) placed in a session's screenshot pixels:
 * the displays and the session's geometries read once, for a whole listing, since every
 * read of the displays is a round trip to the display server.
 */
public final class ImagePlacement {

	private final ScreenService screen;

	private final String session;

	private final List<DisplayInfo> displays;

	private final Map<String, ScreenGeometry> geometries = new HashMap<>();

	ImagePlacement(ScreenService screen, String session) {
		this.screen = screen;
		this.session = session;
		this.displays = screen.displays();
	}

	/** The display holding the rectangle's centre, else its top-left corner, or null. */
	public DisplayInfo displayOf(Rect bounds) {
		DisplayInfo centre = ScreenService.displayAt(this.displays,
				new Point(bounds.x() + bounds.width() / 2, bounds.y() + bounds.height() / 2));
		return (centre != null) ? centre : ScreenService.displayAt(this.displays, new Point(bounds.x(), bounds.y()));
	}

	/**
	 * The rectangle in image pixels of the display, clipped to it, as
	 * {@code [x, y, width, height]}; {@code null} when it lies outside.
	 */
	public List<Integer> imageRect(DisplayInfo display, Rect bounds) {
		ScreenGeometry geometry = this.geometries.computeIfAbsent(display.id(),
				(id) -> this.screen.geometryFor(this.session, display, this.displays));
		int[] rect = ScreenService.toImageRect(geometry, bounds);
		return (rect != null) ? List.of(rect[0], rect[1], rect[2], rect[3]) : null;
	}

}
