package dev.deskhand.platform.linux.kde;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.deskhand.platform.keys.KeyNames;
import dev.deskhand.platform.linux.Keysyms;
import dev.deskhand.platform.linux.LegacyKeysyms;

/**
 * Which key of KWin's keyboard types which keysym, read from the XKB keymap KWin gives
 * every client ({@code wl_keyboard.keymap}, the text {@code xkb_keymap_get_as_string}
 * writes). {@code org_kde_kwin_fake_input} sends evdev keycodes into KWin's own keyboard,
 * so a keysym can be typed only when the active layout has a key for it: unlike the
 * virtual keyboard on wlroots, nothing can upload a keymap of Deskhand's.
 * <p>
 * Only the first group (layout) counts, and of its levels those reached with no modifier,
 * with Shift, with the layout's level-3 key (AltGr, where the layout has an
 * {@code ISO_Level3_Shift} key) and with both; a keypad or control level is taken only at
 * level 1. Pure: parses text, no connection.
 */
final class KwinKeymap {

	/** evdev keycode = XKB keycode - 8. */
	static final int EVDEV_OFFSET = 8;

	private static final Pattern KEYCODE = Pattern.compile("<([^>]+)>\\s*=\\s*(\\d+)\\s*;");

	private static final Pattern ALIAS = Pattern.compile("alias\\s+<([^>]+)>\\s*=\\s*<([^>]+)>\\s*;");

	private static final Pattern KEY = Pattern.compile("key\\s+<([^>]+)>\\s*\\{(.*?)\\}\\s*;", Pattern.DOTALL);

	private static final Pattern TYPE = Pattern.compile("type(?:\\[Group1\\])?\\s*=\\s*\"([^\"]+)\"");

	private static final Pattern GROUP1 = Pattern.compile("symbols\\[Group1\\]\\s*=\\s*\\[([^\\]]*)\\]");

	private static final Pattern BRACKETS = Pattern.compile("\\[([^\\]]*)\\]");

	private static final Pattern LAYOUT_NAME = Pattern.compile("name\\[Group1\\]\\s*=\\s*\"([^\"]*)\"");

	// the types whose level 2 is Shift and levels 3 and 4 are LevelThree and both
	private static final List<String> SHIFT_TYPES = List.of("TWO_LEVEL", "ALPHABETIC", "SEMIALPHABETIC", "FOUR_LEVEL",
			"FOUR_LEVEL_ALPHABETIC", "FOUR_LEVEL_SEMIALPHABETIC", "EIGHT_LEVEL", "EIGHT_LEVEL_ALPHABETIC",
			"EIGHT_LEVEL_SEMIALPHABETIC");

	private static final long ISO_LEVEL3_SHIFT = 0xfe03;

	private static final long SHIFT_L = 0xffe1;

	private static final int RIGHT_ALT_EVDEV = 100;

	/**
	 * How to type one keysym: hold the modifiers' keys, press and release the key.
	 *
	 * @param evdev the key
	 * @param level 1 (no modifier), 2 (Shift), 3 (level three), 4 (Shift and level three)
	 */
	record Stroke(int evdev, int level) {
	}

	private final Map<Long, Stroke> strokes;

	private final int shiftEvdev;

	private final int levelThreeEvdev;

	private final String layoutName;

	private KwinKeymap(Map<Long, Stroke> strokes, int shiftEvdev, int levelThreeEvdev, String layoutName) {
		this.strokes = strokes;
		this.shiftEvdev = shiftEvdev;
		this.levelThreeEvdev = levelThreeEvdev;
		this.layoutName = layoutName;
	}

	/**
	 * @param text the keymap as KWin sends it
	 * @throws IllegalArgumentException when it has no keycodes or symbols section
	 */
	static KwinKeymap parse(String text) {
		String keycodesSection = section(text, "xkb_keycodes");
		String symbolsSection = section(text, "xkb_symbols");
		Map<String, Integer> keycodes = new HashMap<>();
		Matcher codes = KEYCODE.matcher(keycodesSection);
		while (codes.find()) {
			keycodes.put(codes.group(1), Integer.parseInt(codes.group(2)));
		}
		Matcher aliases = ALIAS.matcher(keycodesSection);
		while (aliases.find()) {
			Integer target = keycodes.get(aliases.group(2));
			if (target != null) {
				keycodes.putIfAbsent(aliases.group(1), target);
			}
		}
		Map<Long, Stroke> strokes = new HashMap<>();
		Matcher keys = KEY.matcher(symbolsSection);
		while (keys.find()) {
			Integer keycode = keycodes.get(keys.group(1));
			if (keycode == null || keycode < EVDEV_OFFSET) {
				continue;
			}
			String body = keys.group(2);
			List<Long> levels = levels(body);
			Matcher typeMatcher = TYPE.matcher(body);
			String type = typeMatcher.find() ? typeMatcher.group(1) : null;
			boolean shiftLevels = (type == null) || SHIFT_TYPES.contains(type);
			for (int level = 1; level <= levels.size() && level <= 4; level++) {
				long keysym = levels.get(level - 1);
				if (keysym == 0 || (level > 1 && !shiftLevels)) {
					continue;
				}
				Stroke stroke = new Stroke(keycode - EVDEV_OFFSET, level);
				strokes.merge(keysym, stroke, KwinKeymap::simpler);
			}
		}
		addCharacterKeysyms(strokes);
		Stroke shift = strokes.get(SHIFT_L);
		Stroke levelThree = strokes.get(ISO_LEVEL3_SHIFT);
		Matcher name = LAYOUT_NAME.matcher(symbolsSection);
		return new KwinKeymap(Map.copyOf(strokes), (shift != null && shift.level() == 1) ? shift.evdev() : -1,
				(levelThree != null && levelThree.level() == 1) ? levelThree.evdev() : -1,
				name.find() ? name.group(1) : "?");
	}

