package dev.deskhand.platform.macos;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.platform.DisplayInfo;
import dev.deskhand.platform.Point;
import dev.deskhand.platform.Rect;

/**
 * What Deskhand makes of the displays Quartz reports. Quartz lays windows out and takes
 * input in <em>points</em> (global, top-left origin at the main display, y down), while a
 * capture is in backing <em>pixels</em>. Deskhand's desktop units are those pixels, as on
 * Wayland: a display's bounds are the size of its capture (so screenshots are scaled down
 * from real pixels and {@code zoom} shows every one), and each display sits at its point
 * origin times the greatest scale of any display, so that displays of different scales
 * never overlap. Points appear only where input is posted and where Quartz or AX report
 * positions; {@link DisplayInfo#scaleFactor()} is the OS's pixels per point (2.0 on a
 * retina panel: 2560x1440 points, 5120x2880 pixels). Pure.
 */
final class MacDisplays {

	private MacDisplays() {
	}

	/** The displays, the main one first, the others in Quartz's order. */
	static List<DisplayInfo> infos(List<MacDisplayRecord> records) {
		List<MacDisplayRecord> ordered = new ArrayList<>(records);
		ordered.sort(Comparator.comparing((MacDisplayRecord record) -> !record.main()));
		double greatest = greatestScale(records);
		List<DisplayInfo> infos = new ArrayList<>(ordered.size());
		for (MacDisplayRecord record : ordered) {
			infos.add(new DisplayInfo(record.id(), name(record), desktopBounds(record, greatest), scale(record),
					record.main()));
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

	static double greatestScale(List<MacDisplayRecord> records) {
		return records.stream().mapToDouble(MacDisplayRecord::scaleX).max().orElse(1.0);
	}

	/**
	 * Where a display lies in desktop units: its backing pixels, at its scaled origin.
	 */
	static Rect desktopBounds(MacDisplayRecord record, double greatest) {
		Rect points = record.pointBounds();
		return new Rect((int) Math.round(points.x() * greatest), (int) Math.round(points.y() * greatest),
				(int) record.pixelWidth(), (int) record.pixelHeight());
	}

	private static String name(MacDisplayRecord record) {
		return (record.main() ? "main display " : "display ") + record.id();
	}

	/**
	 * Where a region of the desktop is captured from: the one display holding it whole,
	 * the region in that display's own points (what {@code CGDisplayCreateImageForRect}
	 * takes) and in its own pixels (what comes back).
	 * @throws DeskhandException E_ARGS when no single display holds the whole region (it
	 * straddles two, or lies on none)
	 */
	static MacCaptureArea locate(List<MacDisplayRecord> records, Rect region) {
		double greatest = greatestScale(records);
		for (MacDisplayRecord record : records) {
			Rect bounds = desktopBounds(record, greatest);
			if (region.width() > 0 && region.height() > 0 && region.x() >= bounds.x() && region.y() >= bounds.y()
					&& region.right() <= bounds.right() && region.bottom() <= bounds.bottom()) {
				Rect local = new Rect(region.x() - bounds.x(), region.y() - bounds.y(), region.width(),
						region.height());
				return new MacCaptureArea(record.displayId(), local.x() / record.scaleX(), local.y() / record.scaleY(),
						local.width() / record.scaleX(), local.height() / record.scaleY(), local);
			}
		}
		throw DeskhandException.args("region " + region.x() + "," + region.y() + " " + region.width() + "x"
				+ region.height() + " lies inside no one display");
	}

	/**
	 * The global point a desktop pixel's top-left corner lies at, on the display that
	 * holds the pixel (one off every display is mapped by the greatest scale).
	 */
	static double[] toPoints(List<MacDisplayRecord> records, int x, int y) {
		double greatest = greatestScale(records);
		for (MacDisplayRecord record : records) {
			Rect bounds = desktopBounds(record, greatest);
			if (bounds.contains(x, y)) {
				Rect points = record.pointBounds();
				return new double[] { points.x() + (x - bounds.x()) / record.scaleX(),
						points.y() + (y - bounds.y()) / record.scaleY() };
			}
		}
		return new double[] { x / greatest, y / greatest };
	}

	/** The desktop pixel a global point lies in, by the display that shows the point. */
	static Point toDesktop(List<MacDisplayRecord> records, double x, double y) {
		double greatest = greatestScale(records);
		MacDisplayRecord record = showing(records, x, y);
		if (record == null) {
			return new Point(floor(x * greatest), floor(y * greatest));
		}
		Rect points = record.pointBounds();
		Rect bounds = desktopBounds(record, greatest);
		return new Point(bounds.x() + floor((x - points.x()) * record.scaleX()),
				bounds.y() + floor((y - points.y()) * record.scaleY()));
	}

	/**
	 * A rectangle in global points (a window, an element) in desktop units, by the
	 * display that shows its centre: a window across two displays of different scales has
	 * no one right answer, and the centre's display is where a click on it lands.
	 */
	static Rect toDesktop(List<MacDisplayRecord> records, Rect points) {
		MacDisplayRecord record = showing(records, points.x() + points.width() / 2.0,
				points.y() + points.height() / 2.0);
		double scaleX = (record != null) ? record.scaleX() : greatestScale(records);
		double scaleY = (record != null) ? record.scaleY() : greatestScale(records);
		Point origin = (record != null) ? toDesktopOn(records, record, points.x(), points.y())
				: toDesktop(records, points.x(), points.y());
		return new Rect(origin.x(), origin.y(), (int) Math.round(points.width() * scaleX),
				(int) Math.round(points.height() * scaleY));
	}

	/** The inverse of {@link #toDesktop(List, Rect)}, rounded to whole points. */
	static Rect toPoints(List<MacDisplayRecord> records, Rect desktop) {
		double greatest = greatestScale(records);
		int centreX = desktop.x() + desktop.width() / 2;
		int centreY = desktop.y() + desktop.height() / 2;
		for (MacDisplayRecord record : records) {
			Rect bounds = desktopBounds(record, greatest);
			if (bounds.contains(centreX, centreY)) {
				Rect points = record.pointBounds();
				return new Rect((int) Math.round(points.x() + (desktop.x() - bounds.x()) / record.scaleX()),
						(int) Math.round(points.y() + (desktop.y() - bounds.y()) / record.scaleY()),
						(int) Math.round(desktop.width() / record.scaleX()),
						(int) Math.round(desktop.height() / record.scaleY()));
			}
		}
		return new Rect((int) Math.round(desktop.x() / greatest), (int) Math.round(desktop.y() / greatest),
				(int) Math.round(desktop.width() / greatest), (int) Math.round(desktop.height() / greatest));
	}

	private static Point toDesktopOn(List<MacDisplayRecord> records, MacDisplayRecord record, double x, double y) {
		Rect points = record.pointBounds();
		Rect bounds = desktopBounds(record, greatestScale(records));
		return new Point(bounds.x() + floor((x - points.x()) * record.scaleX()),
				bounds.y() + floor((y - points.y()) * record.scaleY()));
	}

	private static MacDisplayRecord showing(List<MacDisplayRecord> records, double x, double y) {
		for (MacDisplayRecord record : records) {
			Rect points = record.pointBounds();
			if (x >= points.x() && y >= points.y() && x < points.right() && y < points.bottom()) {
				return record;
			}
		}
		return null;
	}

	// a product like 0.3 * 10 must not become 2.9999999 and lose a pixel
	private static int floor(double value) {
		return (int) Math.floor(value + 1e-9);
	}

}
