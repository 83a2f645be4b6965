package dev.deskhand.platform.linux.gnome;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.OptionalLong;
import java.util.Set;
import java.util.function.LongPredicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.keys.KeyNames;
import dev.deskhand.platform.linux.Keysyms;

/**
 * Which keysyms mutter's current layout has a key for: the only ones its RemoteDesktop
 * keyboard types. Mutter 43 looks a keysym up in the keymap's current group, on levels 1
 * to 3 (it presses Shift for level 2 and ISO_Level3_Shift for level 3, and nothing for
 * level 4), and drops one it finds no key for with a log line ("No keycode found for
 * keyval ... in current group"); nothing lets a client add a key to its keymap.
 * <p>
 * Read from the keymap mutter gives every Wayland client ({@link #fromXkb}, the text
 * libxkbcommon writes), or {@link #unknown()} when it cannot be read: then nothing is
 * refused in advance. A character is matched by its Latin-1 or Unicode keysym
 * ({@link Keysyms}); a layout that has it only under a legacy name (EuroSign for €) is
 * taken as lacking it, since mutter would not find the Unicode keysym either.
 */
final class MutterKeymap {

	/** Mutter reaches levels 1 to 3: plain, Shift, ISO_Level3_Shift. */
	static final int LEVELS = 3;

	private static final Pattern KEY = Pattern.compile("key\\s+<[^>]+>\\s*\\{(.*?)\\};", Pattern.DOTALL);

	private static final Pattern GROUP_SYMBOLS = Pattern
		.compile("symbols\\[(?:Group)?(\\d+)\\]\\s*=\\s*\\[([^\\]]*)\\]");

	private static final Pattern EXPLICIT = Pattern
		.compile("\\w+\\[(?:Group)?\\d+\\]\\s*=\\s*(\"[^\"]*\"|\\[[^\\]]*\\])");

	private static final Pattern LIST = Pattern.compile("\\[([^\\]]*)\\]");

	private final LongPredicate hasKey;

	private final String layout;

	private MutterKeymap(LongPredicate hasKey, String layout) {
		this.hasKey = hasKey;
		this.layout = layout;
	}

	static MutterKeymap unknown() {
		return new MutterKeymap((keysym) -> true, "not known");
	}

	/**
	 * @param keymapText an XKB keymap as libxkbcommon writes it (what {@code wl_keyboard}
	 * sends)
	 * @param group the current group, from 0 ({@code wl_keyboard.modifiers})
	 */
	static MutterKeymap fromXkb(String keymapText, int group) {
		int symbolsAt = keymapText.indexOf("xkb_symbols");
		String symbols = (symbolsAt < 0) ? "" : keymapText.substring(symbolsAt);
		Set<Long> keysyms = new HashSet<>();
		Matcher key = KEY.matcher(symbols);
		while (key.find()) {
			for (String name : levels(key.group(1), group + 1)) {
				OptionalLong keysym = KeyNames.keysym(name);
				if (keysym.isPresent()) {
					keysyms.add(keysym.getAsLong());
				}
			}
		}
		Matcher name = Pattern.compile("name\\[(?:Group)?" + (group + 1) + "\\]\\s*=\\s*\"([^\"]*)\"").matcher(symbols);
		return new MutterKeymap(Set.copyOf(keysyms)::contains, name.find() ? name.group(1) : "group " + (group + 1));
	}

	// the keysym names of a key's body in one group (from 1), on the levels mutter
	// reaches
	private static List<String> levels(String body, int group) {
		String list = null;
		if (body.contains("symbols[")) {
			Matcher symbols = GROUP_SYMBOLS.matcher(body);
			while (symbols.find()) {
				if (Integer.parseInt(symbols.group(1)) == group) {
					list = symbols.group(2);
				}
			}
		}
		else {
			// the short form lists one bracket per group; types and actions are explicit
			Matcher lists = LIST.matcher(EXPLICIT.matcher(body).replaceAll(""));
			for (int index = 1; lists.find(); index++) {
				if (index == group) {
					list = lists.group(1);
				}
			}
		}
		List<String> names = new ArrayList<>();
		if (list == null) {
			return names;
		}
		String[] entries = list.split(",");
		for (int level = 0; level < Math.min(LEVELS, entries.length); level++) {
			names.add(entries[level].strip());
		}
		return names;
	}

	boolean hasKey(long keysym) {
		return this.hasKey.test(keysym);
	}

	/**
	 * @throws DeskhandException E_UNSUPPORTED naming every character the layout lacks
	 */
	void requireTypable(String text) {
		Set<Integer> missing = new LinkedHashSet<>();
		for (int codePoint : text.codePoints().toArray()) {
			long keysym = Keysyms.forCodePoint(codePoint);
			if (keysym >= 0 && !hasKey(keysym)) {
				missing.add(codePoint);
			}
		}
		if (!missing.isEmpty()) {
			throw new DeskhandException(ErrorCode.E_UNSUPPORTED,
					"GNOME's remote desktop types only the characters of the keyboard layout in use (" + this.layout
							+ "), and this text has " + missing.size() + " it lacks, so nothing was typed: "
							+ MutterKeyboard.describe(missing)
							+ ". Type the rest, or put these characters through the clipboard");
		}
	}

	@Override
	public String toString() {
		return "MutterKeymap[" + this.layout + "]";
	}

}
