package dev.deskhand.platform.macos;

import java.util.OptionalInt;
import java.util.Set;
import java.util.TreeSet;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.HeldInputs;
import dev.deskhand.platform.KeyboardDriver;

/**
 * Synthetic keys by {@link MacKeyCodes} (layout positions), chords by the flags of the
 * modifiers held, and text by {@code CGEventKeyboardSetUnicodeString} in
 * {@link MacTyping}'s chunks (layout-independent). A key name with no code but a
 * character types that character on press; its release does nothing. Input thread only.
 */
final class MacKeyboardDriver implements KeyboardDriver {

	private final MacEvents events;

	private final HeldInputs held;

	private final MacDesktopState state;

	MacKeyboardDriver(MacEvents events, HeldInputs held, MacDesktopState state) {
		this.events = events;
		this.held = held;
		this.state = state;
	}

	@Override
	public boolean isKnownKey(String keyName) {
		return MacKeyCodes.isKnown(keyName);
	}

	@Override
	public String selectAllChord() {
		// Command, which the vocabulary's cmd names; ctrl+a moves to the line's start.
		return "cmd+a";
	}

	@Override
	public void pressKey(String keyName) {
		OptionalInt code = MacKeyCodes.code(keyName);
		String text = code.isPresent() ? null : MacKeyCodes.text(keyName);
		if (code.isEmpty() && text == null) {
			throw DeskhandException.args("no key named '" + keyName + "' on a Mac keyboard");
		}
		this.state.requireInput();
		if (code.isEmpty()) {
			this.events.unicode(text);
			return;
		}
		int keycode = code.getAsInt();
		Set<Integer> down = new TreeSet<>(this.held.keycodes());
		down.add(keycode);
		// a modifier's own key-down carries its flag, as a real keyboard's does
		this.events.key(keycode, true, MacKeyCodes.flags(down));
		this.held.keyDown(keycode);
	}

	@Override
	public void releaseKey(String keyName) {
		OptionalInt code = MacKeyCodes.code(keyName);
		if (code.isEmpty()) {
			return;
		}
		this.state.requireInput();
		release(this.events, this.held, code.getAsInt());
	}

	/** Also release-all's way, from any thread, without the permission check. */
	static void release(MacEvents events, HeldInputs held, int keycode) {
		Set<Integer> down = new TreeSet<>(held.keycodes());
		down.remove(keycode);
		events.key(keycode, false, MacKeyCodes.flags(down));
		held.keyUp(keycode);
	}

	@Override
	public void typeText(String text) {
		if (text.isEmpty()) {
			return;
		}
		this.state.requireInput();
		int typed = 0;
		for (MacTyping.Step step : MacTyping.plan(text)) {
			if (Thread.currentThread().isInterrupted()) {
				throw new DeskhandException(ErrorCode.E_TIMEOUT,
						"typing was interrupted after " + typed + " of " + text.length() + " UTF-16 units");
			}
			if (step instanceof MacTyping.Chars chars) {
				this.events.unicode(chars.text());
				typed += chars.text().length();
			}
			else if (step instanceof MacTyping.Key key) {
				this.events.key(key.keycode(), true, 0);
				this.events.key(key.keycode(), false, 0);
				typed++;
			}
		}
	}

}
