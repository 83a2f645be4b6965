package dev.deskhand.platform.windows;

import java.util.Optional;
import java.util.OptionalLong;

import dev.deskhand.platform.keys.KeyNames;

/**
 * What pressing a key name sends: a virtual key, or, for a character that has no virtual
 * key independent of the keyboard layout ({@code exclam}, {@code eacute}, {@code U20AC}),
 * its UTF-16 code units as {@code KEYEVENTF_UNICODE} events.
 */
sealed interface WindowsKey {

	/** Offset of a Unicode key's code unit among {@code HeldInputs}' key codes. */
	int UNICODE_HELD_BASE = 0x10000;

	record Virtual(int code, boolean extended) implements WindowsKey {
	}

	/**
	 * A character typed as itself. Applications see {@code VK_PACKET}, so a shortcut such
	 * as {@code ctrl+exclam} reaches them as a character, not as a key with Ctrl.
	 */
	record Unicode(String units) implements WindowsKey {
	}

	/**
	 * @param keysymName a canonical name ({@link KeyNames#resolve})
	 * @return empty when Windows has no way to press it (a keysym that is neither a
	 * virtual key nor a character, such as {@code XF86Eject})
	 */
	static Optional<WindowsKey> of(String keysymName) {
		var code = VirtualKeys.code(keysymName);
		if (code.isPresent()) {
			return Optional.of(new Virtual(code.getAsInt(), VirtualKeys.extended(keysymName)));
		}
		OptionalLong keysym = KeyNames.keysym(keysymName);
		if (keysym.isEmpty()) {
			return Optional.empty();
		}
		int codePoint = codePoint(keysym.getAsLong());
		return (codePoint < 0) ? Optional.empty() : Optional.of(new Unicode(Character.toString(codePoint)));
	}

	/**
	 * The character of a keysym, by Xlib's rule: Latin-1 keysyms are their code point,
	 * {@code 0x01000000 + cp} is any other; legacy keysyms outside those (the old
	 * Cyrillic or currency blocks) are not mapped.
	 * @return the code point, or -1
	 */
	static int codePoint(long keysym) {
		if ((keysym >= 0x20 && keysym <= 0x7E) || (keysym >= 0xA0 && keysym <= 0xFF)) {
			return (int) keysym;
		}
		long cp = keysym - 0x01000000L;
		if (cp >= 0x100 && cp <= Character.MAX_CODE_POINT
				&& (cp < Character.MIN_SURROGATE || cp > Character.MAX_SURROGATE)) {
			return (int) cp;
		}
		return -1;
	}

}
