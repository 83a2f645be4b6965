package dev.deskhand.platform.macos;

import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Pointer;
import com.sun.jna.platform.mac.CoreFoundation;
import com.sun.jna.platform.mac.CoreFoundation.CFArrayRef;
import com.sun.jna.platform.mac.CoreFoundation.CFIndex;
import com.sun.jna.platform.mac.CoreFoundation.CFStringRef;
import com.sun.jna.ptr.PointerByReference;

import dev.deskhand.platform.macos.ax.jna.HIServices;

/**
 * Brings an application and one of its windows to the front through the Accessibility
 * API: {@code AXFrontmost} on the application, then {@code AXRaise} and {@code AXMain} on
 * the window whose {@code AXTitle} is the window's title (the first window when the title
 * is empty, as Quartz gives it without the Screen Recording permission). Needs the
 * Accessibility permission Deskhand asks for anyway; without it every call answers
 * {@code kAXErrorAPIDisabled} and this does nothing. Every object it creates is released
 * before it returns.
 */
final class MacWindowRaise {

	private static final HIServices AX = Native.load("ApplicationServices", HIServices.class);

	private static final CoreFoundation CF = CoreFoundation.INSTANCE;

	private MacWindowRaise() {
	}

	/**
	 * @return whether AX accepted the application's {@code AXFrontmost}
	 */
	static boolean frontmost(long pid) {
		Pointer app = AX.AXUIElementCreateApplication((int) pid);
		if (app == null) {
			return false;
		}
		CFStringRef frontmost = CFStringRef.createCFString("AXFrontmost");
		try {
			return AX.AXUIElementSetAttributeValue(app, frontmost.getPointer(), booleanTrue()) == 0;
		}
		finally {
			frontmost.release();
			MacFoundation.release(app);
		}
	}

	/**
	 * @return whether a window was found and AX accepted {@code AXRaise} on it
	 */
	static boolean raise(long pid, String title) {
		Pointer app = AX.AXUIElementCreateApplication((int) pid);
		if (app == null) {
			return false;
		}
		CFStringRef windowsName = CFStringRef.createCFString("AXWindows");
		CFStringRef titleName = CFStringRef.createCFString("AXTitle");
		CFStringRef raiseName = CFStringRef.createCFString("AXRaise");
		CFStringRef mainName = CFStringRef.createCFString("AXMain");
		PointerByReference windows = new PointerByReference();
		try {
			if (AX.AXUIElementCopyAttributeValue(app, windowsName.getPointer(), windows) != 0
					|| windows.getValue() == null) {
				return false;
			}
			CFArrayRef array = new CFArrayRef(windows.getValue());
			for (int i = 0; i < array.getCount(); i++) {
				Pointer window = CF.CFArrayGetValueAtIndex(array, new CFIndex(i));
				if (title.isEmpty() || title.equals(title(window, titleName))) {
					AX.AXUIElementSetAttributeValue(window, mainName.getPointer(), booleanTrue());
					return AX.AXUIElementPerformAction(window, raiseName.getPointer()) == 0;
				}
			}
			return false;
		}
		finally {
			MacFoundation.release(windows.getValue());
			windowsName.release();
			titleName.release();
			raiseName.release();
			mainName.release();
			MacFoundation.release(app);
		}
	}

	private static String title(Pointer window, CFStringRef titleName) {
		PointerByReference value = new PointerByReference();
		if (AX.AXUIElementCopyAttributeValue(window, titleName.getPointer(), value) != 0 || value.getValue() == null) {
			return "";
		}
		try {
			Object title = MacFoundation.toJava(value.getValue());
			return (title instanceof String text) ? text : "";
		}
		finally {
			MacFoundation.release(value.getValue());
		}
	}

	private static Pointer booleanTrue() {
		return NativeLibrary.getInstance("CoreFoundation").getGlobalVariableAddress("kCFBooleanTrue").getPointer(0);
	}

}
