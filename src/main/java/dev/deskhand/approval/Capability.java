package dev.deskhand.approval;

import java.util.Locale;

/** What a tool may do to the desktop; policies and grants are per capability. */
public enum Capability {

	/** See the screen, the pointer, the displays. */
	OBSERVE,
	/** Move, click, drag, scroll. */
	POINTER,
	/** Type text and press keys. */
	KEYBOARD,
	/**
	 * Chords an agent should not press casually (ctrl+alt+Delete, super+l, alt+F4, ...).
	 */
	SYSTEM_KEYS,
	/** Read the clipboard. */
	CLIPBOARD_READ,
	/** Write the clipboard. */
	CLIPBOARD_WRITE,
	/** Start or focus applications. */
	LAUNCH;

	/** The name in configuration and on the wire: {@code system_keys}. */
	public String key() {
		return name().toLowerCase(Locale.ROOT);
	}

}
