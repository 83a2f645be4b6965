package dev.deskhand.platform.macos.ax;

import java.util.Comparator;
import java.util.List;
import java.util.Optional;

import dev.deskhand.platform.Rect;
import dev.deskhand.platform.WindowInfo;

/**
 * Which AX window a desktop window is. AX has no public window number (the window
 * driver's id is {@code kCGWindowNumber}; {@code _AXUIElementGetWindow} is private SPI
 * that can vanish in any release, so it is not used): a window is found among its
 * process's windows by its frame, which AX and the window server both give in points with
 * the title bar, then by title, then by the largest overlap.
 */
final class AxWindows {

	// AX and the window server round a frame differently by up to a point
	private static final int SLACK = 2;

	private AxWindows() {
	}

	/**
	 * The AX window among {@code frames} that {@code window} is.
	 * @param frames the windows of the application the window's pid names; when the
	 * window has no pid, of one of every application in turn, which must then be found by
	 * its frame or title, not by being its application's only window
	 */
	static Optional<AxFrame> match(WindowInfo window, List<AxFrame> frames) {
		List<AxFrame> shown = frames.stream().filter((frame) -> !frame.minimized()).toList();
		if (shown.size() == 1 && window.pid() > 0) {
			return Optional.of(shown.get(0));
		}
		String title = (window.title() != null) ? window.title() : "";
		List<AxFrame> samePlace = shown.stream().filter((frame) -> near(frame.bounds(), window.bounds())).toList();
		if (samePlace.size() == 1) {
			return Optional.of(samePlace.get(0));
		}
		List<AxFrame> candidates = samePlace.isEmpty() ? shown : samePlace;
		List<AxFrame> sameTitle = candidates.stream()
			.filter((frame) -> !title.isEmpty() && title.equals(frame.title()))
			.toList();
		if (sameTitle.size() == 1) {
			return Optional.of(sameTitle.get(0));
		}
		if (window.pid() <= 0 && samePlace.isEmpty() && sameTitle.isEmpty()) {
			return Optional.empty();
		}
		List<AxFrame> byPlace = sameTitle.isEmpty() ? candidates : sameTitle;
		return byPlace.stream()
			.filter((frame) -> overlap(frame.bounds(), window.bounds()) > 0)
			.max(Comparator.comparingLong((AxFrame frame) -> overlap(frame.bounds(), window.bounds())));
	}

	private static boolean near(Rect a, Rect b) {
		return a != null && b != null && Math.abs(a.x() - b.x()) <= SLACK && Math.abs(a.y() - b.y()) <= SLACK
				&& Math.abs(a.right() - b.right()) <= SLACK && Math.abs(a.bottom() - b.bottom()) <= SLACK;
	}

	private static long overlap(Rect a, Rect b) {
		if (a == null || b == null) {
			return 0;
		}
		Rect shared = a.intersection(b);
		return (shared != null) ? (long) shared.width() * shared.height() : 0;
	}

}
