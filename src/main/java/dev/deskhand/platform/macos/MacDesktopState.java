package dev.deskhand.platform.macos;

import java.util.Map;
import java.util.Optional;

import com.sun.jna.platform.mac.CoreFoundation.CFDictionaryRef;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.macos.jna.ApplicationServices;
import dev.deskhand.platform.macos.jna.CoreGraphics;

/**
 * Reads what decides whether Deskhand may act: the login session (locked, switched away)
 * and the two permissions. Each check is one cheap call, made before every capture and
 * input action: a permission can be revoked, a screen locked, at any moment. Thread-safe.
 */
final class MacDesktopState {

	/**
	 * Whether the user granted screen recording. {@code CGPreflightScreenCaptureAccess}
	 * is decided once per process, so a grant shows after a restart, as the hint says.
	 */
	boolean screenRecording() {
		return CoreGraphics.INSTANCE.CGPreflightScreenCaptureAccess() != 0;
	}

	boolean accessibility() {
		return ApplicationServices.INSTANCE.AXIsProcessTrusted() != 0;
	}

	MacPermissions permissions() {
		return new MacPermissions(screenRecording(), accessibility());
	}

	/** Whether this process belongs to a window server (GUI login) session at all. */
	boolean inSession() {
		CFDictionaryRef session = CoreGraphics.INSTANCE.CGSessionCopyCurrentDictionary();
		if (session == null) {
			return false;
		}
		MacFoundation.release(session.getPointer());
		return true;
	}

	/** Why there is no desktop now, or empty. */
	Optional<String> noDesktop() {
		CFDictionaryRef session = CoreGraphics.INSTANCE.CGSessionCopyCurrentDictionary();
		if (session == null) {
			return MacSession.noDesktop(null);
		}
		try {
			Map<String, Object> map = MacFoundation.toMap(session);
			return MacSession.noDesktop(map);
		}
		finally {
			MacFoundation.release(session.getPointer());
		}
	}

	/**
	 * Before anything that needs the user's desktop.
	 * @throws DeskhandException E_NO_DESKTOP with the reason
	 */
	void requireDesktop() {
		Optional<String> reason = noDesktop();
		if (reason.isPresent()) {
			throw new DeskhandException(ErrorCode.E_NO_DESKTOP, reason.get());
		}
	}

	/**
	 * Before input: a desktop, and the accessibility permission, without which macOS
	 * drops posted events silently and the action would seem to succeed.
	 */
	void requireInput() {
		requireDesktop();
		if (!accessibility()) {
			throw MacPermissions.accessibilityDenied();
		}
	}

	/**
	 * Before a capture: a desktop, and screen recording, without which the image shows
	 * the wallpaper and Deskhand's own windows only, which must never pass for a
	 * screenshot.
	 */
	void requireCapture() {
		requireDesktop();
		if (!screenRecording()) {
			throw MacPermissions.screenRecordingDenied();
		}
	}

}