	// a character the layout names by a legacy keysym is typed by the same stroke when
	// asked for by its Unicode keysym, which is how Keysyms.forText names every
	// character
	private static void addCharacterKeysyms(Map<Long, Stroke> strokes) {
		Map<Long, Stroke> characters = new HashMap<>();
		strokes.forEach((keysym, stroke) -> {
			OptionalInt codePoint = LegacyKeysyms.codePoint(keysym);
			if (codePoint.isPresent()) {
				long unicode = Keysyms.forCodePoint(codePoint.getAsInt());
				if (unicode != keysym) {
					characters.merge(unicode, stroke, KwinKeymap::simpler);
				}
			}
		});
		characters.forEach((keysym, stroke) -> strokes.merge(keysym, stroke, KwinKeymap::simpler));
	}

	// the fewest modifiers, then the lowest keycode; but AltGr (right Alt) for the
	// level-three
	// key, a key that exists, rather than XKB's virtual <LVL3>
	private static Stroke simpler(Stroke a, Stroke b) {
		if (a.level() == 1 && b.level() == 1 && a.evdev() != b.evdev() && (isRightAlt(a) || isRightAlt(b))) {
			return isRightAlt(a) ? a : b;
		}
		if (a.level() != b.level()) {
			return (a.level() < b.level()) ? a : b;
		}
		return (a.evdev() <= b.evdev()) ? a : b;
	}

	private static boolean isRightAlt(Stroke stroke) {
		return stroke.evdev() == RIGHT_ALT_EVDEV;
	}

	private static List<Long> levels(String body) {
		Matcher group1 = GROUP1.matcher(body);
		String list;
		if (group1.find()) {
			list = group1.group(1);
		}
		else {
			Matcher first = BRACKETS.matcher(body);
			if (!first.find()) {
				return List.of();
			}
			list = first.group(1);
		}
		List<Long> keysyms = new ArrayList<>();
		for (String name : list.split(",")) {
			keysyms.add(keysym(name.strip()));
		}
		return keysyms;
	}

	private static long keysym(String name) {
		if (name.isEmpty() || "NoSymbol".equals(name)) {
			return 0;
		}
		OptionalLong named = KeyNames.keysym(name);
		if (named.isPresent()) {
			return named.getAsLong();
		}
		if (name.matches("\\d+")) {
			// xkbcommon writes digits 0-9 as their names; other plain numbers are keysyms
			long value = Long.parseLong(name);
			return (value < 10) ? '0' + value : value;
		}
		return 0;
	}

	private static String section(String text, String name) {
		int start = text.indexOf(name);
		if (start < 0) {
			throw new IllegalArgumentException("the keymap has no " + name + " section");
		}
		int open = text.indexOf('{', start);
		int depth = 0;
		for (int i = open; i < text.length(); i++) {
			char c = text.charAt(i);
			if (c == '{') {
				depth++;
			}
			else if (c == '}' && --depth == 0) {
				return text.substring(open + 1, i);
			}
		}
		throw new IllegalArgumentException("the keymap's " + name + " section does not end");
	}

	/**
	 * How to type {@code keysym}. A character's keysym ({@code Keysyms.forCodePoint}:
	 * Latin-1 as itself, the rest as {@code 0x1000000 + code point}) is also found where
	 * the layout names the character by a legacy keysym ({@code EuroSign},
	 * {@code Cyrillic_a}, {@code Greek_OMEGA}: keysymdef.h's table,
	 * {@link LegacyKeysyms}).
	 */
	Optional<Stroke> stroke(long keysym) {
		Stroke stroke = this.strokes.get(keysym);
		if (stroke == null || !reachable(stroke)) {
			return Optional.empty();
		}
		return Optional.of(stroke);
	}

	private boolean reachable(Stroke stroke) {
		boolean shift = stroke.level() == 2 || stroke.level() == 4;
		boolean levelThree = stroke.level() >= 3;
		return (!shift || this.shiftEvdev >= 0) && (!levelThree || this.levelThreeEvdev >= 0);
	}

	/** The keys to hold for a stroke, in press order. */
	int[] modifiersFor(Stroke stroke) {
		return switch (stroke.level()) {
			case 2 -> new int[] { this.shiftEvdev };
			case 3 -> new int[] { this.levelThreeEvdev };
			case 4 -> new int[] { this.shiftEvdev, this.levelThreeEvdev };
			default -> new int[0];
		};
	}

	/** The first group's name, e.g. {@code English (US)}, for error messages. */
	String layoutName() {
		return this.layoutName;
	}

	/** How many keysyms can be typed. */
	int size() {
		return this.strokes.size();
	}

	@Override
	public String toString() {
		return String.format(Locale.ROOT, "KwinKeymap[%s, %d keysyms]", this.layoutName, this.strokes.size());
	}

}
