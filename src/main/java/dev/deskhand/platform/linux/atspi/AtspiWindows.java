package dev.deskhand.platform.linux.atspi;

import java.util.Comparator;
import java.util.List;
import java.util.Optional;

import dev.deskhand.platform.Rect;
import dev.deskhand.platform.WindowInfo;

/**
 * Which AT-SPI window a desktop window is. AT-SPI knows no window ids, so a window is
 * found by its process, then by its title among that process's windows, then by where it
 * is: the window driver's bounds (the client area) lie inside the toolkit's (which
 * include the frame in GTK).
 */
final class AtspiWindows {

	private AtspiWindows() {
	}

	static Optional<AtspiFrame> match(WindowInfo window, List<AtspiFrame> frames) {
		List<AtspiFrame> sameProcess = (window.pid() > 0)
				? frames.stream().filter((frame) -> frame.app().pid() == window.pid()).toList() : List.of();
		// a sandboxed app's pid (Flatpak) is not the window's: then every app's windows
		// are candidates
		List<AtspiFrame> candidates = sameProcess.isEmpty() ? frames : sameProcess;
		if (candidates.size() == 1 && !sameProcess.isEmpty()) {
			return Optional.of(candidates.get(0));
		}
		String title = (window.title() != null) ? window.title() : "";
		List<AtspiFrame> sameTitle = candidates.stream()
			.filter((frame) -> !title.isEmpty() && title.equals(frame.title()))
			.toList();
		if (sameTitle.size() == 1) {
			return Optional.of(sameTitle.get(0));
		}
		List<AtspiFrame> byPlace = sameTitle.isEmpty() ? candidates : sameTitle;
		return byPlace.stream()
			.filter((frame) -> overlap(frame.bounds(), window.bounds()) > 0)
			.max(Comparator.comparingLong((AtspiFrame frame) -> overlap(frame.bounds(), window.bounds())));
	}

	private static long overlap(Rect a, Rect b) {
		if (a == null || b == null) {
			return 0;
		}
		Rect shared = a.intersection(b);
		return (shared != null) ? (long) shared.width() * shared.height() : 0;
	}

}
