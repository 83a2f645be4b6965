package dev.deskhand.screen;

import java.util.Objects;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.platform.DisplayInfo;
import dev.deskhand.platform.Point;
import dev.deskhand.platform.Rect;

/**
 * The geometry of one screenshot: which display it shows and how its image pixels map to
 * the driver's logical coordinates. Captures and the input that follows them use the same
 * instance, so they can never disagree about the scale.
 *
 * <p>
 * Each axis is mapped on its own, through pixel centres: image pixel {@code i} maps to
 * the logical unit under its centre, {@code floor((i + 0.5) * logical / image)}, and a
 * logical unit maps back to the image pixel under its own centre,
 * {@code floor((u + 0.5) * image / logical)}. Because the image is never larger than the
 * display, this sends every image pixel to a distinct logical unit and back to itself;
 * mapping back from the unit's left edge instead (plain
 * {@code floor(u * image / logical)}) breaks that for ratios between 1 and 2, e.g. 1366
 * to 1280, where image pixel 1 lands on unit 1 and unit 1 maps back to image pixel 0.
 *
 * @param displayId the display's opaque id
 * @param bounds the display in logical coordinates (may have a non-zero, even negative,
 * origin)
 * @param imageWidth width of the screenshot image, at most {@code bounds.width()}
 * @param imageHeight height of the screenshot image, at most {@code bounds.height()}
 * @param space the numbers the agent's coordinates are in: the image's pixels, or a grid
 * over it ({@link CoordinateSpace#GRID_1000}), mapped through cell centres the same way
 */
public record ScreenGeometry(String displayId, Rect bounds, int imageWidth, int imageHeight, CoordinateSpace space) {

	/** A geometry whose coordinates are image pixels. */
	public ScreenGeometry(String displayId, Rect bounds, int imageWidth, int imageHeight) {
		this(displayId, bounds, imageWidth, imageHeight, CoordinateSpace.PIXELS);
	}

	public ScreenGeometry {
		Objects.requireNonNull(displayId, "displayId");
		Objects.requireNonNull(bounds, "bounds");
		Objects.requireNonNull(space, "space");
		if (bounds.width() < 1 || bounds.height() < 1) {
			throw new IllegalArgumentException("display " + displayId + " has an empty bounds " + bounds);
		}
		// an image larger than the display would put several image pixels on one logical
		// unit, and an agent's click could not be mapped back to the pixel it aimed at
		if (imageWidth < 1 || imageHeight < 1 || imageWidth > bounds.width() || imageHeight > bounds.height()) {
			throw new IllegalArgumentException("image size " + imageWidth + "x" + imageHeight
					+ " must be between 1x1 and the display's " + bounds.width() + "x" + bounds.height());
		}
	}

	/**
	 * The geometry of a screenshot of {@code display} that fits {@code budget}. The
	 * budget is fitted to the display's logical size: on X11 that is its device size; on
	 * a HiDPI display the device-resolution capture is simply scaled down further.
	 */
	public static ScreenGeometry of(DisplayInfo display, ImageBudget budget) {
		Rect bounds = display.bounds();
		ImageSize size = budget.fit(bounds.width(), bounds.height());
		return new ScreenGeometry(display.id(), bounds, size.width(), size.height());
	}

	/**
	 * The geometry of a screenshot of {@code display} made for {@code profile}: its
	 * budget, its coordinate space.
	 */
	public static ScreenGeometry of(DisplayInfo display, ModelProfile profile) {
		Rect bounds = display.bounds();
		ImageSize size = profile.budget().fit(bounds.width(), bounds.height());
		return new ScreenGeometry(display.id(), bounds, size.width(), size.height(), profile.coordinates());
	}

	/**
	 * How many coordinate values the x axis has: the image's width, or the grid's cells.
	 */
	public int extentX() {
		return (this.space.cells() > 0) ? this.space.cells() : this.imageWidth;
	}

	/**
	 * How many coordinate values the y axis has: the image's height, or the grid's cells.
	 */
	public int extentY() {
		return (this.space.cells() > 0) ? this.space.cells() : this.imageHeight;
	}

	/**
	 * A rectangle {@code [x, y, width, height]} in this geometry's coordinates as image
	 * pixels of its screenshot, for drawing on it: unchanged for image pixels, spread
	 * over the image from the grid's cells otherwise.
	 */
	public int[] toImagePixels(int x, int y, int width, int height) {
		if (this.space == CoordinateSpace.PIXELS) {
			return new int[] { x, y, width, height };
		}
		int left = edgeFloor(x, this.imageWidth, extentX());
		int top = edgeFloor(y, this.imageHeight, extentY());
		int right = edgeCeil(x + width, this.imageWidth, extentX());
		int bottom = edgeCeil(y + height, this.imageHeight, extentY());
		return new int[] { left, top, right - left, bottom - top };
	}

