package dev.deskhand.platform.linux.xkb;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.stream.IntStream;

import dev.deskhand.platform.keys.KeyNames;

/**
 * The keymap Deskhand's virtual keyboard uploads: a complete, self-contained XKB text (no
 * {@code include}, so it compiles wherever xkbcommon or Xwayland's xkbcomp runs, with or
 * without the XKB data files).
 *
 * <p>
 * Two parts. The <em>fixed keys</em> sit on their evdev codes, as on a real PC keyboard
 * with a US layout: the modifiers with the real modifier map (Shift, Lock, Control,
 * Mod1/Alt, Mod2/NumLock, Mod4/Super, Mod5/LevelThree, and the usual virtual modifiers),
 * the named keys (Return, Tab, arrows, F1-F24, keypad, media keys) and the unshifted US
 * characters, so applications that match shortcuts by keycode find them where they
 * expect. The <em>slots</em> are the remaining keycodes up to 255 (Xwayland cannot carry
 * more), each holding any other keysym on demand: capitals, symbols, any Unicode
 * character, rare key names. Every key has one level: what it types never depends on the
 * modifier state, so typing needs no Shift and a held Shift cannot change a character.
 *
 * <p>
 * Immutable: {@link #withSlots} makes the next version; the text is built once per
 * version. Keycodes here are evdev codes (what {@code zwp_virtual_keyboard_v1.key}
 * takes); the XKB text adds 8.
 */
public final class XkbKeymap {

	/** XKB keycodes are evdev codes plus this. */
	static final int EVDEV_OFFSET = 8;

	/** Xwayland (an X server) cannot represent keycodes above 255. */
	static final int MAX_XKB_KEYCODE = 255;

	static final int SHIFT = 1;

	static final int LOCK = 1 << 1;

	static final int CONTROL = 1 << 2;

	static final int MOD1 = 1 << 3;

	static final int MOD2 = 1 << 4;

	static final int MOD4 = 1 << 6;

	static final int MOD5 = 1 << 7;

	/** A fixed key: its keysym name, evdev code, real modifier and virtual modifier. */
	public record FixedKey(String name, long keysym, int evdev, int modifier, String virtualModifier) {
	}

	private static final List<FixedKey> FIXED = buildFixedKeys();

	private static final Map<Long, FixedKey> FIXED_BY_KEYSYM = byKeysym(FIXED);

	/** The evdev codes of the slots, ascending: every code no fixed key uses. */
	private static final int[] SLOT_CODES = IntStream.rangeClosed(1, MAX_XKB_KEYCODE - EVDEV_OFFSET)
		.filter((code) -> FIXED.stream().noneMatch((key) -> key.evdev() == code))
		.toArray();

	/**
	 * The keysym in each slot, {@link dev.deskhand.platform.linux.Keysyms#NO_SYMBOL} if
	 * free.
	 */
	private final long[] slots;

	private String text;

	private XkbKeymap(long[] slots) {
		this.slots = slots;
	}

	/** The first version: fixed keys only, every slot free. */
	public static XkbKeymap initial(int slotCount) {
		if (slotCount < 1 || slotCount > SLOT_CODES.length) {
			throw new IllegalArgumentException("slot count must be 1.." + SLOT_CODES.length + ": " + slotCount);
		}
		return new XkbKeymap(new long[slotCount]);
	}

	/** How many slots the keymap can have at most. */
	public static int maxSlots() {
		return SLOT_CODES.length;
	}

	static List<FixedKey> fixedKeys() {
		return FIXED;
	}

	public int slotCount() {
		return this.slots.length;
	}

	/** The keysym in a slot, 0 when it is free. */
	long slot(int index) {
		return this.slots[index];
	}

	/** The evdev code of a slot. */
	static int slotCode(int index) {
		return SLOT_CODES[index];
	}

	/** The slot index of an evdev code, or -1 when it is a fixed key or no slot. */
	int slotIndexOf(int evdev) {
		int index = Arrays.binarySearch(SLOT_CODES, evdev);
		return (index >= 0 && index < this.slots.length) ? index : -1;
	}

