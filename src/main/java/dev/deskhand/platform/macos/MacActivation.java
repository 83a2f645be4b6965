package dev.deskhand.platform.macos;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The steps of one attempt to bring a window to the front, by macOS version and attempt.
 * Pure, so the sequence is tested without a Mac.
 *
 * <p>
 * macOS 14 made activation cooperative: {@code NSApplicationActivateIgnoringOtherApps} is
 * ignored, and an application comes to the front when the active one yields to it
 * ({@code -[NSApplication yieldActivationToApplication:]}) and it is then activated
 * ({@code -[NSRunningApplication activateFromApplication:options:]}). A background JVM is
 * rarely the active application, so that alone may not do; the Accessibility API, which
 * Deskhand holds a permission for anyway, can set the application's {@code AXFrontmost}
 * and raise the one window ({@code AXRaise}), which also picks the window among several
 * of one application. Whether any of it worked is judged afterwards by a fresh reading of
 * the window list, never by {@code NSWorkspace.frontmostApplication}, which a process
 * without a running main loop may see stale.
 */
final class MacActivation {

	enum Step {

		/**
		 * {@code activateWithOptions:} with all windows, and ignoring others before 14.
		 */
		ACTIVATE_WITH_OPTIONS,
		/**
		 * {@code yieldActivationToApplication:} from this process's NSApp when it has
		 * one, then {@code activateFromApplication:options:}: macOS 14 and later.
		 */
		ACTIVATE_COOPERATIVELY,
		/** {@code AXFrontmost = true} on the application's AX element. */
		AX_FRONTMOST,
		/**
		 * {@code AXRaise} on the AX window with the window's title, and {@code AXMain}.
		 */
		AX_RAISE_WINDOW

	}

	/** The first macOS whose activation is cooperative. */
	static final int COOPERATIVE_FROM = 14;

	private MacActivation() {
	}

	/**
	 * @param major macOS's major version ({@code 14} for Sonoma), 0 when unknown
	 * @param attempt 0 for the first
	 * @param severalWindows whether the application has more than one window on screen,
	 * so that bringing the application forward may leave another of its windows on top
	 */
	static List<Step> steps(int major, int attempt, boolean severalWindows) {
		List<Step> steps = new ArrayList<>();
		steps.add(Step.ACTIVATE_WITH_OPTIONS);
		if (major >= COOPERATIVE_FROM) {
			steps.add(Step.ACTIVATE_COOPERATIVELY);
		}
		// the AX steps need the Accessibility permission: asked for from the second
		// attempt, or at once when only AX can pick the window
		if (attempt > 0 || severalWindows || major >= COOPERATIVE_FROM) {
			steps.add(Step.AX_FRONTMOST);
			steps.add(Step.AX_RAISE_WINDOW);
		}
		return steps;
	}

	/** Whether {@code activateWithOptions:} should still ask to ignore other apps. */
	static boolean ignoresOtherApps(int major) {
		return major < COOPERATIVE_FROM;
	}

	/**
	 * The major version from {@code os.version} ({@code 14.5} → 14), 0 when unreadable.
	 */
	static int major(String osVersion) {
		if (osVersion == null) {
			return 0;
		}
		String digits = osVersion.trim().toLowerCase(Locale.ROOT).split("[^0-9]", 2)[0];
		try {
			return digits.isEmpty() ? 0 : Integer.parseInt(digits);
		}
		catch (NumberFormatException ex) {
			return 0;
		}
	}

}
