package dev.deskhand.platform.macos;

import java.util.HashMap;
import java.util.Map;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Set;

import dev.deskhand.platform.keys.KeyNames;

/**
 * Quartz virtual key codes ({@code CGKeyCode}, the {@code kVK_*} constants of Carbon's
 * {@code HIToolbox/Events.h}) for the OS-neutral key vocabulary's names (X keysym names,
 * as {@link KeyNames#resolve} gives them). The codes name key <em>positions</em> of an
 * ANSI keyboard, not characters: {@code a} is the key where US layouts have A
 * ({@code kVK_ANSI_A}), which types {@code q} under AZERTY, and a shortcut such as
 * {@code cmd+z} presses that position. {@code type} is layout-independent, this is not.
 *
 * <p>
 * A name without a code here is typed as its character when it stands for one (a shifted
 * character such as {@code exclam}, any Unicode keysym such as {@code U00E9}), and
 * refused otherwise (keys a Mac keyboard lacks: {@code Print}, {@code Scroll_Lock},
 * {@code Num_Lock}, {@code Pause}, {@code Menu}, the {@code XF86} media keys, which macOS
 * does not take as key codes). Modifiers: {@code Super_L/R} (the vocabulary's
 * {@code cmd}, {@code command}, {@code win}, {@code meta}) are Command; {@code Alt_L/R}
 * and {@code Meta_L/R} are Option (the X keysym Meta is Alt on PC layouts, and the chord
 * rules compare it as Alt, so it must not press Command, which {@code cmd+q} would make a
 * way around a rule about {@code alt+q}); {@code ISO_Level3_Shift} (AltGr) is the right
 * Option key, the Mac's third-level key. Pure.
 */
final class MacKeyCodes {

	/** {@code kCGEventFlagMaskAlphaShift}: caps lock. */
	static final long FLAG_CAPS_LOCK = 0x00010000L;

	/** {@code kCGEventFlagMaskShift}. */
	static final long FLAG_SHIFT = 0x00020000L;

	/** {@code kCGEventFlagMaskControl}. */
	static final long FLAG_CONTROL = 0x00040000L;

	/** {@code kCGEventFlagMaskAlternate}: Option. */
	static final long FLAG_OPTION = 0x00080000L;

	/** {@code kCGEventFlagMaskCommand}. */
	static final long FLAG_COMMAND = 0x00100000L;

	static final int RETURN = 0x24;

	static final int TAB = 0x30;

	private static final Map<String, Integer> CODES = new HashMap<>();

	private static final Map<Integer, Long> FLAGS = Map.of(0x38, FLAG_SHIFT, 0x3C, FLAG_SHIFT, 0x3B, FLAG_CONTROL, 0x3E,
			FLAG_CONTROL, 0x3A, FLAG_OPTION, 0x3D, FLAG_OPTION, 0x37, FLAG_COMMAND, 0x36, FLAG_COMMAND);

	/** {@code kVK_ANSI_A} to {@code kVK_ANSI_Z}: not in alphabetical order. */
	private static final int[] LETTERS = { 0x00, 0x0B, 0x08, 0x02, 0x0E, 0x03, 0x05, 0x04, 0x22, 0x26, 0x28, 0x25, 0x2E,
			0x2D, 0x1F, 0x23, 0x0C, 0x0F, 0x01, 0x11, 0x20, 0x09, 0x0D, 0x07, 0x10, 0x06 };

	/** {@code kVK_ANSI_0} to {@code kVK_ANSI_9}. */
	private static final int[] DIGITS = { 0x1D, 0x12, 0x13, 0x14, 0x15, 0x17, 0x16, 0x1A, 0x1C, 0x19 };

	/** {@code kVK_ANSI_Keypad0} to {@code kVK_ANSI_Keypad9}. */
	private static final int[] KEYPAD_DIGITS = { 0x52, 0x53, 0x54, 0x55, 0x56, 0x57, 0x58, 0x59, 0x5B, 0x5C };

	/** {@code kVK_F1} to {@code kVK_F20}. */
	private static final int[] FUNCTION_KEYS = { 0x7A, 0x78, 0x63, 0x76, 0x60, 0x61, 0x62, 0x64, 0x65, 0x6D, 0x67, 0x6F,
			0x69, 0x6B, 0x71, 0x6A, 0x40, 0x4F, 0x50, 0x5A };

