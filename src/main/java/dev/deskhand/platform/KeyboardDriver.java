package dev.deskhand.platform;

import dev.deskhand.platform.keys.KeyNames;

/**
 * Synthetic keyboard input. {@link #pressKey}, {@link #releaseKey} and {@link #typeText}
 * are called only from the input thread; every press is tracked so that
 * {@link DesktopDriver#releaseAll()} can undo it.
 */
public interface KeyboardDriver {

	/**
	 * Whether this desktop can press a key name (an X keysym name such as
	 * {@code Control_L}, {@code Return}, {@code a}, {@code F5}, {@code Page_Down}). Pure:
	 * needs no connection, safe on any thread. The default is the OS-neutral vocabulary;
	 * a driver whose OS lacks some keys narrows it.
	 */
	default boolean isKnownKey(String keyName) {
		return KeyNames.isKnown(keyName);
	}

	/**
	 * The chord that selects all the text of the focused field, in the chord vocabulary
	 * of {@link KeyNames} ({@code ctrl+a}, {@code cmd+a}): set_value types over it where
	 * a field cannot be set directly. Pure, like {@link #isKnownKey}. The default is the
	 * PC's; a driver whose OS selects with another chord says so.
	 */
	default String selectAllChord() {
		return "ctrl+a";
	}

	/**
	 * @throws dev.deskhand.errors.DeskhandException E_ARGS for an unknown key name
	 */
	void pressKey(String keyName);

	void releaseKey(String keyName);

	/**
	 * Types any Unicode text exactly, independent of the current keyboard layout and
	 * modifier state. Checks {@link Thread#isInterrupted()} between chunks and stops with
	 * an exception when interrupted.
	 */
	void typeText(String text);

}
