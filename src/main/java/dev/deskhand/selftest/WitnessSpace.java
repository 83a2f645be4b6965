package dev.deskhand.selftest;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

import dev.deskhand.platform.DisplayInfo;
import dev.deskhand.platform.Point;
import dev.deskhand.platform.Rect;

/**
 * Ties the witness's coordinates (Java's user space) to the driver's desktop units, from
 * what both say about the screens, never from what either did.
 *
 * <p>
 * A Java screen and a driver's display are the same monitor when their device sizes agree
 * (Java's size times its scale, the driver's bounds, which are device pixels on every
 * platform Deskhand runs on); monitors of the same size are paired in the order of their
 * origins, which every platform's mapping from device pixels to its own units keeps.
 * Inside a monitor a Java unit is {@code display width / Java width} desktop units: the
 * scale on Windows (physical pixels) and macOS (backing pixels), the UI scale on X11. A
 * driver that reports a display in points or in virtualised pixels matches no Java
 * screen, and the self-test says so in the display's row.
 */
final class WitnessSpace {

	private final Map<String, WitnessScreen> screenOf;

	private final Map<String, DisplayInfo> displays;

	private WitnessSpace(Map<String, WitnessScreen> screenOf, Map<String, DisplayInfo> displays) {
		this.screenOf = screenOf;
		this.displays = displays;
	}

	/** Pairs each display with the Java screen of the same device size. */
	static WitnessSpace match(List<WitnessScreen> screens, List<DisplayInfo> displays) {
		Map<String, WitnessScreen> pairs = new LinkedHashMap<>();
		Map<String, DisplayInfo> byId = new LinkedHashMap<>();
		List<WitnessScreen> left = new ArrayList<>(screens);
		left.sort(Comparator.comparingInt((WitnessScreen screen) -> screen.bounds().x())
			.thenComparingInt((screen) -> screen.bounds().y()));
		List<DisplayInfo> sorted = new ArrayList<>(displays);
		sorted.sort(Comparator.comparingInt((DisplayInfo display) -> display.bounds().x())
			.thenComparingInt((display) -> display.bounds().y()));
		for (DisplayInfo display : sorted) {
			byId.put(display.id(), display);
			for (WitnessScreen screen : left) {
				if (sameSize(screen, display)) {
					pairs.put(display.id(), screen);
					left.remove(screen);
					break;
				}
			}
		}
		return new WitnessSpace(pairs, byId);
	}

	// A pixel either way: Java rounds a fractional scale's size down or up
	private static boolean sameSize(WitnessScreen screen, DisplayInfo display) {
		return Math.abs(screen.deviceWidth() - display.bounds().width()) <= 1
				&& Math.abs(screen.deviceHeight() - display.bounds().height()) <= 1;
	}

	/** The Java screen showing this display, if any. */
	Optional<WitnessScreen> screen(DisplayInfo display) {
		return Optional.ofNullable(this.screenOf.get(display.id()));
	}

	/** The display a Java screen shows, if any. */
	Optional<DisplayInfo> display(WitnessScreen screen) {
		return this.screenOf.entrySet()
			.stream()
			.filter((entry) -> entry.getValue().index() == screen.index())
			.map((entry) -> this.displays.get(entry.getKey()))
			.findFirst();
	}

	/**
	 * A point of Java's user space in desktop units, through the screen that holds it, or
	 * empty when no matched screen does.
	 */
	Optional<Point> toDesktop(Point java) {
		for (Map.Entry<String, WitnessScreen> entry : this.screenOf.entrySet()) {
			Rect bounds = entry.getValue().bounds();
			if (bounds.contains(java.x(), java.y())) {
				return Optional.of(toDesktop(java, entry.getValue(), this.displays.get(entry.getKey())));
			}
		}
		return Optional.empty();
	}

	/**
	 * A rectangle of Java's user space in desktop units, through its top-left corner's
	 * screen.
	 */
	Optional<Rect> toDesktop(Rect java) {
		return toDesktop(new Point(java.x(), java.y())).map((origin) -> {
			DisplayInfo display = displayHolding(origin);
			double ratio = (display != null) ? ratio(this.screenOf.get(display.id()), display) : 1.0;
			return new Rect(origin.x(), origin.y(), (int) Math.round(java.width() * ratio),
					(int) Math.round(java.height() * ratio));
		});
	}

	private DisplayInfo displayHolding(Point desktop) {
		return this.displays.values()
			.stream()
			.filter((display) -> this.screenOf.containsKey(display.id())
					&& display.bounds().contains(desktop.x(), desktop.y()))
			.findFirst()
			.orElse(null);
	}

	static Point toDesktop(Point java, WitnessScreen screen, DisplayInfo display) {
		double ratioX = (double) display.bounds().width() / screen.bounds().width();
		double ratioY = (double) display.bounds().height() / screen.bounds().height();
		return new Point(display.bounds().x() + (int) Math.floor((java.x() - screen.bounds().x()) * ratioX),
				display.bounds().y() + (int) Math.floor((java.y() - screen.bounds().y()) * ratioY));
	}

	/** Desktop units per Java unit on this display. */
	static double ratio(WitnessScreen screen, DisplayInfo display) {
		return (double) display.bounds().width() / screen.bounds().width();
	}

	/**
	 * How far a point Java reported may be from the desktop point it stands for: a pixel,
	 * or the width of one Java unit where a Java unit covers more than one (Java's events
	 * carry whole units).
	 */
	static int tolerance(double ratio) {
		return Math.max(1, (int) Math.ceil(ratio - 1e-9));
	}

	/** Java's screens in words, for a row that found no match. */
	static String describe(List<WitnessScreen> screens) {
		List<String> parts = new ArrayList<>();
		for (WitnessScreen screen : screens) {
			Rect b = screen.bounds();
			parts.add(String.format(Locale.ROOT, "%dx%d at (%d,%d) x%.2f = %dx%d device pixels", b.width(), b.height(),
					b.x(), b.y(), screen.scale(), screen.deviceWidth(), screen.deviceHeight()));
		}
		return parts.isEmpty() ? "no screen" : String.join("; ", parts);
	}

}
