package dev.deskhand.platform.linux.xkb;

import java.util.HashMap;
import java.util.Map;

/**
 * The modifier state a virtual keyboard reports with
 * {@code zwp_virtual_keyboard_v1.modifiers}: wlroots does not derive it from the key
 * events of a virtual keyboard, so without it Ctrl and Shift chords would arrive bare.
 * Masks are the real modifiers of {@link XkbKeymap}'s modifier map; a held modifier key
 * is depressed, Caps_Lock and Num_Lock toggle their lock on each press, as on a real
 * keyboard. Pure; owned by the keyboard's thread.
 */
public final class XkbModifierState {

	/** The masks of the modifier keys held now, by evdev code. */
	private final Map<Integer, Integer> held = new HashMap<>();

	private int locked;

	/**
	 * Records a key event.
	 * @return whether the modifier state changed (then the keyboard sends it)
	 */
	public boolean key(int evdev, boolean pressed) {
		int mask = XkbKeymap.modifierOf(evdev);
		if (mask == 0) {
			return false;
		}
		int before = depressed();
		int lockedBefore = this.locked;
		boolean lock = mask == XkbKeymap.LOCK || mask == XkbKeymap.MOD2;
		if (pressed) {
			if (lock && !this.held.containsKey(evdev)) {
				this.locked ^= mask;
			}
			if (!lock) {
				this.held.put(evdev, mask);
			}
			else {
				this.held.put(evdev, 0);
			}
		}
		else {
			this.held.remove(evdev);
		}
		return before != depressed() || lockedBefore != this.locked;
	}

	/** The modifiers held down: Shift 1, Control 4, Mod1 8, Mod4 64, Mod5 128. */
	public int depressed() {
		int mask = 0;
		for (int value : this.held.values()) {
			mask |= value;
		}
		return mask;
	}

	/** The locked modifiers: Lock 2 (Caps Lock), Mod2 16 (Num Lock). */
	public int locked() {
		return this.locked;
	}

	/** After release-all: no modifier held (locks stay, as a real keyboard's would). */
	public void releaseAll() {
		this.held.clear();
	}

}
