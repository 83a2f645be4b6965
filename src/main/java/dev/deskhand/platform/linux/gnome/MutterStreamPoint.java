package dev.deskhand.platform.linux.gnome;

import java.util.List;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.platform.DisplayInfo;
import dev.deskhand.platform.Rect;

/**
 * Where a desktop point goes in {@code NotifyPointerMotionAbsolute}: the stream of the
 * display that contains it, at the display's pixels. Desktop units on GNOME are mutter's
 * layout units ({@link MutterDisplayConfig}), but mutter reads a stream position as the
 * monitor's pixels: on a monitor at scale 1.25 layout (80, 80) is stream (100, 100).
 * Pure.
 *
 * @param displayId the display, whose stream takes the position
 * @param x pixels from the display's left edge
 * @param y pixels from the display's top edge
 */
record MutterStreamPoint(String displayId, double x, double y) {

	/**
	 * @param displays the displays now
	 * @throws DeskhandException E_ARGS when no display contains the point
	 */
	static MutterStreamPoint of(List<DisplayInfo> displays, int x, int y) {
		for (DisplayInfo display : displays) {
			Rect bounds = display.bounds();
			if (bounds.contains(x, y)) {
				double scale = display.scaleFactor();
				return new MutterStreamPoint(display.id(), (x - bounds.x()) * scale, (y - bounds.y()) * scale);
			}
		}
		throw DeskhandException.args("(" + x + ", " + y + ") is on no display: the displays are "
				+ displays.stream().map((display) -> display.id() + " " + display.bounds()).toList());
	}

}
