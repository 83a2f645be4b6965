package dev.deskhand.platform.linux.gnome;

/**
 * What the GNOME keyboard does with characters the keyboard layout in use has no key for
 * (mutter 43's remote desktop types only the layout's characters, and no client may add
 * keys to its keymap): {@code deskhand.gnome.text-outside-layout}.
 */
public enum TextOutsideLayout {

	/**
	 * Refuse the whole text before typing any of it, naming the characters
	 * ({@code E_UNSUPPORTED}). The default: nothing is typed that might arrive wrong.
	 */
	REFUSE,

	/**
	 * Enter each such character by its code point, as a person does on GNOME:
	 * Ctrl+Shift+U, its hexadecimal digits, then Space. IBus (every GNOME session's input
	 * method) and GTK's built-in input method turn that into the character; an
	 * application without an input method gets the keys as they are (a shortcut, the
	 * digits and a space), which is why it is not the default.
	 */
	UNICODE_ENTRY

}
