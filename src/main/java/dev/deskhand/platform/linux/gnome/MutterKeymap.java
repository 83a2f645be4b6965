package dev.deskhand.platform.linux.gnome;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.keys.KeyNames;
import dev.deskhand.platform.linux.Keysyms;
import dev.deskhand.platform.linux.LegacyKeysyms;

/**
 * Which keysyms mutter's current layout has a key for: the only ones its RemoteDesktop
 * keyboard types. Mutter 43 looks a keysym up in the keymap's current group, on levels 1
 * to 3 (it presses Shift for level 2 and ISO_Level3_Shift for level 3, and nothing for
 * level 4), and drops one it finds no key for with a log line ("No keycode found for
 * keyval ... in current group"); nothing lets a client add a key to its keymap.
 * <p>
 * Read from the keymap mutter gives every Wayland client ({@link #fromXkb}, the text
 * libxkbcommon writes), or {@link #unknown()} when it cannot be read: then nothing is
 * refused in advance. A character is typed as the keysym the layout has it under: its
 * Latin-1 or Unicode keysym ({@link Keysyms}), else a legacy one ({@link LegacyKeysyms}:
 * EuroSign for €, Cyrillic_a for а), since mutter compares keysyms and would not find the
 * Unicode one on a layout that has the legacy one.
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

	// null when not known
	private final Set<Long> keysyms;

	// for each character the layout has, the keysym it has it as
	private final Map<Integer, Long> byCodePoint;

	private final String layout;

	private MutterKeymap(Set<Long> keysyms, String layout) {
		this.keysyms = keysyms;
		this.layout = layout;
		Map<Integer, Long> characters = new HashMap<>();
		if (keysyms != null) {
			for (long keysym : keysyms) {
				OptionalInt codePoint = LegacyKeysyms.codePoint(keysym);
				// the Latin-1 or Unicode keysym wins over a legacy one for the same
				// character
				if (codePoint.isPresent() && (Keysyms.forCodePoint(codePoint.getAsInt()) == keysym
						|| !characters.containsKey(codePoint.getAsInt()))) {
					characters.put(codePoint.getAsInt(), keysym);
				}
			}
		}
		this.byCodePoint = Map.copyOf(characters);
	}

	static MutterKeymap unknown() {
		return new MutterKeymap(null, "not known");
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
		return new MutterKeymap(Set.copyOf(keysyms), name.find() ? name.group(1) : "group " + (group + 1));
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

	/** Whether the layout has a key for {@code keysym}; always when not known. */
	boolean hasKey(long keysym) {
		return this.keysyms == null || this.keysyms.contains(keysym);
	}

	/**
	 * The keysyms that type {@code text} on this layout: each character as the keysym the
	 * layout has it under ({@code €} as EuroSign where that is what it has).
	 * @throws DeskhandException E_ARGS for a control character no key types,
	 * E_UNSUPPORTED naming every character the layout lacks
	 */
	long[] keysymsFor(String text) {
		return keysymsFor(text, true);
	}

	/**
	 * Like {@link #keysymsFor(String)}, or, when {@code refuseMissing} is false, with
	 * each character the layout lacks left as its own keysym, which {@link #hasKey}
	 * denies.
	 */
	long[] keysymsFor(String text, boolean refuseMissing) {
		long[] keysyms = Keysyms.forText(text);
		if (this.keysyms == null) {
			return keysyms;
		}
		Set<Integer> missing = new LinkedHashSet<>();
		for (int i = 0; i < keysyms.length; i++) {
			if (this.keysyms.contains(keysyms[i])) {
				continue;
			}
			OptionalInt codePoint = LegacyKeysyms.codePoint(keysyms[i]);
			Long legacy = codePoint.isPresent() ? this.byCodePoint.get(codePoint.getAsInt()) : null;
			if (legacy != null) {
				keysyms[i] = legacy;
			}
			else {
				missing.add(codePoint.orElse((int) keysyms[i]));
			}
		}
		if (refuseMissing && !missing.isEmpty()) {
			throw new DeskhandException(ErrorCode.E_UNSUPPORTED,
					"GNOME's remote desktop types only the characters of the keyboard layout in use (" + this.layout
							+ "), and this text has " + missing.size() + " it lacks, so nothing was typed: "
							+ MutterKeyboard.describe(missing)
							+ ". Type the rest, put these characters through the clipboard, or let Deskhand enter them by"
							+ " code point (deskhand.gnome.text-outside-layout=unicode-entry)");
		}
		return keysyms;
	}

	@Override
	public String toString() {
		return "MutterKeymap[" + this.layout + "]";
	}

}
