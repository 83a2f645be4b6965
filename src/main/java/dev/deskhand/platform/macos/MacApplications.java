package dev.deskhand.platform.macos;

import java.nio.file.Path;

import com.sun.jna.Memory;
import com.sun.jna.Pointer;
import com.sun.jna.platform.mac.SystemB;

import dev.deskhand.platform.macos.jna.Objc;

/**
 * Running applications through AppKit: the frontmost one
 * ({@code NSWorkspace.sharedWorkspace.frontmostApplication.processIdentifier}), bringing
 * one to the front ({@code NSRunningApplication runningApplicationWithProcessIdentifier:}
 * and {@code activateWithOptions:}), and a process's executable from libproc's
 * {@code proc_pidpath}. Every message runs in an autorelease pool. Thread-safe.
 */
final class MacApplications {

	/** {@code NSApplicationActivateAllWindows}. */
	private static final long ACTIVATE_ALL_WINDOWS = 1L;

	/**
	 * {@code NSApplicationActivateIgnoringOtherApps}: deprecated in macOS 14, where it is
	 * ignored and activation is "cooperative"; still needed before.
	 */
	private static final long ACTIVATE_IGNORING_OTHER_APPS = 1L << 1;

	/**
	 * The frontmost application's process id, or 0 when there is none. NSWorkspace keeps
	 * this property up to date from notifications delivered to the main thread's run
	 * loop; whether a JVM's main thread runs one is something only the real OS shows (the
	 * self-test compares it with the window list).
	 */
	long frontmostPid() {
		MacFoundation.appKit();
		return MacFoundation.inPool(() -> {
			Objc objc = MacFoundation.objc();
			Pointer workspace = objc.msgSend(MacFoundation.cls("NSWorkspace"), MacFoundation.sel("sharedWorkspace"));
			Pointer app = (workspace != null) ? objc.msgSend(workspace, MacFoundation.sel("frontmostApplication"))
					: null;
			return (app != null) ? (long) objc.msgSendInt(app, MacFoundation.sel("processIdentifier")) : 0L;
		});
	}

	/**
	 * Asks the application of {@code pid} to come to the front; false when it is gone.
	 */
	boolean activate(long pid) {
		MacFoundation.appKit();
		return MacFoundation.inPool(() -> {
			Objc objc = MacFoundation.objc();
			Pointer app = objc.msgSend(MacFoundation.cls("NSRunningApplication"),
					MacFoundation.sel("runningApplicationWithProcessIdentifier:"), (int) pid);
			return app != null && objc.msgSendBool(app, MacFoundation.sel("activateWithOptions:"),
					ACTIVATE_ALL_WINDOWS | ACTIVATE_IGNORING_OTHER_APPS) != 0;
		});
	}

	/**
	 * The file name of a process's executable, or empty when unknown (or not ours to
	 * see).
	 */
	String executable(long pid) {
		Memory buffer = new Memory(SystemB.PROC_PIDPATHINFO_MAXSIZE);
		int length = SystemB.INSTANCE.proc_pidpath((int) pid, buffer, SystemB.PROC_PIDPATHINFO_MAXSIZE);
		if (length <= 0) {
			return "";
		}
		Path path = Path.of(buffer.getString(0, "UTF-8"));
		return (path.getFileName() != null) ? path.getFileName().toString() : "";
	}

	/** {@code NSEvent.doubleClickInterval}, in seconds. */
	double doubleClickInterval() {
		MacFoundation.appKit();
		return MacFoundation.inPool(() -> MacFoundation.objc()
			.msgSendDouble(MacFoundation.cls("NSEvent"), MacFoundation.sel("doubleClickInterval")));
	}

}