	/** The fixed key for a keysym, or {@code null}: fixed keys never move. */
	static FixedKey fixed(long keysym) {
		return FIXED_BY_KEYSYM.get(keysym);
	}

	/** The fixed key on an evdev code, or {@code null}. */
	static FixedKey fixedAt(int evdev) {
		return FIXED.stream().filter((key) -> key.evdev() == evdev).findFirst().orElse(null);
	}

	/** The evdev code that types {@code keysym} in this version, if any. */
	public OptionalInt keycodeOf(long keysym) {
		FixedKey fixed = fixed(keysym);
		if (fixed != null) {
			return OptionalInt.of(fixed.evdev());
		}
		for (int i = 0; i < this.slots.length; i++) {
			if (this.slots[i] == keysym && keysym != 0) {
				return OptionalInt.of(SLOT_CODES[i]);
			}
		}
		return OptionalInt.empty();
	}

	/** The keysym an evdev code types in this version, 0 for none. */
	long keysymAt(int evdev) {
		FixedKey fixed = fixedAt(evdev);
		if (fixed != null) {
			return fixed.keysym();
		}
		int slot = slotIndexOf(evdev);
		return (slot >= 0) ? this.slots[slot] : 0;
	}

	/**
	 * The real modifier mask the key on {@code evdev} sets while held (Caps_Lock and
	 * Num_Lock lock it instead), 0 for an ordinary key.
	 */
	static int modifierOf(int evdev) {
		FixedKey fixed = fixedAt(evdev);
		return (fixed != null) ? fixed.modifier() : 0;
	}

	/** The next version, with {@code slots} as given (same count). */
	XkbKeymap withSlots(long[] newSlots) {
		if (newSlots.length != this.slots.length) {
			throw new IllegalArgumentException("slot count changed: " + this.slots.length + " to " + newSlots.length);
		}
		return Arrays.equals(newSlots, this.slots) ? this : new XkbKeymap(newSlots.clone());
	}

	long[] slots() {
		return this.slots.clone();
	}

	/**
	 * The XKB text, as {@code zwp_virtual_keyboard_v1.keymap} (format xkb_v1) takes it.
	 */
	public synchronized String text() {
		if (this.text == null) {
			this.text = render();
		}
		return this.text;
	}

	private String render() {
		StringBuilder out = new StringBuilder(16 * 1024);
		int maximum = EVDEV_OFFSET
				+ Math.max(FIXED.stream().mapToInt(FixedKey::evdev).max().orElse(1), SLOT_CODES[this.slots.length - 1]);
		out.append("xkb_keymap {\n");
		out.append("xkb_keycodes \"deskhand\" {\n");
		out.append("\tminimum = ").append(EVDEV_OFFSET).append(";\n");
		out.append("\tmaximum = ").append(maximum).append(";\n");
		for (FixedKey key : FIXED) {
			keycode(out, key.evdev());
		}
		for (int i = 0; i < this.slots.length; i++) {
			keycode(out, SLOT_CODES[i]);
		}
		out.append("\tindicator 1 = \"Caps Lock\";\n\tindicator 2 = \"Num Lock\";\n");
		out.append("};\n");
		out.append("xkb_types \"deskhand\" {\n");
		out.append("\tvirtual_modifiers NumLock,Alt,Meta,Super,LevelThree;\n");
		out.append("\ttype \"ONE_LEVEL\" {\n\t\tmodifiers= none;\n\t\tlevel_name[Level1]= \"Any\";\n\t};\n");
		out.append("};\n");
		out.append("xkb_compat \"deskhand\" {\n");
		out.append("\tvirtual_modifiers NumLock,Alt,Meta,Super,LevelThree;\n");
		// only for clients that track state from key events; wlroots takes the state
		// from zwp_virtual_keyboard_v1.modifiers, which the keyboard sends itself
		out.append("\tinterpret Caps_Lock+AnyOfOrNone(all) {\n\t\taction= LockMods(modifiers=Lock);\n\t};\n");
		out.append("\tinterpret Num_Lock+AnyOfOrNone(all) {\n\t\tvirtualModifier= NumLock;\n")
			.append("\t\taction= LockMods(modifiers=NumLock);\n\t};\n");
		out.append("\tinterpret Any+AnyOf(all) {\n\t\taction= SetMods(modifiers=modMapMods,clearLocks);\n\t};\n");
		out.append("\tindicator \"Caps Lock\" {\n\t\twhichModState= locked;\n\t\tmodifiers= Lock;\n\t};\n");
		out.append("\tindicator \"Num Lock\" {\n\t\twhichModState= locked;\n\t\tmodifiers= NumLock;\n\t};\n");
		out.append("};\n");
		out.append("xkb_symbols \"deskhand\" {\n");
		for (FixedKey key : FIXED) {
			symbol(out, key.evdev(), key.keysym(), key.virtualModifier());
		}
		for (int i = 0; i < this.slots.length; i++) {
			if (this.slots[i] != 0) {
				symbol(out, SLOT_CODES[i], this.slots[i], null);
			}
		}
		Map<String, List<String>> modifierMap = new LinkedHashMap<>();
		for (FixedKey key : FIXED) {
			if (key.modifier() != 0) {
				modifierMap.computeIfAbsent(realModifierName(key.modifier()), (name) -> new ArrayList<>())
					.add(keyName(key.evdev()));
			}
		}
		modifierMap.forEach((name, keys) -> out.append("\tmodifier_map ")
			.append(name)
			.append(" { ")
			.append(String.join(", ", keys))
			.append(" };\n"));
		out.append("};\n");
		out.append("};\n");
		return out.toString();
	}

