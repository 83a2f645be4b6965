package dev.deskhand.platform.keys;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The key names agents send, for every driver: xdotool/X keysym names ({@code Return},
 * {@code Page_Down}, {@code F5}, {@code a}, {@code XF86AudioMute}), the usual aliases
 * ({@code enter}, {@code cmd}, {@code PageUp}, {@code del}), single characters, and the
 * modifiers with their left and right twins. A pure table (the keysym list is a
 * resource), so validating a {@code key} argument loads no native library; each driver
 * maps the resolved names to its own codes.
 */
public final class KeyNames {

	private static final String TABLE = "keysyms.txt";

	private static final long UNICODE_OFFSET = 0x01000000L;

	// Names agents use (xdotool, the Anthropic action set, pyautogui, Mac and Windows
	// habits), lower-cased, mapped to keysym names.
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
			Map.entry("plus", "plus"), Map.entry("minus", "minus"),
			// Vendor computer-use loops: OpenAI's keypress sends DOM KeyboardEvent names
			// (ControlLeft, MetaRight, ...), browser-driven loops say spacebar, opt,
			// lwin.
			Map.entry("spacebar", "space"), Map.entry("opt", "Alt_L"), Map.entry("lwin", "Super_L"),
			Map.entry("rwin", "Super_R"), Map.entry("controlleft", "Control_L"), Map.entry("controlright", "Control_R"),
			Map.entry("shiftleft", "Shift_L"), Map.entry("shiftright", "Shift_R"), Map.entry("altleft", "Alt_L"),
			Map.entry("altright", "Alt_R"), Map.entry("metaleft", "Super_L"), Map.entry("metaright", "Super_R"),
			Map.entry("osleft", "Super_L"), Map.entry("osright", "Super_R"));

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

	private static final Map<String, Long> KEYSYMS = load();

	private static final Map<String, Modifier> MODIFIERS = modifiers();

	private KeyNames() {
	}

	/**
	 * Resolves a name an agent sent to the keysym name drivers press: an alias
	 * ({@code ctrl} → {@code Control_L}), a single character ({@code !} → {@code exclam},
	 * {@code é} → {@code U00E9}), {@code f5} → {@code F5}, or a keysym name as it is.
	 * @return empty when no key has that name (or the character has no key: a control
	 * character)
	 */
	public static Optional<String> resolve(String name) {
		if (name == null || name.isEmpty()) {
			return Optional.empty();
		}
		String alias = ALIASES.get(name.toLowerCase(Locale.ROOT));
		if (alias != null) {
			return Optional.of(alias);
		}
		if (name.codePointCount(0, name.length()) == 1) {
			return singleCharacter(name.codePointAt(0));
		}
		if (isKnown(name)) {
			return Optional.of(name);
		}
		return functionKey(name);
	}

	/**
	 * Whether {@code keysymName} names a key: a name of the X keysym table, a Unicode
	 * keysym {@code U00E9}/{@code U1F642}, or a hexadecimal keysym {@code 0xff0d}.
	 */
	public static boolean isKnown(String keysymName) {
		return keysym(keysymName).isPresent();
	}

	/**
	 * The X keysym of a keysym name, computed the way Xlib's {@code XStringToKeysym} does
	 * for the Unicode and hexadecimal forms.
	 */
	public static OptionalLong keysym(String keysymName) {
		if (keysymName == null || keysymName.isEmpty()) {
			return OptionalLong.empty();
		}
		Long named = KEYSYMS.get(keysymName);
		if (named != null) {
			return OptionalLong.of(named);
		}
		if (keysymName.length() > 1 && keysymName.charAt(0) == 'U') {
			return unicode(keysymName.substring(1));
		}
		if (keysymName.startsWith("0x") && keysymName.length() > 2) {
			long value = parseHex(keysymName.substring(2));
			return (value > 0 && value <= 0x1fffffffL) ? OptionalLong.of(value) : OptionalLong.empty();
		}
		return OptionalLong.empty();
	}

	/** The modifier a keysym name is, if it is one. */
	public static Optional<Modifier> modifier(String keysymName) {
		return Optional.ofNullable(MODIFIERS.get(keysymName));
	}

	/**
	 * The keys that count as {@code keysymName} when a human holds it: both hands of a
	 * modifier ({@code Control_L} → {@code Control_L, Control_R}), else the key itself.
	 */
	public static List<String> eitherHand(String keysymName) {
		return modifier(keysymName).map(Modifier::keys).orElse(List.of(keysymName));
	}

	/**
	 * The name two chords compare by: a modifier as its left-hand key (Meta as Alt), a
	 * letter in lower case ({@code super+L} is {@code super+l}), any other key as it is.
	 */
	public static String canonical(String keysymName) {
		Optional<Modifier> modifier = modifier(keysymName);
		if (modifier.isPresent()) {
			return (modifier.get() == Modifier.META) ? Modifier.ALT.left() : modifier.get().left();
		}
		return (keysymName.length() == 1) ? keysymName.toLowerCase(Locale.ROOT) : keysymName;
	}

	private static Optional<String> singleCharacter(int codePoint) {
		if (codePoint < 0x80) {
			char c = (char) codePoint;
			if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')) {
				return Optional.of(String.valueOf(c));
			}
			return Optional.ofNullable(PUNCTUATION.get(c));
		}
		String name = String.format("U%04X", codePoint);
		return isKnown(name) ? Optional.of(name) : Optional.empty();
	}

	private static Optional<String> functionKey(String name) {
		if (name.length() >= 2 && (name.charAt(0) == 'f' || name.charAt(0) == 'F')) {
			try {
				int n = Integer.parseInt(name.substring(1));
				if (n >= 1 && n <= 35) {
					return Optional.of("F" + n);
				}
			}
			catch (NumberFormatException ex) {
				return Optional.empty();
			}
		}
		return Optional.empty();
	}

	// Xlib: U+0020..U+007E and U+00A0..U+00FF are their Latin-1 keysym, the rest of
	// Unicode is 0x01000000 + code point; C0/C1 controls and surrogates have no keysym.
	private static OptionalLong unicode(String hex) {
		if (hex.isEmpty() || hex.length() > 6) {
			return OptionalLong.empty();
		}
		long cp = parseHex(hex);
		boolean control = cp < 0x20 || (cp >= 0x7f && cp < 0xa0);
		boolean surrogate = cp >= Character.MIN_SURROGATE && cp <= Character.MAX_SURROGATE;
		if (cp < 0 || control || surrogate || cp > Character.MAX_CODE_POINT) {
			return OptionalLong.empty();
		}
		return OptionalLong.of((cp < 0x100) ? cp : UNICODE_OFFSET | cp);
	}

	private static long parseHex(String hex) {
		for (int i = 0; i < hex.length(); i++) {
			if (Character.digit(hex.charAt(i), 16) < 0) {
				return -1;
			}
		}
		return (hex.length() > 8) ? -1 : Long.parseLong(hex, 16);
	}

	private static Map<String, Modifier> modifiers() {
		Map<String, Modifier> modifiers = new HashMap<>();
		for (Modifier modifier : Modifier.values()) {
			for (String key : modifier.keys()) {
				modifiers.put(key, modifier);
			}
		}
		return Map.copyOf(modifiers);
	}

	private static Map<String, Long> load() {
		Map<String, Long> keysyms = new HashMap<>();
		try (InputStream in = KeyNames.class.getResourceAsStream(TABLE)) {
			if (in == null) {
				throw new IllegalStateException("keysym table " + TABLE + " is missing from the classpath");
			}
			BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.US_ASCII));
			for (String line = reader.readLine(); line != null; line = reader.readLine()) {
				if (line.isBlank() || line.startsWith("#")) {
					continue;
				}
				int space = line.indexOf(' ');
				keysyms.putIfAbsent(line.substring(0, space), Long.parseLong(line.substring(space + 1).strip(), 16));
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot read the keysym table " + TABLE, ex);
		}
		return Map.copyOf(keysyms);
	}

}
