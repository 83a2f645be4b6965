package dev.deskhand.platform.linux.x11;

import java.util.Arrays;
import java.util.Optional;
import java.util.Set;

import dev.deskhand.platform.linux.Keysyms;

/**
 * The contiguous block of keycodes Deskhand rebinds to type characters the keymap lacks.
 * Claimed once, rebound a chunk at a time, and given back with {@link #original()} at
 * close.
 *
 * <p>
 * A keycode can be claimed when it is no modifier and holds nothing, or only XFree86
 * vendor keysyms (media, brightness and launcher keys, which a virtual display never
 * has), or a binding a previous Deskhand left behind when it was killed before it could
 * restore. On Xvfb's evdev keymap that is 232-255 (XF86MonBrightnessDown ... XF86RFKill,
 * and the empty 248). On real hardware those keycodes may be physical media keys:
 * pressing one while it is rebound types the bound character instead.
 *
 * @param first the lowest keycode
 * @param count how many keycodes
 * @param keysymsPerKeycode the row width of {@code original}
 * @param original the rows the block held when claimed
 */
record X11KeycodeBlock(int first, int count, int keysymsPerKeycode, long[] original) {

	/**
	 * Enough for most chunks of mixed text in one rebind, as measured when this driver
	 * was designed.
	 */
	static final int PREFERRED_SIZE = 24;

	/** Below this, range typing would rebind so often that it is not worth claiming. */
	static final int MINIMUM_SIZE = 4;

	boolean contains(int keycode) {
		return keycode >= this.first && keycode < this.first + this.count;
	}

	/**
	 * Picks the highest run of claimable keycodes of {@link #PREFERRED_SIZE}, else the
	 * longest run of at least {@link #MINIMUM_SIZE}.
	 * @param keymap the current keymap
	 * @param modifierKeycodes keycodes bound to modifiers, never claimed
	 * @return the block, or empty when the keymap has no room
	 */
	static Optional<X11KeycodeBlock> choose(X11Keymap keymap, Set<Integer> modifierKeycodes) {
		int bestFirst = -1;
		int bestCount = 0;
		int runTop = -1;
		for (int keycode = keymap.maxKeycode(); keycode >= keymap.minKeycode() - 1; keycode--) {
			boolean claimable = keycode >= keymap.minKeycode() && !modifierKeycodes.contains(keycode)
					&& isClaimable(keymap, keycode);
			if (claimable) {
				if (runTop < 0) {
					runTop = keycode;
				}
				if (runTop - keycode + 1 == PREFERRED_SIZE) {
					return Optional.of(claim(keymap, keycode, PREFERRED_SIZE));
				}
				continue;
			}
			if (runTop >= 0 && runTop - keycode > bestCount) {
				bestCount = runTop - keycode;
				bestFirst = keycode + 1;
			}
			runTop = -1;
		}
		if (bestCount < MINIMUM_SIZE) {
			return Optional.empty();
		}
		return Optional.of(claim(keymap, bestFirst, bestCount));
	}

	private static X11KeycodeBlock claim(X11Keymap keymap, int first, int count) {
		long[] original = keymap.rows(first, count);
		int width = keymap.keysymsPerKeycode();
		for (int i = 0; i < count; i++) {
			// what a killed Deskhand's leftover replaced is unknown: an empty key is the
			// safe guess
			if (isLeftover(keymap, first + i)) {
				Arrays.fill(original, i * width, (i + 1) * width, Keysyms.NO_SYMBOL);
			}
		}
		return new X11KeycodeBlock(first, count, width, original);
	}

	static boolean isClaimable(X11Keymap keymap, int keycode) {
		boolean vendorOrEmpty = true;
		for (int column = 0; column < keymap.keysymsPerKeycode(); column++) {
			long keysym = keymap.keysym(keycode, column);
			if (keysym != Keysyms.NO_SYMBOL && !Keysyms.isVendor(keysym)) {
				vendorOrEmpty = false;
				break;
			}
		}
		return vendorOrEmpty || isLeftover(keymap, keycode);
	}

	/** A row only Deskhand writes: one character keysym on both levels of both groups. */
	private static boolean isLeftover(X11Keymap keymap, int keycode) {
		long keysym = keymap.keysym(keycode, 0);
		if (!Keysyms.isCharacter(keysym)) {
			return false;
		}
		for (int column = 1; column < keymap.keysymsPerKeycode(); column++) {
			long expected = column < 4 ? keysym : Keysyms.NO_SYMBOL;
			if (keymap.keysym(keycode, column) != expected) {
				return false;
			}
		}
		return true;
	}

}
