package dev.deskhand.platform.linux.x11;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.deskhand.platform.HeldInputs;
import dev.deskhand.platform.linux.Keysyms;

/**
 * Makes typed text independent of the modifier state for the length of one
 * {@code typeText}: lets go of held modifier keys and switches CapsLock off, then puts
 * back what this process held and switches CapsLock on again. Modifiers held by someone
 * else (a stuck key of a dead process) are released and stay released.
 */
final class X11ModifierGuard {

	private static final Logger logger = LoggerFactory.getLogger(X11ModifierGuard.class);

	private static final int LOCK_MASK = 1 << 1;

	private final X11Connection connection;

	private final HeldInputs held;

	private final List<Integer> heldModifiers;

	private final int capsLockKeycode;

	private final boolean firstGroupActive;

	private final List<Integer> released = new ArrayList<>();

	private boolean capsLockSwitchedOff;

	private X11ModifierGuard(X11Connection connection, HeldInputs held, List<Integer> heldModifiers,
			int capsLockKeycode, boolean firstGroupActive) {
		this.connection = connection;
		this.held = held;
		this.heldModifiers = heldModifiers;
		this.capsLockKeycode = capsLockKeycode;
		this.firstGroupActive = firstGroupActive;
	}

	/** Reads the modifier state; changes nothing. */
	static X11ModifierGuard inspect(X11Connection connection, X11Keymap keymap, HeldInputs held) {
		Set<Integer> modifiers = connection.modifierKeycodes();
		byte[] down = connection.queryKeymap();
		List<Integer> heldModifiers = new ArrayList<>();
		for (int keycode : modifiers) {
			if ((down[keycode >> 3] & (1 << (keycode & 7))) != 0) {
				heldModifiers.add(keycode);
			}
		}
		int mask = connection.queryPointer().mask();
		int capsLockKeycode = -1;
		if ((mask & LOCK_MASK) != 0) {
			int found = keymap.find(Keysyms.CAPS_LOCK, 0, (keycode) -> false);
			capsLockKeycode = (found < 0) ? -1 : found >> 1;
		}
		// XKB reports the keyboard group in bits 13-14 of the core state
		boolean firstGroup = ((mask >> 13) & 3) == 0;
		return new X11ModifierGuard(connection, held, heldModifiers, capsLockKeycode, firstGroup);
	}

	/** Whether it inspected {@code current}: only there is anything to put back. */
	boolean isOn(X11Connection current) {
		return this.connection == current;
	}

	boolean firstGroupActive() {
		return this.firstGroupActive;
	}

	void neutralize() {
		for (int keycode : this.heldModifiers) {
			this.connection.fakeKey(keycode, false);
			if (this.held.isKeyDown(keycode)) {
				this.released.add(keycode);
			}
		}
		if (this.capsLockKeycode > 0) {
			tap(this.capsLockKeycode);
			this.capsLockSwitchedOff = true;
		}
		if (!this.heldModifiers.isEmpty() || this.capsLockSwitchedOff) {
			logger.debug("typing with modifier keys {} released and CapsLock {}", this.heldModifiers,
					this.capsLockSwitchedOff ? "switched off" : "off");
		}
	}

	/** Puts back the state of {@link #neutralize()}; runs in {@code finally}. */
	void restore() {
		if (!this.connection.isUsable()) {
			return;
		}
		if (this.capsLockSwitchedOff) {
			tap(this.capsLockKeycode);
		}
		for (int keycode : this.released) {
			this.connection.fakeKey(keycode, true);
		}
		if (this.capsLockSwitchedOff || !this.released.isEmpty()) {
			this.connection.sync();
		}
	}

	private void tap(int keycode) {
		this.connection.fakeKey(keycode, true);
		this.connection.fakeKey(keycode, false);
	}

}
