package dev.deskhand.platform.macos;

import java.util.List;
import java.util.function.Supplier;

import dev.deskhand.platform.Point;
import dev.deskhand.platform.Rect;

/**
 * Points and desktop units (backing pixels, see {@link MacDisplays}) for the AX driver,
 * which reads positions in points and must report them as the desktop driver does. The
 * displays are read on every call: they come and go, and modes change.
 */
public final class MacDesktopUnits {

	private final Supplier<List<MacDisplayRecord>> displays;

	MacDesktopUnits(Supplier<List<MacDisplayRecord>> displays) {
		this.displays = displays;
	}

	/**
	 * The displays Quartz reports at each call. CoreGraphics loads on the first call, not
	 * here: building the bean touches nothing native.
	 */
	public static MacDesktopUnits live() {
		return new MacDesktopUnits(() -> new MacDisplayDriver().records());
	}

	/** Points are desktop units: for tests of code that reads positions. */
	public static MacDesktopUnits points() {
		return new MacDesktopUnits(List::of);
	}

	/** A rectangle in global points in desktop units. */
	public Rect toDesktop(Rect points) {
		return MacDisplays.toDesktop(this.displays.get(), points);
	}

	/** A rectangle in desktop units in global points. */
	public Rect toPoints(Rect desktop) {
		return MacDisplays.toPoints(this.displays.get(), desktop);
	}

	/** A desktop point in global points, {@code {x, y}}. */
	public double[] toPoints(Point desktop) {
		return MacDisplays.toPoints(this.displays.get(), desktop.x(), desktop.y());
	}

}
