package dev.deskhand.platform.windows;

import com.sun.jna.Native;
import com.sun.jna.Pointer;
import com.sun.jna.platform.win32.WinNT;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.platform.NativeLibraries;
import dev.deskhand.platform.PlatformCheck;
import dev.deskhand.platform.windows.jna.DisplayApi;

/**
 * Builds the driver. The first thing it does is make the process PerMonitorV2 DPI aware:
 * Windows fixes a process's awareness when it creates its first window or DC, and every
 * coordinate Deskhand reads or sends depends on it.
 */
final class WindowsDriverFactory {

	private static final Logger logger = LoggerFactory.getLogger(WindowsDriverFactory.class);

	private WindowsDriverFactory() {
	}

	/**
	 * @throws DeskhandException E_NO_DESKTOP on a 32-bit JVM, or when user32, gdi32 or
	 * shcore cannot be loaded
	 */
	static WindowsDesktopDriver create() {
		// before the first native call: a 32-bit JVM would make it with the wrong
		// calling convention
		WindowsJvm.requireSixtyFourBit(System.getProperties());
		DisplayApi display = NativeLibraries.require("user32.dll", "Deskhand needs a Windows desktop session",
				DisplayApi::load);
		PlatformCheck dpi = becomePerMonitorV2(display).check();
		WindowsLibraries libraries = NativeLibraries.require("the Windows libraries Deskhand needs",
				"it needs user32, gdi32, shcore (from Windows 8.1) and advapi32", () -> WindowsLibraries.load(display));
		if (dpi.ok()) {
			logger.info("dpi awareness: {}", dpi.detail());
		}
		else {
			logger.warn("dpi awareness: {}", dpi.detail());
		}
		String session = System.getenv("SESSIONNAME");
		WindowsDesktopDriver driver = new WindowsDesktopDriver(libraries, dpi,
				((session != null && !session.isBlank()) ? session : "session") + " WinSta0\\Default");
		if (!driver.reachable()) {
			logger.warn("{}; Deskhand answers E_NO_DESKTOP until it is", WindowsInputVerdict.NO_DESKTOP);
		}
		return driver;
	}

	private static WindowsDpiAwareness becomePerMonitorV2(DisplayApi user32) {
		WinNT.HANDLE v2 = new WinNT.HANDLE(Pointer.createConstant(DisplayApi.PER_MONITOR_AWARE_V2));
		try {
			int error = user32.SetProcessDpiAwarenessContext(v2) ? 0 : Native.getLastError();
			WinNT.HANDLE current = user32.GetThreadDpiAwarenessContext();
			return new WindowsDpiAwareness(true, error, user32.AreDpiAwarenessContextsEqual(current, v2),
					user32.GetAwarenessFromDpiAwarenessContext(current));
		}
		catch (UnsatisfiedLinkError ex) {
			return WindowsDpiAwareness.unavailable();
		}
	}

}
