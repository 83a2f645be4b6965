package dev.deskhand.platform.macos;

import java.util.ArrayList;
import java.util.List;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.PlatformCheck;

/**
 * The two privacy permissions a user must grant Deskhand in System Settings, and what to
 * say when one is missing. macOS grants them to the <em>responsible</em> application: the
 * terminal Deskhand was started from (Terminal, iTerm), or the {@code java} binary when a
 * LaunchAgent starts it; and a grant takes effect only after a restart of Deskhand. Pure.
 *
 * @param screenRecording {@code CGPreflightScreenCaptureAccess()}: without it captures
 * show only the wallpaper and Deskhand's own windows, and window titles are empty
 * @param accessibility {@code AXIsProcessTrusted()}: without it macOS drops posted input
 * events silently (since 10.14) and the accessibility tree is closed
 */
record MacPermissions(boolean screenRecording, boolean accessibility) {

	static final String SCREEN_RECORDING = "screen recording";

	static final String ACCESSIBILITY = "accessibility";

	private static final String RESTART = ", then restart Deskhand (macOS applies a grant only to a process"
			+ " started after it)";

	static String screenRecordingHint() {
		return "grant it in System Settings › Privacy & Security › Screen Recording (Screen & System Audio"
				+ " Recording on macOS 15) to the application that runs Deskhand (your terminal, or java)" + RESTART;
	}

	static String accessibilityHint() {
		return "grant it in System Settings › Privacy & Security › Accessibility to the application that runs"
				+ " Deskhand (your terminal, or java)" + RESTART;
	}

	List<PlatformCheck> checks() {
		return List.of(
				new PlatformCheck(SCREEN_RECORDING, this.screenRecording,
						this.screenRecording ? "granted: screenshots show every window"
								: "not granted: screenshots would show only the wallpaper; " + screenRecordingHint()),
				new PlatformCheck(ACCESSIBILITY, this.accessibility,
						this.accessibility ? "granted: input reaches other applications"
								: "not granted: macOS drops the input Deskhand sends; " + accessibilityHint()));
	}

	/** What is missing, in a sentence for health, or {@code null} when nothing is. */
	String missing() {
		List<String> missing = new ArrayList<>();
		if (!this.screenRecording) {
			missing.add("screen recording (System Settings › Privacy & Security › Screen Recording)");
		}
		if (!this.accessibility) {
			missing.add("accessibility (System Settings › Privacy & Security › Accessibility)");
		}
		return missing.isEmpty() ? null
				: "macOS has not granted Deskhand " + String.join(" and ", missing) + "; grant it and restart Deskhand";
	}

	static DeskhandException screenRecordingDenied() {
		return new DeskhandException(ErrorCode.E_DENIED,
				"macOS has not granted Deskhand the screen recording permission, so a capture would show only the"
						+ " wallpaper; " + screenRecordingHint());
	}

	static DeskhandException accessibilityDenied() {
		return new DeskhandException(ErrorCode.E_DENIED,
				"macOS has not granted Deskhand the accessibility permission, and drops the input it sends; "
						+ accessibilityHint());
	}

}
