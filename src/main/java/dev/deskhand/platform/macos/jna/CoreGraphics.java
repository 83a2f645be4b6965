package dev.deskhand.platform.macos.jna;

import com.sun.jna.Library;
import com.sun.jna.Native;
import com.sun.jna.Pointer;
import com.sun.jna.platform.mac.CoreFoundation.CFArrayRef;
import com.sun.jna.platform.mac.CoreFoundation.CFDataRef;
import com.sun.jna.platform.mac.CoreFoundation.CFDictionaryRef;

/**
 * The CoreGraphics (Quartz) functions the macOS driver calls, with C types mapped to
 * fixed widths: {@code uint32_t} ids and enums are {@code int}, {@code size_t} is
 * {@code long}, {@code CGKeyCode} is {@code short}, {@code UniChar} arrays are
 * {@code short[]} (a Java {@code char[]} would be JNA's 4-byte {@code wchar_t}), and C
 * {@code bool} results are {@code byte}, because only the low byte of the result register
 * is defined. Refs ({@code CGEventRef}, {@code CGImageRef}, ...) are plain pointers;
 * those a {@code Create}/{@code Copy} function returns are released with
 * {@code CFRelease} or their own release function. Nothing variadic is declared: the
 * variadic {@code CGEventCreateScrollWheelEvent} passes its wheels on the stack on arm64,
 * which JNA cannot know, so {@code CGEventCreateScrollWheelEvent2} (10.13) is used.
 *
 * <p>
 * Loaded on first use of {@link #INSTANCE}, which only the macOS driver touches.
 */
public interface CoreGraphics extends Library {

	CoreGraphics INSTANCE = Native.load("CoreGraphics", CoreGraphics.class);

	/** {@code kCGHIDEventTap}: where events from the HID system enter. */
	int HID_EVENT_TAP = 0;

	/** {@code kCGEventSourceStateHIDSystemState}: the hardware's state. */
	int SOURCE_STATE_HID_SYSTEM = 1;

	/** {@code kCGMouseEventClickState}. */
	int MOUSE_EVENT_CLICK_STATE = 1;

	/** {@code kCGWindowListOptionOnScreenOnly}. */
	int WINDOW_LIST_ON_SCREEN_ONLY = 1;

	/** {@code kCGWindowListExcludeDesktopElements}. */
	int WINDOW_LIST_EXCLUDE_DESKTOP = 1 << 4;

	/** {@code kCGNullWindowID}. */
	int NULL_WINDOW_ID = 0;

	int CGGetActiveDisplayList(int maxDisplays, int[] activeDisplays, int[] displayCount);

	int CGMainDisplayID();

	CGRect.ByValue CGDisplayBounds(int display);

	Pointer CGDisplayCopyDisplayMode(int display);

	long CGDisplayModeGetPixelWidth(Pointer mode);

	long CGDisplayModeGetPixelHeight(Pointer mode);

	void CGDisplayModeRelease(Pointer mode);

	/**
	 * Deprecated in macOS 14 and marked obsoleted in the macOS 15 SDK (a compile-time
	 * mark: the symbol is still exported at run time, which is all JNA needs).
	 */
	Pointer CGDisplayCreateImageForRect(int display, CGRect.ByValue rect);

	long CGImageGetWidth(Pointer image);

	long CGImageGetHeight(Pointer image);

	long CGImageGetBytesPerRow(Pointer image);

	long CGImageGetBitsPerPixel(Pointer image);

	long CGImageGetBitsPerComponent(Pointer image);

	int CGImageGetBitmapInfo(Pointer image);

	Pointer CGImageGetDataProvider(Pointer image);

	CFDataRef CGDataProviderCopyData(Pointer provider);

	void CGImageRelease(Pointer image);

	/** 10.15: whether this process may capture other applications' windows. */
	byte CGPreflightScreenCaptureAccess();

	Pointer CGEventCreate(Pointer source);

	CGPoint.ByValue CGEventGetLocation(Pointer event);

	Pointer CGEventCreateMouseEvent(Pointer source, int mouseType, CGPoint.ByValue position, int mouseButton);

	Pointer CGEventCreateKeyboardEvent(Pointer source, short keycode, boolean keyDown);

	/**
	 * 10.13; units {@code kCGScrollEventUnitLine} = 1, wheel 1 vertical, 2 horizontal.
	 */
	Pointer CGEventCreateScrollWheelEvent2(Pointer source, int units, int wheelCount, int wheel1, int wheel2,
			int wheel3);

	void CGEventKeyboardSetUnicodeString(Pointer event, long length, short[] unicodeString);

	void CGEventSetIntegerValueField(Pointer event, int field, long value);

	void CGEventSetFlags(Pointer event, long flags);

	void CGEventPost(int tap, Pointer event);

	byte CGEventSourceKeyState(int stateId, short key);

	CFArrayRef CGWindowListCopyWindowInfo(int option, int relativeToWindow);

	/** {@code NULL} outside a window server session. */
	CFDictionaryRef CGSessionCopyCurrentDictionary();

}