	/** What the coordinates are, for messages: "screenshot image pixels", or the grid. */
	private String spaceDescription() {
		return (this.space == CoordinateSpace.PIXELS) ? "screenshot image pixels"
				: "cells of the 0-" + (this.space.cells() - 1) + " grid over the screenshot";
	}

	/** Image pixels per logical unit horizontally (at most 1). */
	public double scaleX() {
		return (double) this.imageWidth / this.bounds.width();
	}

	/** Image pixels per logical unit vertically (at most 1). */
	public double scaleY() {
		return (double) this.imageHeight / this.bounds.height();
	}

	public ImageSize imageSize() {
		return new ImageSize(this.imageWidth, this.imageHeight);
	}

	/**
	 * Maps a screenshot coordinate to the logical point under the centre of that image
	 * pixel.
	 * @throws DeskhandException {@code E_ARGS} when the coordinate is outside the image;
	 * it is never clamped, because a clamped click lands somewhere the agent did not aim
	 */
	public Point toDesktop(int imageX, int imageY) {
		int extentX = extentX();
		int extentY = extentY();
		if (imageX < 0 || imageY < 0 || imageX >= extentX || imageY >= extentY) {
			String size = (this.space == CoordinateSpace.PIXELS) ? " (" + this.imageWidth + "x" + this.imageHeight + ")"
					: "";
			throw DeskhandException.args("coordinate [" + imageX + ", " + imageY + "] is outside the screenshot" + size
					+ "; coordinates are " + spaceDescription() + " of display " + this.displayId + ": x from 0 to "
					+ (extentX - 1) + ", y from 0 to " + (extentY - 1));
		}
		return new Point(this.bounds.x() + centreToUnit(imageX, this.bounds.width(), extentX),
				this.bounds.y() + centreToUnit(imageY, this.bounds.height(), extentY));
	}

	/**
	 * Maps a logical point on this display to the screenshot pixel that shows it, as
	 * {@code [x, y]}.
	 * @throws DeskhandException {@code E_ARGS} when the point is not on this display
	 * (callers pick the display that contains it first)
	 */
	public int[] toImage(Point desktopPoint) {
		if (!this.bounds.contains(desktopPoint.x(), desktopPoint.y())) {
			throw DeskhandException.args("point (" + desktopPoint.x() + ", " + desktopPoint.y() + ") is not on display "
					+ this.displayId + " (" + this.bounds.width() + "x" + this.bounds.height() + " at "
					+ this.bounds.x() + ", " + this.bounds.y() + ")");
		}
		return new int[] { centreToUnit(desktopPoint.x() - this.bounds.x(), extentX(), this.bounds.width()),
				centreToUnit(desktopPoint.y() - this.bounds.y(), extentY(), this.bounds.height()) };
	}

	/**
	 * Maps a screenshot region to the logical rectangle it covers, for a
	 * native-resolution zoom. The region is {@code [x0, y0, x1, y1]} in image pixels with
	 * exclusive ends, so {@code [0, 0, imageWidth, imageHeight]} is the whole display.
	 * The result starts at the logical unit under the region's first edge and ends past
	 * the last unit it touches, so it covers every unit any of the region's pixels shows.
	 * @throws DeskhandException {@code E_ARGS} unless {@code 0 <= x0 < x1 <= imageWidth}
	 * and {@code 0 <= y0 < y1 <= imageHeight}
	 */
	public Rect toDesktopRegion(int x0, int y0, int x1, int y1) {
		int extentX = extentX();
		int extentY = extentY();
		if (x0 < 0 || y0 < 0 || x1 > extentX || y1 > extentY || x0 >= x1 || y0 >= y1) {
			throw DeskhandException.args("region [" + x0 + ", " + y0 + ", " + x1 + ", " + y1
					+ "] is not a non-empty area of the screenshot (" + extentX + "x" + extentY + " "
					+ spaceDescription() + ") of display " + this.displayId
					+ ": it must be [x0, y0, x1, y1] with 0 <= x0 < x1 <= " + extentX + " and 0 <= y0 < y1 <= "
					+ extentY);
		}
		int left = edgeFloor(x0, this.bounds.width(), extentX);
		int top = edgeFloor(y0, this.bounds.height(), extentY);
		int right = Math.min(edgeCeil(x1, this.bounds.width(), extentX), this.bounds.width());
		int bottom = Math.min(edgeCeil(y1, this.bounds.height(), extentY), this.bounds.height());
		return new Rect(this.bounds.x() + left, this.bounds.y() + top, right - left, bottom - top);
	}

	/**
	 * {@code floor((index + 0.5) * to / from)} in exact integer arithmetic; index is
	 * non-negative.
	 */
	private static int centreToUnit(int index, int to, int from) {
		return (int) (((2L * index + 1) * to) / (2L * from));
	}

	private static int edgeFloor(int edge, int to, int from) {
		return (int) (((long) edge * to) / from);
	}

	private static int edgeCeil(int edge, int to, int from) {
		return (int) (((long) edge * to + from - 1) / from);
	}

}
