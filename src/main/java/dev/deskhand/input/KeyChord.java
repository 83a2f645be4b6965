package dev.deskhand.input;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.Echo;

/**
 * A key chord in xdotool style ({@code "ctrl+shift+t"}, {@code "Return"},
 * {@code "super"}), resolved to X keysym names that every driver understands: modifiers
 * first, pressed in order and released in reverse.
 *
 * @param keys keysym names, e.g. {@code [Control_L, Shift_L, t]}
 */
public record KeyChord(List<String> keys) {

	/** The chord that holds nothing: a click without modifiers. */
	public static final KeyChord NONE = new KeyChord(List.of());

	// Names agents use (xdotool, the Anthropic action set, pyautogui, Mac habits) mapped
	// to keysyms.
	private static final Map<String, String> ALIASES = Map.ofEntries(Map.entry("ctrl", "Control_L"),
			Map.entry("control", "Control_L"), Map.entry("lctrl", "Control_L"), Map.entry("rctrl", "Control_R"),
			Map.entry("shift", "Shift_L"), Map.entry("lshift", "Shift_L"), Map.entry("rshift", "Shift_R"),
			Map.entry("alt", "Alt_L"), Map.entry("lalt", "Alt_L"), Map.entry("ralt", "Alt_R"),
			Map.entry("altgr", "ISO_Level3_Shift"), Map.entry("option", "Alt_L"), Map.entry("super", "Super_L"),
			Map.entry("lsuper", "Super_L"), Map.entry("rsuper", "Super_R"), Map.entry("win", "Super_L"),
			Map.entry("windows", "Super_L"), Map.entry("cmd", "Super_L"), Map.entry("command", "Super_L"),
			Map.entry("meta", "Super_L"), Map.entry("enter", "Return"), Map.entry("return", "Return"),
			Map.entry("esc", "Escape"), Map.entry("escape", "Escape"), Map.entry("tab", "Tab"),
			Map.entry("space", "space"), Map.entry("backspace", "BackSpace"), Map.entry("delete", "Delete"),
			Map.entry("del", "Delete"), Map.entry("insert", "Insert"), Map.entry("ins", "Insert"),
			Map.entry("home", "Home"), Map.entry("end", "End"), Map.entry("pageup", "Page_Up"),
			Map.entry("page_up", "Page_Up"), Map.entry("pgup", "Page_Up"), Map.entry("prior", "Prior"),
			Map.entry("pagedown", "Page_Down"), Map.entry("page_down", "Page_Down"), Map.entry("pgdn", "Page_Down"),
			Map.entry("next", "Next"), Map.entry("up", "Up"), Map.entry("down", "Down"), Map.entry("left", "Left"),
			Map.entry("right", "Right"), Map.entry("arrowup", "Up"), Map.entry("arrowdown", "Down"),
			Map.entry("arrowleft", "Left"), Map.entry("arrowright", "Right"), Map.entry("capslock", "Caps_Lock"),
			Map.entry("caps_lock", "Caps_Lock"), Map.entry("numlock", "Num_Lock"),
			Map.entry("scrolllock", "Scroll_Lock"), Map.entry("print", "Print"), Map.entry("printscreen", "Print"),
			Map.entry("prtsc", "Print"), Map.entry("pause", "Pause"), Map.entry("menu", "Menu"),
			Map.entry("plus", "plus"), Map.entry("minus", "minus"));

	// Single printable ASCII characters that are not their own keysym name.
	private static final Map<Character, String> PUNCTUATION = Map.ofEntries(Map.entry(' ', "space"),
			Map.entry('!', "exclam"), Map.entry('"', "quotedbl"), Map.entry('#', "numbersign"),
			Map.entry('$', "dollar"), Map.entry('%', "percent"), Map.entry('&', "ampersand"),
			Map.entry('\'', "apostrophe"), Map.entry('(', "parenleft"), Map.entry(')', "parenright"),
			Map.entry('*', "asterisk"), Map.entry('+', "plus"), Map.entry(',', "comma"), Map.entry('-', "minus"),
			Map.entry('.', "period"), Map.entry('/', "slash"), Map.entry(':', "colon"), Map.entry(';', "semicolon"),
			Map.entry('<', "less"), Map.entry('=', "equal"), Map.entry('>', "greater"), Map.entry('?', "question"),
			Map.entry('@', "at"), Map.entry('[', "bracketleft"), Map.entry('\\', "backslash"),
			Map.entry(']', "bracketright"), Map.entry('^', "asciicircum"), Map.entry('_', "underscore"),
			Map.entry('`', "grave"), Map.entry('{', "braceleft"), Map.entry('|', "bar"), Map.entry('}', "braceright"),
			Map.entry('~', "asciitilde"));

