package dev.deskhand.platform.windows;

import java.util.HashMap;
import java.util.Map;
import java.util.OptionalInt;

/**
 * Windows virtual-key codes for the OS-neutral key vocabulary's names (X keysym names, as
 * {@link dev.deskhand.platform.keys.KeyNames#resolve} gives them). A key without a code
 * here is typed as text ({@code KEYEVENTF_UNICODE}) when it stands for a character, and
 * refused as a key otherwise. Left and right modifiers keep their sides
 * ({@code VK_LCONTROL}, not {@code VK_CONTROL}), so the failsafe and the release of held
 * keys name the key that is down.
 */
final class VirtualKeys {

	private static final Map<String, Integer> CODES = new HashMap<>();

	static {
		for (char c = 'a'; c <= 'z'; c++) {
			CODES.put(String.valueOf(c), 0x41 + (c - 'a'));
			CODES.put(String.valueOf(Character.toUpperCase(c)), 0x41 + (c - 'a'));
		}
		for (int digit = 0; digit <= 9; digit++) {
			CODES.put(String.valueOf(digit), 0x30 + digit);
			CODES.put("KP_" + digit, 0x60 + digit);
		}
		for (int f = 1; f <= 24; f++) {
			CODES.put("F" + f, 0x70 + f - 1);
		}
		put(0x08, "BackSpace");
		put(0x09, "Tab");
		put(0x0C, "Clear");
		put(0x0D, "Return");
		put(0x0D, "KP_Enter");
		put(0x13, "Pause");
		put(0x14, "Caps_Lock");
		put(0x1B, "Escape");
		put(0x20, "space");
		// the keysym table has both names for the same keys
		put(0x21, "Prior");
		put(0x21, "Page_Up");
		put(0x22, "Next");
		put(0x22, "Page_Down");
		put(0x23, "End");
		put(0x24, "Home");
		put(0x25, "Left");
		put(0x26, "Up");
		put(0x27, "Right");
		put(0x28, "Down");
		put(0x2C, "Print");
		put(0x2D, "Insert");
		put(0x2E, "Delete");
		put(0x2F, "Help");
		put(0x5B, "Super_L");
		put(0x5C, "Super_R");
		put(0x5D, "Menu");
		put(0x6A, "KP_Multiply");
		put(0x6B, "KP_Add");
		put(0x6D, "KP_Subtract");
		put(0x6E, "KP_Decimal");
		put(0x6F, "KP_Divide");
		put(0x90, "Num_Lock");
		put(0x91, "Scroll_Lock");
		put(0xA0, "Shift_L");
		put(0xA1, "Shift_R");
		put(0xA2, "Control_L");
		put(0xA3, "Control_R");
		put(0xA4, "Alt_L");
		put(0xA5, "Alt_R");
		// AltGr is right Alt on Windows (it sends Ctrl+Alt to applications)
		put(0xA5, "ISO_Level3_Shift");
		put(0xAD, "XF86AudioMute");
		put(0xAE, "XF86AudioLowerVolume");
		put(0xAF, "XF86AudioRaiseVolume");
		put(0xB0, "XF86AudioNext");
		put(0xB1, "XF86AudioPrev");
		put(0xB3, "XF86AudioPlay");
	}

	private VirtualKeys() {
	}

	private static void put(int code, String name) {
		CODES.put(name, code);
	}

	/** The virtual-key code of a canonical key name, if it has one. */
	static OptionalInt code(String keysymName) {
		Integer code = CODES.get(keysymName);
		return (code != null) ? OptionalInt.of(code) : OptionalInt.empty();
	}

	/**
	 * Whether a key is an extended key: {@code SendInput} must set
	 * {@code KEYEVENTF_EXTENDEDKEY} for it, or the navigation keys act as their keypad
	 * twins, right Ctrl and Alt as left, and keypad Enter as Return.
	 */
	static boolean extended(String keysymName) {
		return EXTENDED.contains(keysymName);
	}

	private static final java.util.Set<String> EXTENDED = java.util.Set.of("Prior", "Page_Up", "Next", "Page_Down",
			"End", "Home", "Left", "Up", "Right", "Down", "Print", "Insert", "Delete", "Super_L", "Super_R", "Menu",
			"KP_Divide", "KP_Enter", "Num_Lock", "Control_R", "Alt_R", "ISO_Level3_Shift");

}
