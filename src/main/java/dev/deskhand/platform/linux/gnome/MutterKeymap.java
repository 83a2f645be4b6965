package dev.deskhand.platform.linux.gnome;

import java.util.LinkedHashSet;
import java.util.Set;
import java.util.function.LongPredicate;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.linux.Keysyms;

/**
 * Which keysyms mutter's current layout has a key for: the only ones its RemoteDesktop
 * keyboard can type. {@link #unknown()} when the layout cannot be read: then nothing is
 * refused in advance, and mutter drops what it has no key for.
 */
final class MutterKeymap {

	private final LongPredicate hasKey;

	private final String layout;

	private MutterKeymap(LongPredicate hasKey, String layout) {
		this.hasKey = hasKey;
		this.layout = layout;
	}

	static MutterKeymap unknown() {
		return new MutterKeymap((keysym) -> true, "unknown");
	}

	static MutterKeymap of(Set<Long> keysyms, String layout) {
		Set<Long> copy = Set.copyOf(keysyms);
		return new MutterKeymap(copy::contains, layout);
	}

	boolean hasKey(long keysym) {
		return this.hasKey.test(keysym);
	}

	/**
	 * @param keysyms {@code text}'s keysyms ({@link Keysyms#forText})
	 * @throws DeskhandException E_UNSUPPORTED naming every character the layout lacks
	 */
	void requireTypable(String text, long[] keysyms) {
		Set<Integer> missing = new LinkedHashSet<>();
		for (int codePoint : text.codePoints().toArray()) {
			long keysym = Keysyms.forCodePoint(codePoint);
			if (keysym >= 0 && !hasKey(keysym)) {
				missing.add(codePoint);
			}
		}
		if (!missing.isEmpty()) {
			throw new DeskhandException(ErrorCode.E_UNSUPPORTED,
					"GNOME types only the characters of the keyboard" + " layout in use (" + this.layout
							+ "), and this text has " + missing.size() + " it lacks, so nothing was typed: "
							+ MutterKeyboard.describe(missing)
							+ "; type the rest, or paste these characters through the clipboard");
		}
	}

}
