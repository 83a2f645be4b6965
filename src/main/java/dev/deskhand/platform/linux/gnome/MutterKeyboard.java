package dev.deskhand.platform.linux.gnome;

import dev.deskhand.platform.linux.TextOutsideLayout;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.OptionalLong;
import java.util.Set;
import java.util.stream.Collectors;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.HeldInputs;
import dev.deskhand.platform.KeyboardDriver;
import dev.deskhand.platform.keys.KeyNames;
import dev.deskhand.platform.linux.Keysyms;

/**
 * The keyboard of {@link MutterRemoteDesktop}, by keysym ({@code NotifyKeyboardKeysym}):
 * mutter finds the key in the current layout and adds Shift or AltGr itself for a
 * character on a higher level ({@code A} is Shift+a). Keys are tracked in
 * {@link HeldInputs} by keysym.
 * <p>
 * Mutter 43 types only what the current layout has: a keysym it finds no key for is
 * dropped with a log line ("No keycode found for keyval ... in current group"), and
 * nothing lets a client add a key to mutter's keymap. So the text is checked against the
 * layout ({@link MutterKeymap}) before anything is sent, and refused whole, naming the
 * characters, when some are missing.
 * <p>
 * Typing releases the modifiers the agent holds (they would make the text shortcuts) and
 * presses them again after, and lifts a Caps Lock this keyboard turned on for the text's
 * duration.
 */
final class MutterKeyboard implements KeyboardDriver {

	static final long SHIFT_L = Keysyms.SHIFT_L;

	/** Strokes between interrupt checks while typing. */
	static final int STROKES_PER_CHECK = 32;

	private final MutterRemoteDesktop input;

	private final HeldInputs held;

	private final TextOutsideLayout textOutsideLayout;

	// whether this keyboard's Caps_Lock presses left the lock on: mutter types a keysym
	// on its key without undoing the lock, so a locked "a" arrives as "A"; the seat's
	// lock outlives a session, so this does too (the human's own presses are not seen)
	private volatile boolean capsLocked;

	MutterKeyboard(MutterRemoteDesktop input, HeldInputs held, TextOutsideLayout textOutsideLayout) {
		this.input = input;
		this.held = held;
		this.textOutsideLayout = textOutsideLayout;
	}

	@Override
	public void pressKey(String keyName) {
		long keysym = requireKeysym(keyName);
		this.input.send((session) -> key(session, keysym, true));
	}

	@Override
	public void releaseKey(String keyName) {
		long keysym = requireKeysym(keyName);
		if (!this.held.isKeyDown((int) keysym)) {
			return;
		}
		this.input.send((session) -> key(session, keysym, false));
	}

	@Override
	public void typeText(String text) {
		if (Keysyms.forText(text).length == 0) {
			return;
		}
		this.input.send((session) -> {
			MutterKeymap keymap = this.input.keymap();
			long[] keysyms = keymap.keysymsFor(text, this.textOutsideLayout == TextOutsideLayout.REFUSE);
			List<Long> modifiers = heldModifiers();
			for (long modifier : modifiers) {
				session.keysym(modifier, false);
			}
			boolean unlock = this.capsLocked;
			if (unlock) {
				tapCapsLock(session);
			}
			try {
				for (int i = 0; i < keysyms.length; i++) {
					if (i % STROKES_PER_CHECK == 0) {
						checkInterrupted(i, keysyms.length);
					}
					if (keymap.hasKey(keysyms[i])) {
						session.keysym(keysyms[i], true);
						session.keysym(keysyms[i], false);
					}
					else {
						enterByCodePoint(session, codePoint(keysyms[i]));
					}
				}
			}
			finally {
				if (unlock) {
					tapCapsLock(session);
				}
				for (long modifier : modifiers) {
					session.keysym(modifier, true);
				}
			}
		});
	}

	// Ctrl+Shift+U, the code point's hex digits, Space: the input method's Unicode entry
	private static void enterByCodePoint(RemoteInputSession session, int codePoint) {
		session.keysym(Keysyms.CONTROL_L, true);
		session.keysym(SHIFT_L, true);
		session.keysym('u', true);
		session.keysym('u', false);
		session.keysym(SHIFT_L, false);
		session.keysym(Keysyms.CONTROL_L, false);
		for (char digit : Integer.toHexString(codePoint).toCharArray()) {
			session.keysym(digit, true);
			session.keysym(digit, false);
		}
		session.keysym(' ', true);
		session.keysym(' ', false);
	}

	// the character a Latin-1 or Unicode keysym stands for
	static int codePoint(long keysym) {
		return (int) ((keysym <= 0xff) ? keysym : keysym & ~Keysyms.UNICODE_OFFSET);
	}

	private static void tapCapsLock(RemoteInputSession session) {
		session.keysym(Keysyms.CAPS_LOCK, true);
		session.keysym(Keysyms.CAPS_LOCK, false);
	}

	private List<Long> heldModifiers() {
		List<Long> modifiers = new ArrayList<>();
		for (int keysym : this.held.keycodes()) {
			if (isModifier(keysym)) {
				modifiers.add((long) keysym);
			}
		}
		return modifiers;
	}

	// Shift_L .. Hyper_R without Caps_Lock and Shift_Lock (locks, not held modifiers),
	// and the level 3 and 5 shifts (AltGr)
	static boolean isModifier(long keysym) {
		return (keysym >= 0xffe1 && keysym <= 0xffee && keysym != 0xffe5 && keysym != 0xffe6) || keysym == 0xfe03
				|| keysym == 0xfe11;
	}

	/** Releases every key held, on the caller's session (the owner holds its lock). */
	void releaseAll(RemoteInputSession session) {
		for (int keysym : this.held.keycodes()) {
			key(session, keysym & 0xffffffffL, false);
		}
	}

	/** The session that held the keys is gone, and released them with it. */
	void forget() {
		this.held.forget(this.held.keycodes(), Set.of());
	}

	private void key(RemoteInputSession session, long keysym, boolean pressed) {
		if (pressed) {
			this.held.keyDown((int) keysym);
		}
		session.keysym(keysym, pressed);
		if (pressed && keysym == Keysyms.CAPS_LOCK) {
			this.capsLocked = !this.capsLocked;
		}
		if (!pressed) {
			this.held.keyUp((int) keysym);
		}
	}

	private static long requireKeysym(String keyName) {
		OptionalLong keysym = KeyNames.keysym(keyName);
		if (keysym.isEmpty()) {
			throw DeskhandException.args("unknown key name '" + keyName
					+ "': use an X keysym name such as Control_L, Return, a, F5 or Page_Down");
		}
		return keysym.getAsLong();
	}

	private static void checkInterrupted(int typed, int total) {
		if (Thread.currentThread().isInterrupted()) {
			throw new DeskhandException(ErrorCode.E_TIMEOUT,
					"typing was interrupted after " + typed + " of " + total + " characters");
		}
	}

	static String describe(Set<Integer> codePoints) {
		return codePoints.stream()
			.map((cp) -> new StringBuilder().appendCodePoint(cp) + String.format(" (U+%04X)", cp))
			.collect(Collectors.joining(", "));
	}

	static Set<Integer> codePointsOf(String text) {
		return text.codePoints().boxed().collect(Collectors.toCollection(LinkedHashSet::new));
	}

}