	/**
	 * The keys a pointer action may hold: Shift, Control, Alt, Super/Meta and AltGr,
	 * either hand. Anything else held during a click would be a key press that only the
	 * pointer was allowed.
	 */
	public static final Set<String> MODIFIERS = Set.of("Shift_L", "Shift_R", "Control_L", "Control_R", "Alt_L", "Alt_R",
			"Super_L", "Super_R", "Meta_L", "Meta_R", "ISO_Level3_Shift");

	public KeyChord {
		keys = List.copyOf(keys);
	}

	/**
	 * Parses a chord. Every key is resolved before anything is pressed, so an unknown
	 * name fails the whole chord.
	 * @param text the chord, keys joined by {@code +}; a literal plus is {@code plus} (or
	 * a trailing {@code ++}: {@code "ctrl++"})
	 * @param knownKey whether the driver knows a keysym name
	 * @throws DeskhandException E_ARGS when empty or a key is unknown
	 */
	public static KeyChord parse(String text, Predicate<String> knownKey) {
		if (text == null || text.isBlank()) {
			throw DeskhandException.args("key chord is empty; use xdotool names joined by '+', e.g. \"ctrl+s\"");
		}
		List<String> keys = new ArrayList<>();
		for (String part : split(text.strip())) {
			keys.add(resolve(part, text, knownKey));
		}
		return new KeyChord(keys);
	}

	/**
	 * Parses the optional modifiers of a click, scroll or drag: {@code null} or blank is
	 * {@link #NONE}.
	 * @throws DeskhandException E_ARGS when a key is not one of {@link #MODIFIERS}
	 */
	public static KeyChord parseModifiers(String text, Predicate<String> knownKey) {
		if (text == null || text.isBlank()) {
			return NONE;
		}
		KeyChord chord = parse(text, knownKey);
		for (String key : chord.keys()) {
			if (!MODIFIERS.contains(key)) {
				throw DeskhandException.args("text " + Echo.of(text) + " holds '" + key
						+ "', which is not a modifier; a pointer action holds only shift, ctrl, alt, super or altgr "
						+ "(press other keys with the key tool)");
			}
		}
		return chord;
	}

	public boolean isEmpty() {
		return this.keys.isEmpty();
	}

	@Override
	public String toString() {
		return String.join("+", this.keys);
	}

	private static List<String> split(String text) {
		List<String> parts = new ArrayList<>();
		StringBuilder current = new StringBuilder();
		for (int i = 0; i < text.length(); i++) {
			char c = text.charAt(i);
			// A '+' right after a separator (or at the start) is the plus key itself.
			if (c == '+' && current.length() > 0) {
				parts.add(current.toString().strip());
				current.setLength(0);
			}
			else {
				current.append(c);
			}
		}
		if (current.length() == 0) {
			throw DeskhandException.args("key chord " + Echo.of(text) + " ends with '+'; name the last key");
		}
		parts.add(current.toString().strip());
		return parts;
	}

	private static String resolve(String key, String chord, Predicate<String> knownKey) {
		if (key.isEmpty()) {
			throw DeskhandException.args("key chord " + Echo.of(chord) + " has an empty key");
		}
		String alias = ALIASES.get(key.toLowerCase(Locale.ROOT));
		if (alias != null) {
			return alias;
		}
		if (key.codePointCount(0, key.length()) == 1) {
			return singleCharacter(key);
		}
		if (knownKey.test(key)) {
			return key;
		}
		String function = functionKey(key);
		if (function != null) {
			return function;
		}
		throw DeskhandException.args("unknown key " + Echo.of(key) + " in " + Echo.of(chord)
				+ "; use xdotool key names such as ctrl, shift, alt, super, Return, Tab, Escape, BackSpace, "
				+ "Delete, Page_Down, Up, F5, a");
	}

	private static String singleCharacter(String key) {
		int cp = key.codePointAt(0);
		if (cp < 0x80) {
			char c = (char) cp;
			if (Character.isLetterOrDigit(c)) {
				return key;
			}
			String name = PUNCTUATION.get(c);
			if (name != null) {
				return name;
			}
			throw DeskhandException.args("key '" + key + "' (U+" + String.format("%04X", cp) + ") cannot be pressed");
		}
		// Xlib's Unicode keysym name; the driver binds it when the keymap lacks it.
		return String.format("U%04X", cp);
	}

	private static String functionKey(String key) {
		if (key.length() >= 2 && (key.charAt(0) == 'f' || key.charAt(0) == 'F')) {
			try {
				int n = Integer.parseInt(key.substring(1));
				if (n >= 1 && n <= 35) {
					return "F" + n;
				}
			}
			catch (NumberFormatException ex) {
				return null;
			}
		}
		return null;
	}

}
