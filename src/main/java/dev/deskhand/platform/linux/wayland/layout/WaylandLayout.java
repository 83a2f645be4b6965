package dev.deskhand.platform.linux.wayland.layout;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

import dev.deskhand.platform.DisplayInfo;
import dev.deskhand.platform.Point;
import dev.deskhand.platform.Rect;

/**
 * The compositor's outputs and the three coordinate spaces that meet in them. Pure and
 * immutable: built from one read of the compositor's output list (sway GET_OUTPUTS),
 * compared with {@link #equals} to tell a layout change.
 *
 * <p>
 * The compositor lays windows out and takes pointer input in <em>layout units</em>
 * (logical, fractional at a fractional scale); an output's framebuffer has <em>device
 * pixels</em>. Deskhand's desktop units on Wayland are device pixels, so that a
 * screenshot shows every pixel there is: each output sits at its layout origin times the
 * greatest output scale (rounded), with its device size. Outputs at different scales
 * leave gaps between them there, and no output overlaps another. Only when input is
 * injected is a device point turned back into a layout point, by the output that contains
 * it: there is never one linear mapping for the whole desktop.
 *
 * @param outputs the active outputs, left to right then top to bottom
 */
public record WaylandLayout(List<Output> outputs) {

	public WaylandLayout {
		List<Output> sorted = new ArrayList<>(outputs);
		sorted
			.sort(Comparator.comparingDouble((Output o) -> o.layout().x()).thenComparingDouble((o) -> o.layout().y()));
		outputs = List.copyOf(sorted);
	}

	/**
	 * A rectangle in layout units.
	 */
	public record Area(double x, double y, double width, double height) {

		double right() {
			return this.x + this.width;
		}

		double bottom() {
			return this.y + this.height;
		}

		boolean contains(double px, double py) {
			return px >= this.x && py >= this.y && px < right() && py < bottom();
		}

		double overlap(Area other) {
			double w = Math.min(right(), other.right()) - Math.max(this.x, other.x);
			double h = Math.min(bottom(), other.bottom()) - Math.max(this.y, other.y);
			return (w > 0 && h > 0) ? w * h : 0;
		}

		double distanceTo(double px, double py) {
			double dx = Math.max(Math.max(this.x - px, 0), px - right());
			double dy = Math.max(Math.max(this.y - py, 0), py - bottom());
			return Math.hypot(dx, dy);
		}

	}

	/**
	 * One active output.
	 *
	 * @param name the compositor's name, e.g. {@code HEADLESS-1}, {@code DP-1}
	 * @param description make, model and serial as far as known (for logs), or empty
	 * @param layout where it sits in layout units, as the compositor reports it (already
	 * turned by the output's transform)
	 * @param scale the compositor's scale, device pixels per layout unit
	 * @param deviceWidth width in device pixels as the desktop sees it (the mode's,
	 * swapped for a quarter turn)
	 * @param deviceHeight height in device pixels
	 */
	public record Output(String name, String description, Area layout, double scale, int deviceWidth,
			int deviceHeight) {

		public Output {
			Objects.requireNonNull(name, "name");
			if (!(scale > 0) || deviceWidth < 1 || deviceHeight < 1 || !(layout.width() > 0)
					|| !(layout.height() > 0)) {
				throw new IllegalArgumentException("output " + name + " has no usable size: layout " + layout
						+ ", device " + deviceWidth + "x" + deviceHeight + ", scale " + scale);
			}
		}

		/** Device pixels per layout unit across (the scale, measured). */
		double scaleX() {
			return this.deviceWidth / this.layout.width();
		}

		double scaleY() {
			return this.deviceHeight / this.layout.height();
		}

	}

	/**
	 * A point in layout units and the output it is on: what pointer injection takes.
	 */
	public record LayoutPoint(Output output, double x, double y) {
	}

	/** The greatest scale of any output: the factor from layout to desktop origins. */
	double greatestScale() {
		return this.outputs.stream().mapToDouble(Output::scale).max().orElse(1.0);
	}

	/** Where an output sits in desktop units (device pixels). */
	public Rect deviceBounds(Output output) {
		double factor = greatestScale();
		return new Rect((int) Math.round(output.layout().x() * factor), (int) Math.round(output.layout().y() * factor),
				output.deviceWidth(), output.deviceHeight());
	}