	private static void keycode(StringBuilder out, int evdev) {
		out.append('\t').append(keyName(evdev)).append(" = ").append(evdev + EVDEV_OFFSET).append(";\n");
	}

	private static void symbol(StringBuilder out, int evdev, long keysym, String virtualModifier) {
		out.append("\tkey ").append(keyName(evdev)).append(" { type= \"ONE_LEVEL\", ");
		if (virtualModifier != null) {
			out.append("virtualMods= ").append(virtualModifier).append(", ");
		}
		// a number: both xkbcommon and xkbcomp read 0x... as the keysym's value
		out.append("symbols[Group1]= [ 0x").append(Long.toHexString(keysym)).append(" ] };\n");
	}

	/** Key names are at most four characters for xkbcomp: I + the XKB keycode. */
	static String keyName(int evdev) {
		return "<I" + (evdev + EVDEV_OFFSET) + ">";
	}

	static String realModifierName(int mask) {
		return switch (mask) {
			case SHIFT -> "Shift";
			case LOCK -> "Lock";
			case CONTROL -> "Control";
			case MOD1 -> "Mod1";
			case MOD2 -> "Mod2";
			case MOD4 -> "Mod4";
			case MOD5 -> "Mod5";
			default -> throw new IllegalArgumentException("not one real modifier: " + mask);
		};
	}

	private static Map<Long, FixedKey> byKeysym(List<FixedKey> keys) {
		Map<Long, FixedKey> map = new LinkedHashMap<>();
		for (FixedKey key : keys) {
			// Prior and Page_Up are one keysym: the first name keeps it
			map.putIfAbsent(key.keysym(), key);
		}
		return Map.copyOf(map);
	}

