package dev.deskhand.platform.linux.x11;

import java.util.Arrays;
import java.util.function.IntPredicate;
import java.util.stream.IntStream;

import dev.deskhand.platform.linux.Keysyms;

/**
 * A snapshot of the core keyboard mapping: {@code keysymsPerKeycode} keysyms for each
 * keycode from {@code minKeycode}. Column 0 is what a key types without modifiers, column
 * 1 with Shift. Pure data: reading it from a server is
 * {@link X11Connection#keyboardMapping()}.
 */
final class X11Keymap {

	private final int minKeycode;

	private final int keysymsPerKeycode;

	private final long[] keysyms;

	X11Keymap(int minKeycode, int keysymsPerKeycode, long[] keysyms) {
		if (keysymsPerKeycode < 1 || keysyms.length % keysymsPerKeycode != 0) {
			throw new IllegalArgumentException(
					keysyms.length + " keysyms do not divide into rows of " + keysymsPerKeycode);
		}
		this.minKeycode = minKeycode;
		this.keysymsPerKeycode = keysymsPerKeycode;
		this.keysyms = keysyms;
	}

	int minKeycode() {
		return this.minKeycode;
	}

	int maxKeycode() {
		return this.minKeycode + this.keysyms.length / this.keysymsPerKeycode - 1;
	}

	int keysymsPerKeycode() {
		return this.keysymsPerKeycode;
	}

	/**
	 * @return the keysym in a column of a keycode's row; NoSymbol outside the map
	 */
	long keysym(int keycode, int column) {
		if (keycode < this.minKeycode || keycode > maxKeycode() || column < 0 || column >= this.keysymsPerKeycode) {
			return Keysyms.NO_SYMBOL;
		}
		return this.keysyms[(keycode - this.minKeycode) * this.keysymsPerKeycode + column];
	}

	/**
	 * @return a copy of the rows of {@code count} keycodes from {@code first}
	 */
	long[] rows(int first, int count) {
		int from = (first - this.minKeycode) * this.keysymsPerKeycode;
		return Arrays.copyOfRange(this.keysyms, from, from + count * this.keysymsPerKeycode);
	}

	/**
	 * Where a keysym can be typed directly.
	 * @param keysym the keysym
	 * @param maxLevel 0 to accept only keys that type it without modifiers, 1 to accept
	 * Shift
	 * @param excluded keycodes not to use (the claimed block)
	 * @return {@code keycode << 1 | level}, or -1 when no key types it
	 */
	int find(long keysym, int maxLevel, IntPredicate excluded) {
		for (int level = 0; level <= Math.min(maxLevel, this.keysymsPerKeycode - 1); level++) {
			for (int keycode = this.minKeycode; keycode <= maxKeycode(); keycode++) {
				if (keysym(keycode, level) == keysym && !excluded.test(keycode)) {
					return keycode << 1 | level;
				}
			}
		}
		return -1;
	}

	/**
	 * Every keycode that has {@code keysym} in any column, the way
	 * {@code XKeysymToKeycode} searches, but all of them: the evdev layout puts Alt_L on
	 * 64 and again on 204.
	 * @return the keycodes in ascending order; empty when no key has it
	 */
	int[] keycodesOf(long keysym) {
		return IntStream.rangeClosed(this.minKeycode, maxKeycode())
			.filter((keycode) -> IntStream.range(0, this.keysymsPerKeycode)
				.anyMatch((column) -> keysym(keycode, column) == keysym))
			.toArray();
	}

	/**
	 * The map after a rebind of {@code count} keycodes from {@code first}, as the server
	 * reports it: a two-column row {@code [k, k]} reads back as {@code [k, k, k, k]} (a
	 * second group).
	 */
	X11Keymap withBinding(int first, long[] boundKeysyms) {
		long[] copy = this.keysyms.clone();
		for (int i = 0; i < boundKeysyms.length; i++) {
			int row = (first + i - this.minKeycode) * this.keysymsPerKeycode;
			Arrays.fill(copy, row, row + this.keysymsPerKeycode, Keysyms.NO_SYMBOL);
			Arrays.fill(copy, row, row + Math.min(4, this.keysymsPerKeycode), boundKeysyms[i]);
		}
		return new X11Keymap(this.minKeycode, this.keysymsPerKeycode, copy);
	}

}
