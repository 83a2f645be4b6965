package dev.deskhand.platform.macos;

import java.nio.file.Path;

import com.sun.jna.Memory;
import com.sun.jna.NativeLibrary;
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
	 * loop, which a JVM's main thread may not run: the window driver reads the front
	 * window from Quartz instead and asks this only when no window is in front.
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
	 * @param ignoringOtherApps {@code NSApplicationActivateIgnoringOtherApps}: before
	 * macOS 14 only, which ignores it
	 */
	boolean activate(long pid, boolean ignoringOtherApps) {
		MacFoundation.appKit();
		return MacFoundation.inPool(() -> {
			Objc objc = MacFoundation.objc();
			Pointer app = objc.msgSend(MacFoundation.cls("NSRunningApplication"),
					MacFoundation.sel("runningApplicationWithProcessIdentifier:"), (int) pid);
			return app != null && objc.msgSendBool(app, MacFoundation.sel("activateWithOptions:"),
					ACTIVATE_ALL_WINDOWS | (ignoringOtherApps ? ACTIVATE_IGNORING_OTHER_APPS : 0)) != 0;
		});
	}

	/**
	 * macOS 14's cooperative activation: this process's NSApp, when it has one (a JVM
	 * that never opened a window has none, and none is made here), yields to the
	 * application of {@code pid}, which is then activated from this one
	 * ({@code activateFromApplication:options:}, answered only where it exists).
	 * @return whether AppKit accepted the request; the window list says whether it worked
	 */
	boolean activateCooperatively(long pid) {
		NativeLibrary appKit = MacFoundation.appKit();
		return MacFoundation.inPool(() -> {
			Objc objc = MacFoundation.objc();
			Pointer app = objc.msgSend(MacFoundation.cls("NSRunningApplication"),
					MacFoundation.sel("runningApplicationWithProcessIdentifier:"), (int) pid);
			if (app == null) {
				return false;
			}
			Pointer nsApp = appKit.getGlobalVariableAddress("NSApp").getPointer(0);
			Pointer yield = MacFoundation.sel("yieldActivationToApplication:");
			if (nsApp != null && responds(objc, nsApp, yield)) {
				objc.msgSend(nsApp, yield, app);
			}
			Pointer activateFrom = MacFoundation.sel("activateFromApplication:options:");
			if (!responds(objc, app, activateFrom)) {
				return false;
			}
			Pointer self = objc.msgSend(MacFoundation.cls("NSRunningApplication"),
					MacFoundation.sel("currentApplication"));
			// the options are an NSUInteger: passed in the same integer register a
			// pointer
			// would be, on arm64 and x86-64 alike
			return objc.msgSendBool(app, activateFrom, self, Pointer.createConstant(ACTIVATE_ALL_WINDOWS)) != 0;
		});
	}

	private static boolean responds(Objc objc, Pointer receiver, Pointer selector) {
		return objc.msgSendBool(receiver, MacFoundation.sel("respondsToSelector:"), Pointer.nativeValue(selector)) != 0;
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