	/**
	 * The displays as the SPI reports them: ids from the output names, bounds in desktop
	 * units, the compositor's scale; no output is primary (sway has no such notion), so
	 * the leftmost comes first.
	 */
	public List<DisplayInfo> displays() {
		List<DisplayInfo> displays = new ArrayList<>();
		Set<String> ids = new HashSet<>();
		for (int i = 0; i < this.outputs.size(); i++) {
			Output output = this.outputs.get(i);
			String id = output.name().isEmpty() ? "output-" + i : output.name().replaceAll("[^A-Za-z0-9._-]", "_");
			String unique = id;
			for (int n = 2; !ids.add(unique); n++) {
				unique = id + "-" + n;
			}
			displays.add(new DisplayInfo(unique, output.name(), deviceBounds(output), output.scale(), false));
		}
		return List.copyOf(displays);
	}

	/** The output whose device bounds contain a desktop point. */
	Optional<Output> outputAtDevice(int x, int y) {
		return this.outputs.stream().filter((o) -> deviceBounds(o).contains(x, y)).findFirst();
	}

	/**
	 * A desktop point (device pixels) as the layout point the compositor takes for input:
	 * offset within its output, divided by that output's scale.
	 * @return empty when no output contains the point (it is in a gap or off the desktop)
	 */
	public Optional<LayoutPoint> toLayout(int deviceX, int deviceY) {
		return outputAtDevice(deviceX, deviceY).map((output) -> {
			Rect bounds = deviceBounds(output);
			return new LayoutPoint(output, output.layout().x() + (deviceX - bounds.x()) / output.scaleX(),
					output.layout().y() + (deviceY - bounds.y()) / output.scaleY());
		});
	}

	/**
	 * A layout point as a desktop point, by the output it is on (or the nearest one, for
	 * a point in a gap), rounded down to the device pixel it falls in.
	 */
	Point toDevice(double layoutX, double layoutY) {
		Output output = nearest(layoutX, layoutY);
		Rect bounds = deviceBounds(output);
		return new Point(bounds.x() + (int) Math.floor((layoutX - output.layout().x()) * output.scaleX()),
				bounds.y() + (int) Math.floor((layoutY - output.layout().y()) * output.scaleY()));
	}

	/**
	 * A rectangle in layout units (a window) in desktop units, by the scale of the output
	 * that shows most of it (a window across two outputs of different scales has no one
	 * exact size in device pixels; this is the one it has where most of it is).
	 * @return {@code null} when there is no output at all
	 */
	Rect toDevice(Area area) {
		if (this.outputs.isEmpty()) {
			return null;
		}
		Output best = null;
		double bestOverlap = 0;
		for (Output output : this.outputs) {
			double overlap = output.layout().overlap(area);
			if (overlap > bestOverlap) {
				best = output;
				bestOverlap = overlap;
			}
		}
		if (best == null) {
			best = nearest(area.x() + area.width() / 2, area.y() + area.height() / 2);
		}
		Rect bounds = deviceBounds(best);
		long x0 = bounds.x() + Math.round((area.x() - best.layout().x()) * best.scaleX());
		long y0 = bounds.y() + Math.round((area.y() - best.layout().y()) * best.scaleY());
		long x1 = bounds.x() + Math.round((area.right() - best.layout().x()) * best.scaleX());
		long y1 = bounds.y() + Math.round((area.bottom() - best.layout().y()) * best.scaleY());
		return new Rect((int) x0, (int) y0, (int) Math.max(0, x1 - x0), (int) Math.max(0, y1 - y0));
	}

	/**
	 * The bounding box of every output in layout units: the extent a virtual pointer's
	 * absolute motion is relative to.
	 */
	public Area layoutBounds() {
		if (this.outputs.isEmpty()) {
			return new Area(0, 0, 0, 0);
		}
		double x0 = Double.MAX_VALUE;
		double y0 = Double.MAX_VALUE;
		double x1 = -Double.MAX_VALUE;
		double y1 = -Double.MAX_VALUE;
		for (Output output : this.outputs) {
			x0 = Math.min(x0, output.layout().x());
			y0 = Math.min(y0, output.layout().y());
			x1 = Math.max(x1, output.layout().right());
			y1 = Math.max(y1, output.layout().bottom());
		}
		return new Area(x0, y0, x1 - x0, y1 - y0);
	}

	private Output nearest(double layoutX, double layoutY) {
		Output nearest = null;
		double best = Double.MAX_VALUE;
		for (Output output : this.outputs) {
			double distance = output.layout().distanceTo(layoutX, layoutY);
			if (distance < best) {
				nearest = output;
				best = distance;
			}
		}
		if (nearest == null) {
			throw new IllegalStateException("the compositor reports no active output");
		}
		return nearest;
	}

}
