package dev.deskhand.platform.macos;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.platform.DisplayInfo;
import dev.deskhand.platform.Rect;

/**
 * What Deskhand makes of the displays Quartz reports: the logical unit is the point (the
 * space Quartz lays windows out in and takes input in, global, top-left origin at the
 * main display), and a capture is in backing pixels, so {@link DisplayInfo#scaleFactor()}
 * is pixels per point (2.0 on a retina panel: 2560x1440 points, 5120x2880 pixels). Pure.
 */
final class MacDisplays {

	private MacDisplays() {
	}

	/** The displays, the main one first, the others in Quartz's order. */
	static List<DisplayInfo> infos(List<MacDisplayRecord> records) {
		List<MacDisplayRecord> ordered = new ArrayList<>(records);
		ordered.sort(Comparator.comparing((MacDisplayRecord record) -> !record.main()));
		List<DisplayInfo> infos = new ArrayList<>(ordered.size());
		for (MacDisplayRecord record : ordered) {
			infos.add(new DisplayInfo(record.id(), name(record), record.pointBounds(), scale(record), record.main()));
		}
		return List.copyOf(infos);
	}

	/**
	 * One number for both axes, as {@link DisplayInfo} has one: the horizontal ratio,
	 * rounded to four decimals so that 3420/1710 says 2.0 and not 1.9999999.
	 */
	static double scale(MacDisplayRecord record) {
		return Math.round(record.scaleX() * 10_000) / 10_000.0;
	}

	private static String name(MacDisplayRecord record) {
		return (record.main() ? "main display " : "display ") + record.id();
	}

	/**
	 * Where a region given in global points is captured from: the one display holding it
	 * whole, the region in that display's own points (what
	 * {@code CGDisplayCreateImageForRect} takes), and the pixels that come back.
	 * @throws DeskhandException E_ARGS when no single display holds the whole region (it
	 * straddles two, or lies on none)
	 */
	static MacCaptureArea locate(List<MacDisplayRecord> records, Rect region) {
		for (MacDisplayRecord record : records) {
			Rect bounds = record.pointBounds();
			if (region.width() > 0 && region.height() > 0 && region.x() >= bounds.x() && region.y() >= bounds.y()
					&& region.right() <= bounds.right() && region.bottom() <= bounds.bottom()) {
				Rect local = new Rect(region.x() - bounds.x(), region.y() - bounds.y(), region.width(),
						region.height());
				return new MacCaptureArea(record.displayId(), local, pixels(record, local));
			}
		}
		throw DeskhandException.args("region " + region.x() + "," + region.y() + " " + region.width() + "x"
				+ region.height() + " lies inside no one display");
	}

	/**
	 * The backing pixels a region of a display's own points covers: every pixel any part
	 * of the region touches (the left/top edge rounded down, the right/bottom edge up),
	 * within the display. At 2.0 it is exact; at a fractional scale (1.5, or 1.7777 in a
	 * "looks like" mode) a region's pixels overlap its neighbour's by at most one column,
	 * never leave a gap.
	 */
	static Rect pixels(MacDisplayRecord record, Rect localPoints) {
		int x0 = floor(localPoints.x() * record.scaleX());
		int y0 = floor(localPoints.y() * record.scaleY());
		int x1 = (int) Math.min(ceil(localPoints.right() * record.scaleX()), record.pixelWidth());
		int y1 = (int) Math.min(ceil(localPoints.bottom() * record.scaleY()), record.pixelHeight());
		return new Rect(x0, y0, Math.max(0, x1 - x0), Math.max(0, y1 - y0));
	}

	/**
	 * The point of a display's own space that a backing pixel lies in (what the agent's
	 * pixel coordinates become for input), rounded down.
	 */
	static int pixelToPoint(int pixel, double scale) {
		return floor(pixel / scale);
	}

	// a product like 0.3 * 10 must not become 2.9999999 and lose a pixel
	private static int floor(double value) {
		return (int) Math.floor(value + 1e-9);
	}

	private static int ceil(double value) {
		return (int) Math.ceil(value - 1e-9);
	}

}
