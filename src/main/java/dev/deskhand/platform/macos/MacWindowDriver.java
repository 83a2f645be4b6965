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
 * own elements), parsed by {@link MacWindowList}; focus is the frontmost application's
 * front window. Activating a window brings its application to the front (all its
 * windows): raising one window of several needs AX ({@code kAXRaiseAction}), which the
 * accessibility driver owns. Thread-safe.
 */
final class MacWindowDriver implements WindowDriver {

	private static final Duration POLL = Duration.ofMillis(50);

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
		// Quartz gives window bounds in points; the SPI wants desktop units
		return MacWindowList.parse(windowMaps(), this.applications.frontmostPid(), this.applications::executable)
			.stream()
			.map((window) -> (window.bounds() == null) ? window
					: new WindowInfo(window.id(), window.title(), window.appClass(), window.appInstance(),
							window.executable(), window.pid(), MacDisplays.toDesktop(records, window.bounds()),
							window.focused()))
			.toList();
	}

	@Override
	public boolean activate(long windowId, Duration timeout) {
		WindowInfo window = list().stream()
			.filter((candidate) -> candidate.id() == windowId)
			.findFirst()
			.orElseThrow(() -> new DeskhandException(ErrorCode.E_NOT_FOUND, "no window " + windowId + " on screen"));
		long deadline = System.nanoTime() + timeout.toNanos();
		if (!this.applications.activate(window.pid())) {
			throw new DeskhandException(ErrorCode.E_NOT_FOUND,
					"the application of window " + windowId + " (pid " + window.pid() + ") is gone");
		}
		while (true) {
			if (this.applications.frontmostPid() == window.pid()) {
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
