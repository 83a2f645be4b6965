package dev.deskhand.platform.linux.wayland.input;

import dev.deskhand.platform.linux.wayland.layout.WaylandLayout;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.platform.linux.wayland.layout.WaylandLayout.Area;
import dev.deskhand.platform.linux.wayland.layout.WaylandLayout.LayoutPoint;

/**
 * The arguments of {@code zwlr_virtual_pointer_v1.motion_absolute} for a desktop point:
 * integers over an extent, which wlroots turns back into a layout position as
 * {@code box.x + x / xExtent * box.width} over the bounding box of all outputs. Counting
 * in 1/256 of a layout unit (the precision of {@code wl_fixed}) over that box times 256
 * lets a fractional layout position land where it should, within 1/512 of a unit: at
 * scale 1.25 every device pixel is its own layout position (0.8 units apart). Pure.
 *
 * @param x position across, in 1/256 layout units from the box's left edge
 * @param y position down, from the box's top edge
 * @param xExtent the box's width in 1/256 units
 * @param yExtent the box's height in 1/256 units
 */
record WaylandPointerMotion(int x, int y, int xExtent, int yExtent) {

	/** Sub-units per layout unit. */
	static final int SUBUNITS = 256;

	/**
	 * @param layout the outputs now
	 * @param deviceX desktop units (device pixels)
	 * @param deviceY desktop units
	 * @throws DeskhandException E_ARGS when no output contains the point (a gap between
	 * outputs of different scales, or off the desktop)
	 */
	static WaylandPointerMotion toward(WaylandLayout layout, int deviceX, int deviceY) {
		LayoutPoint point = layout.toLayout(deviceX, deviceY)
			.orElseThrow(() -> DeskhandException
				.args("(" + deviceX + ", " + deviceY + ") is on no display: the displays are "
						+ layout.displays().stream().map((display) -> display.id() + " " + display.bounds()).toList()));
		return at(layout.layoutBounds(), point.x(), point.y());
	}

	/** For a layout position inside {@code box}. */
	static WaylandPointerMotion at(Area box, double layoutX, double layoutY) {
		return new WaylandPointerMotion(subunits(layoutX - box.x()), subunits(layoutY - box.y()), subunits(box.width()),
				subunits(box.height()));
	}

	/** Where wlroots puts the pointer for these arguments, in layout units. */
	double layoutX(Area box) {
		return box.x() + (double) this.x / this.xExtent * box.width();
	}

	double layoutY(Area box) {
		return box.y() + (double) this.y / this.yExtent * box.height();
	}

	private static int subunits(double layoutUnits) {
		return (int) Math.round(layoutUnits * SUBUNITS);
	}

}