	static {
		for (int i = 0; i < 26; i++) {
			put(LETTERS[i], String.valueOf((char) ('a' + i)), String.valueOf((char) ('A' + i)));
		}
		for (int digit = 0; digit <= 9; digit++) {
			put(DIGITS[digit], String.valueOf(digit));
			put(KEYPAD_DIGITS[digit], "KP_" + digit);
		}
		for (int f = 1; f <= FUNCTION_KEYS.length; f++) {
			put(FUNCTION_KEYS[f - 1], "F" + f);
		}
		put(0x24, "Return");
		put(0x30, "Tab");
		put(0x31, "space");
		put(0x33, "BackSpace");
		put(0x35, "Escape");
		put(0x75, "Delete");
		// Insert sits where Apple's extended keyboards have Help, and sends its code
		put(0x72, "Help", "Insert");
		put(0x73, "Home");
		put(0x77, "End");
		put(0x74, "Prior", "Page_Up");
		put(0x79, "Next", "Page_Down");
		put(0x7B, "Left");
		put(0x7C, "Right");
		put(0x7D, "Down");
		put(0x7E, "Up");
		put(0x39, "Caps_Lock");
		put(0x38, "Shift_L");
		put(0x3C, "Shift_R");
		put(0x3B, "Control_L");
		put(0x3E, "Control_R");
		put(0x3A, "Alt_L", "Meta_L");
		put(0x3D, "Alt_R", "Meta_R", "ISO_Level3_Shift");
		put(0x37, "Super_L");
		put(0x36, "Super_R");
		put(0x1B, "minus");
		put(0x18, "equal");
		put(0x21, "bracketleft");
		put(0x1E, "bracketright");
		put(0x2A, "backslash");
		put(0x29, "semicolon");
		put(0x27, "apostrophe");
		put(0x32, "grave");
		put(0x2B, "comma");
		put(0x2F, "period");
		put(0x2C, "slash");
		put(0x41, "KP_Decimal");
		put(0x43, "KP_Multiply");
		put(0x45, "KP_Add");
		put(0x4E, "KP_Subtract");
		put(0x4B, "KP_Divide");
		put(0x4C, "KP_Enter");
		put(0x51, "KP_Equal");
		put(0x47, "Clear");
	}

	private MacKeyCodes() {
	}

	private static void put(int code, String... names) {
		for (String name : names) {
			CODES.put(name, code);
		}
	}

	/** The key code of a keysym name, if a Mac keyboard has that key. */
	static OptionalInt code(String keysymName) {
		Integer code = CODES.get(keysymName);
		return (code != null) ? OptionalInt.of(code) : OptionalInt.empty();
	}

	/**
	 * The character a keysym name without a key code stands for, typed as text: the
	 * Latin-1 keysyms ({@code exclam}, {@code eacute}) and the Unicode ones
	 * ({@code U20AC}). Empty for keysyms of other ranges (legacy Cyrillic, Greek, ...
	 * names: the vocabulary resolves a typed character to its {@code U} name anyway) and
	 * for function keys.
	 */
	static String text(String keysymName) {
		OptionalLong keysym = KeyNames.keysym(keysymName);
		if (keysym.isEmpty()) {
			return null;
		}
		long value = keysym.getAsLong();
		if ((value >= 0x20 && value <= 0x7E) || (value >= 0xA0 && value <= 0xFF)) {
			return String.valueOf((char) value);
		}
		if ((value & 0xFF000000L) == 0x01000000L) {
			return Character.toString((int) (value & 0x00FFFFFFL));
		}
		return null;
	}

	/** Whether a key name can be pressed on a Mac, by code or as its character. */
	static boolean isKnown(String keysymName) {
		return KeyNames.isKnown(keysymName) && (code(keysymName).isPresent() || text(keysymName) != null);
	}

	/** The event flag a modifier key sets while it is down, or 0 for other keys. */
	static long flag(int keycode) {
		return FLAGS.getOrDefault(keycode, 0L);
	}

	/**
	 * The flags every event carries while these keys are down: Quartz does not derive
	 * them from earlier modifier key events posted through the HID tap, so a chord's
	 * later key (and a click with a modifier held) must carry them itself.
	 */
	static long flags(Set<Integer> heldKeycodes) {
		long flags = 0;
		for (int keycode : heldKeycodes) {
			flags |= flag(keycode);
		}
		return flags;
	}

}
