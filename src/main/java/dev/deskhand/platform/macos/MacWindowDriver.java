package dev.deskhand.platform.macos;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import com.sun.jna.platform.mac.CoreFoundation.CFArrayRef;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.WindowDriver;
import dev.deskhand.platform.WindowInfo;
import dev.deskhand.platform.macos.jna.CoreGraphics;

/**
 * Windows from {@code CGWindowListCopyWindowInfo} (on-screen only, without the desktop's
 * own elements), parsed by {@link MacWindowList}; focus is the owner of the front window
 * in that list, read afresh each time. Activating a window brings its application to the
 * front and the window to its top ({@link MacActivation}: cooperative activation on macOS
 * 14 and later, then AX), judged by the window list again. Thread-safe.
 */
final class MacWindowDriver implements WindowDriver {

	private static final Duration POLL = Duration.ofMillis(50);

	/** How long an attempt is given before the next, stronger one. */
	private static final Duration ASK_AGAIN = Duration.ofMillis(400);

	private final MacApplications applications;

	private final MacDisplayDriver displays;

	MacWindowDriver(MacApplications applications, MacDisplayDriver displays) {
		this.displays = displays;
		this.applications = applications;
	}

	@Override
	public Optional<WindowInfo> focusedWindow() {
		return list().stream().filter(WindowInfo::focused).findFirst();
	}

	@Override
	public List<WindowInfo> list() {
		List<MacDisplayRecord> records = this.displays.records();
		List<Map<String, Object>> maps = windowMaps();
		// Quartz gives window bounds in points; the SPI wants desktop units
		return MacWindowList.parse(maps, frontPid(maps), this.applications::executable)
			.stream()
			.map((window) -> (window.bounds() == null) ? window
					: new WindowInfo(window.id(), window.title(), window.appClass(), window.appInstance(),
							window.executable(), window.pid(), MacDisplays.toDesktop(records, window.bounds()),
							window.focused()))
			.toList();
	}

	/**
	 * The owner of the front window, read afresh; NSWorkspace's reading only when no
	 * window is in front.
	 */
	private long frontPid(List<Map<String, Object>> maps) {
		return MacWindowList.front(maps).map((front) -> front[1]).orElseGet(this.applications::frontmostPid);
	}

	/**
	 * Brings the window's application forward and the window to its top, in attempts that
	 * {@link MacActivation} plans, until Quartz's window list shows the window in front.
	 */
	@Override
	public boolean activate(long windowId, Duration timeout) {
		List<WindowInfo> windows = list();
		WindowInfo window = windows.stream()
			.filter((candidate) -> candidate.id() == windowId)
			.findFirst()
			.orElseThrow(() -> new DeskhandException(ErrorCode.E_NOT_FOUND, "no window " + windowId + " on screen"));
		boolean several = windows.stream().filter((other) -> other.pid() == window.pid()).count() > 1;
		int major = MacActivation.major(System.getProperty("os.version"));
		long deadline = System.nanoTime() + timeout.toNanos();
		long nextAttempt = System.nanoTime();
		int attempt = 0;
		while (true) {
			if (System.nanoTime() - nextAttempt >= 0) {
				for (MacActivation.Step step : MacActivation.steps(major, attempt, several)) {
					if (!apply(step, window, major)) {
						return false;
					}
				}
				attempt++;
				nextAttempt = System.nanoTime() + ASK_AGAIN.toNanos();
			}
			Optional<long[]> front = MacWindowList.front(windowMaps());
			if (front.isPresent() && front.get()[0] == windowId) {
				return true;
			}
			if (System.nanoTime() - deadline >= 0) {
				return false;
			}
			try {
				Thread.sleep(POLL.toMillis());
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				return false;
			}
		}
	}

	/**
	 * @return false when the application is gone
	 */
	private boolean apply(MacActivation.Step step, WindowInfo window, int major) {
		switch (step) {
			case ACTIVATE_WITH_OPTIONS -> {
				if (!this.applications.activate(window.pid(), MacActivation.ignoresOtherApps(major))) {
					throw new DeskhandException(ErrorCode.E_NOT_FOUND,
							"the application of window " + window.id() + " (pid " + window.pid() + ") is gone");
				}
			}
			case ACTIVATE_COOPERATIVELY -> this.applications.activateCooperatively(window.pid());
			case AX_FRONTMOST -> MacWindowRaise.frontmost(window.pid());
			case AX_RAISE_WINDOW -> MacWindowRaise.raise(window.pid(), window.title());
		}
		return true;
	}

	@SuppressWarnings("unchecked")
	private static List<Map<String, Object>> windowMaps() {
		CFArrayRef array = CoreGraphics.INSTANCE.CGWindowListCopyWindowInfo(
				CoreGraphics.WINDOW_LIST_ON_SCREEN_ONLY | CoreGraphics.WINDOW_LIST_EXCLUDE_DESKTOP,
				CoreGraphics.NULL_WINDOW_ID);
		if (array == null) {
			throw new DeskhandException(ErrorCode.E_NO_DESKTOP, "Quartz lists no windows");
		}
		try {
			List<Map<String, Object>> maps = new ArrayList<>();
			for (Object window : MacFoundation.toList(array)) {
				if (window instanceof Map<?, ?> map) {
					maps.add((Map<String, Object>) map);
				}
			}
			return maps;
		}
		finally {
			array.release();
		}
	}

}
