package dev.deskhand.platform.macos;

import com.sun.jna.Pointer;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.macos.jna.CGPoint;
import dev.deskhand.platform.macos.jna.CoreGraphics;

/**
 * Posts Quartz events at the HID tap ({@code kCGHIDEventTap}), where a real device's
 * events enter, so they reach whichever application is under the pointer or has focus.
 * Every event is created without a source ({@code NULL}), carries its flags explicitly,
 * and is released after posting. {@code CGEventPost} is safe from any thread, which
 * release-all relies on.
 */
final class MacEvents {

	private static final CoreGraphics CG = CoreGraphics.INSTANCE;

	void mouse(MacMouseEvents.Event event, double x, double y, int clickState, long flags) {
		Pointer created = CG.CGEventCreateMouseEvent(null, event.type(), new CGPoint.ByValue(x, y), event.button());
		post(created, (ev) -> {
			if (clickState > 0) {
				CG.CGEventSetIntegerValueField(ev, CoreGraphics.MOUSE_EVENT_CLICK_STATE, clickState);
			}
			CG.CGEventSetFlags(ev, flags);
		});
	}

	void key(int keycode, boolean down, long flags) {
		Pointer created = CG.CGEventCreateKeyboardEvent(null, (short) keycode, down);
		post(created, (ev) -> CG.CGEventSetFlags(ev, flags));
	}

	/**
	 * Types at most {@link MacTyping#MAX_UNITS} UTF-16 units as one key-down/key-up pair
	 * of key code 0 carrying the string; flags cleared, so a held modifier does not turn
	 * the characters into a shortcut.
	 */
	void unicode(String chunk) {
		short[] units = new short[chunk.length()];
		for (int i = 0; i < units.length; i++) {
			units[i] = (short) chunk.charAt(i);
		}
		for (boolean down : new boolean[] { true, false }) {
			Pointer created = CG.CGEventCreateKeyboardEvent(null, (short) 0, down);
			post(created, (ev) -> {
				CG.CGEventKeyboardSetUnicodeString(ev, units.length, units);
				CG.CGEventSetFlags(ev, 0);
			});
		}
	}

	void wheel(MacMouseEvents.Wheel wheel, long flags) {
		Pointer created = CG.CGEventCreateScrollWheelEvent2(null, MacMouseEvents.SCROLL_UNIT_LINE, wheel.wheelCount(),
				wheel.vertical(), wheel.horizontal(), 0);
		post(created, (ev) -> CG.CGEventSetFlags(ev, flags));
	}

	/** The pointer's location in global points, from an empty event's location. */
	static CGPoint.ByValue location() {
		Pointer event = CG.CGEventCreate(null);
		if (event == null) {
			throw new DeskhandException(ErrorCode.E_NO_DESKTOP, "Quartz cannot create an event to read the pointer");
		}
		try {
			return CG.CGEventGetLocation(event);
		}
		finally {
			MacFoundation.release(event);
		}
	}

	/** Whether a key is down by the hardware's (HID system's) account. */
	static boolean isDown(int keycode) {
		return CG.CGEventSourceKeyState(CoreGraphics.SOURCE_STATE_HID_SYSTEM, (short) keycode) != 0;
	}

	private interface Setup {

		void apply(Pointer event);

	}

	private static void post(Pointer event, Setup setup) {
		if (event == null) {
			throw new DeskhandException(ErrorCode.E_FAIL, "Quartz could not create an input event");
		}
		try {
			setup.apply(event);
			CG.CGEventPost(CoreGraphics.HID_EVENT_TAP, event);
		}
		finally {
			MacFoundation.release(event);
		}
	}

}
