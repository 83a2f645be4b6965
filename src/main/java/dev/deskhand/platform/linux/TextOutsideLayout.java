package dev.deskhand.platform.linux;

/**
 * What typing does with characters the keyboard layout in use has no key for, where the
 * compositor types only its own layout's characters and no client may add keys to its
 * keymap (mutter 43's remote desktop, KWin's fake input):
 * {@code deskhand.gnome.text-outside-layout}, {@code deskhand.kde.text-outside-layout}.
 */
public enum TextOutsideLayout {

	/**
	 * Refuse the whole text before typing any of it, naming the characters
	 * ({@code E_UNSUPPORTED}). The default: nothing is typed that might arrive wrong.
	 */
	REFUSE,

	/**
	 * Enter each such character by its code point, as a person does on GNOME and KDE:
	 * Ctrl+Shift+U, its hexadecimal digits, then Space. IBus (every GNOME session's input
	 * method, often Plasma's too) and GTK's built-in input method turn that into the
	 * character; an application without such an input method (Qt without IBus, a
	 * terminal) gets the keys as they are (a shortcut, the digits and a space), which is
	 * why it is not the default.
	 */
	UNICODE_ENTRY

}
