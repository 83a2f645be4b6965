package dev.deskhand.approval;

import java.util.Locale;

/** What a tool may do to the desktop; policies and grants are per capability. */
public enum Capability {

	/** See the screen, the pointer, the displays. */
	OBSERVE("seeing the screen"),
	/** Move, click, drag, scroll. */
	POINTER("pointer input"),
	/** Type text and press keys. */
	KEYBOARD("keyboard input"),
	/**
	 * Chords an agent should not press casually (ctrl+alt+Delete, super+l, alt+F4, ...).
	 */
	SYSTEM_KEYS("system key chords"),
	/** Read the clipboard. */
	CLIPBOARD_READ("reading the clipboard"),
	/** Write the clipboard. */
	CLIPBOARD_WRITE("writing the clipboard"),
	/** Start or focus applications. */
	LAUNCH("starting applications");

	private final String phrase;

	Capability(String phrase) {
		this.phrase = phrase;
	}

	/** The name in configuration and on the wire: {@code system_keys}. */
	public String key() {
		return name().toLowerCase(Locale.ROOT);
	}

	/** What it lets an agent do, as a person reads it: {@code pointer input}. */
	public String phrase() {
		return this.phrase;
	}

}