	private static List<FixedKey> buildFixedKeys() {
		FixedKeys keys = new FixedKeys();
		keys.modifier("Shift_L", 42, SHIFT, null).modifier("Shift_R", 54, SHIFT, null);
		keys.modifier("Control_L", 29, CONTROL, null).modifier("Control_R", 97, CONTROL, null);
		keys.modifier("Alt_L", 56, MOD1, "Alt").modifier("Alt_R", 100, MOD1, "Alt");
		// PC keyboards have no Meta key; XKB's pc layouts put Meta on the Alt modifier
		keys.modifier("Meta_L", 195, MOD1, "Meta").modifier("Meta_R", 196, MOD1, "Meta");
		keys.modifier("Super_L", 125, MOD4, "Super").modifier("Super_R", 126, MOD4, "Super");
		keys.modifier("ISO_Level3_Shift", 84, MOD5, "LevelThree");
		keys.modifier("Caps_Lock", 58, LOCK, null).modifier("Num_Lock", 69, MOD2, "NumLock");
		keys.key("Escape", 1).key("BackSpace", 14).key("Tab", 15).key("Return", 28).key("space", 57);
		keys.key("Scroll_Lock", 70).key("Print", 99).key("Pause", 119).key("Menu", 127).key("Linefeed", 101);
		keys.key("Home", 102).key("Up", 103).key("Prior", 104).key("Left", 105).key("Right", 106);
		keys.key("End", 107).key("Down", 108).key("Next", 109).key("Insert", 110).key("Delete", 111);
		for (int f = 1; f <= 10; f++) {
			keys.key("F" + f, 58 + f);
		}
		keys.key("F11", 87).key("F12", 88);
		for (int f = 13; f <= 24; f++) {
			keys.key("F" + f, 170 + f);
		}
		String[] row = { "1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "minus", "equal" };
		for (int i = 0; i < row.length; i++) {
			keys.key(row[i], 2 + i);
		}
		keys.letters("qwertyuiop", 16).letters("asdfghjkl", 30).letters("zxcvbnm", 44);
		keys.key("bracketleft", 26).key("bracketright", 27).key("semicolon", 39).key("apostrophe", 40);
		keys.key("grave", 41).key("backslash", 43).key("comma", 51).key("period", 52).key("slash", 53);
		keys.key("less", 86);
		keys.key("KP_7", 71).key("KP_8", 72).key("KP_9", 73).key("KP_Subtract", 74).key("KP_4", 75);
		keys.key("KP_5", 76).key("KP_6", 77).key("KP_Add", 78).key("KP_1", 79).key("KP_2", 80).key("KP_3", 81);
		keys.key("KP_0", 82).key("KP_Decimal", 83).key("KP_Enter", 96).key("KP_Divide", 98);
		keys.key("KP_Multiply", 55).key("KP_Equal", 117).key("KP_Separator", 121);
		keys.key("XF86AudioMute", 113).key("XF86AudioLowerVolume", 114).key("XF86AudioRaiseVolume", 115);
		keys.key("XF86PowerOff", 116).key("XF86Copy", 133).key("XF86Paste", 135).key("XF86Cut", 137);
		keys.key("Help", 138).key("XF86Calculator", 140).key("XF86Sleep", 142).key("XF86WakeUp", 143);
		keys.key("XF86WWW", 150).key("XF86Mail", 155).key("XF86Back", 158).key("XF86Forward", 159);
		keys.key("XF86AudioNext", 163).key("XF86AudioPlay", 164).key("XF86AudioPrev", 165);
		keys.key("XF86AudioStop", 166).key("XF86HomePage", 172).key("XF86Reload", 173);
		keys.key("XF86AudioPause", 201).key("XF86Search", 217).key("XF86MonBrightnessDown", 224);
		keys.key("XF86MonBrightnessUp", 225);
		return List.copyOf(keys.keys);
	}

	private static final class FixedKeys {

		private final List<FixedKey> keys = new ArrayList<>();

		FixedKeys key(String name, int evdev) {
			return modifier(name, evdev, 0, null);
		}

		FixedKeys modifier(String name, int evdev, int modifier, String virtualModifier) {
			long keysym = KeyNames.keysym(name).orElseThrow(() -> new IllegalStateException("no keysym named " + name));
			if (this.keys.stream().anyMatch((key) -> key.evdev() == evdev)) {
				throw new IllegalStateException("evdev code " + evdev + " is used twice");
			}
			this.keys.add(new FixedKey(name, keysym, evdev, modifier, virtualModifier));
			return this;
		}

		FixedKeys letters(String letters, int firstEvdev) {
			for (int i = 0; i < letters.length(); i++) {
				key(String.valueOf(letters.charAt(i)), firstEvdev + i);
			}
			return this;
		}

	}

}
