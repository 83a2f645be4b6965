package dev.deskhand.platform.windows;

import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.IntUnaryOperator;

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
		return of(keysymName, (unit) -> -1);
	}

	/**
	 * Like {@link #of(String)}, but a character that the keyboard layout types on a key
	 * of its own without Shift, Ctrl or Alt ({@code comma}, {@code minus}, {@code slash}
	 * on a US layout) is that key, so that {@code ctrl+comma} or {@code ctrl+minus} reach
	 * applications as shortcuts, not as characters.
	 * @param layoutKey {@code VkKeyScanW} of a UTF-16 code unit: the virtual key in the
	 * low byte, the shift state in the high byte, -1 when no key types it
	 */
	static Optional<WindowsKey> of(String keysymName, IntUnaryOperator layoutKey) {
		var code = VirtualKeys.code(keysymName);
		if (code.isPresent()) {
			return Optional.of(new Virtual(code.getAsInt(), VirtualKeys.extended(keysymName)));
		}
		OptionalLong keysym = KeyNames.keysym(keysymName);
		if (keysym.isEmpty()) {
			return Optional.empty();
		}
		int codePoint = codePoint(keysym.getAsLong());
		if (codePoint < 0) {
			return Optional.empty();
		}
		if (Character.isBmpCodePoint(codePoint)) {
			int scan = layoutKey.applyAsInt(codePoint);
			if (scan != -1 && (scan & 0xFF) != 0xFF && (scan & 0xFF00) == 0) {
				return Optional.of(new Virtual(scan & 0xFF, false));
			}
		}
		return Optional.of(new Unicode(Character.toString(codePoint)));
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
