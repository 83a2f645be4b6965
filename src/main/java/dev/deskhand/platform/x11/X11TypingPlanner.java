package dev.deskhand.platform.x11;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;

/**
 * Plans how to type a sequence of keysyms with the "range" method: keysyms the keymap has are
 * typed on their own keys (with Shift for level 1); the others are bound into the claimed
 * {@link X11KeycodeBlock}, as many as fit, with one keymap change per chunk. Pure: the keymap is
 * a snapshot, and executing, pacing included, is {@link X11KeyboardDriver}'s job.
 *
 * <p>
 * Chunks are as long as possible: a new chunk starts only when the block cannot hold one more
 * distinct keysym. Keysyms already bound stay on their keycode, so text that repeats characters
 * causes no rebind at all, and free keycodes are taken empty first, then those whose keysym the
 * rest of the text does not need.
 */
final class X11TypingPlanner {

	/** One key stroke: press and release {@code keycode}, inside Shift when {@code shift}. */
	record Stroke(int keycode, boolean shift) {
	}

	/** One keymap change: {@code keysyms[i]} onto both levels of keycode {@code firstKeycode + i}. */
	record Rebind(int firstKeycode, long[] keysyms) {

		@Override
		public boolean equals(Object other) {
			return other instanceof Rebind rebind && rebind.firstKeycode == this.firstKeycode
					&& Arrays.equals(rebind.keysyms, this.keysyms);
		}

		@Override
		public int hashCode() {
			return 31 * this.firstKeycode + Arrays.hashCode(this.keysyms);
		}

		@Override
		public String toString() {
			return "Rebind[" + this.firstKeycode + " " + Arrays.toString(this.keysyms) + "]";
		}

	}

	/** A rebind (or none, when everything needed is bound already), then the strokes it enables. */
	record Chunk(Rebind rebind, List<Stroke> strokes) {
	}

	private final X11Keymap keymap;

	private final X11KeycodeBlock block;

	/**
	 * @param keymap the keymap now, including the block's current bindings
	 * @param block the claimed block, or {@code null} when the keymap had none to spare
	 */
	X11TypingPlanner(X11Keymap keymap, X11KeycodeBlock block) {
		this.keymap = keymap;
		this.block = block;
	}

	/**
	 * @param keysyms what to type, one keysym per stroke
	 * @param maxDirectLevel 1 to type keymap keysyms with Shift where needed, 0 to bind level-1
	 * keysyms instead, -1 to bind everything (a keyboard group other than the first is active)
	 * @param pinnedKeycodes block keycodes that are held down and must keep their keysym
	 * @return the chunks, in order
	 * @throws DeskhandException before anything is typed, when a keysym cannot be typed
	 */
	List<Chunk> plan(long[] keysyms, int maxDirectLevel, Set<Integer> pinnedKeycodes) {
		int size = (this.block != null) ? this.block.count() : 0;
		long[] binding = new long[size];
		boolean[] pinned = new boolean[size];
		Set<Long> pinnedKeysyms = new HashSet<>();
		for (int slot = 0; slot < size; slot++) {
			binding[slot] = this.keymap.keysym(this.block.first() + slot, 0);
			pinned[slot] = pinnedKeycodes.contains(this.block.first() + slot);
			if (pinned[slot]) {
				pinnedKeysyms.add(binding[slot]);
			}
		}
		int capacity = size - pinnedKeysyms.size();
		int[] direct = new int[keysyms.length];
		for (int i = 0; i < keysyms.length; i++) {
			direct[i] = (maxDirectLevel < 0) ? -1
					: this.keymap.find(keysyms[i], maxDirectLevel, (keycode) -> this.block != null
							&& this.block.contains(keycode));
			if (direct[i] < 0 && !pinnedKeysyms.contains(keysyms[i]) && capacity <= 0) {
				throw cannotBind(keysyms[i], size);
			}
		}
		List<Chunk> chunks = new ArrayList<>();
		int start = 0;
		while (start < keysyms.length) {
			Set<Long> needed = new LinkedHashSet<>();
			int end = start;
			while (end < keysyms.length) {
				long keysym = keysyms[end];
				if (direct[end] < 0 && !pinnedKeysyms.contains(keysym) && !needed.contains(keysym)) {
					if (needed.size() == capacity) {
						break;
					}
					needed.add(keysym);
				}
				end++;
			}
			Rebind rebind = bind(binding, pinned, needed, keysyms, end);
			List<Stroke> strokes = new ArrayList<>(end - start);
			for (int i = start; i < end; i++) {
				if (direct[i] >= 0) {
					strokes.add(new Stroke(direct[i] >> 1, (direct[i] & 1) == 1));
				}
				else {
					strokes.add(new Stroke(this.block.first() + slotOf(binding, keysyms[i]), false));
				}
			}
			chunks.add(new Chunk(rebind, List.copyOf(strokes)));
			start = end;
		}
		return chunks;
	}

	/** Puts every needed keysym into the binding, in place; returns the change, or null if none. */
	private Rebind bind(long[] binding, boolean[] pinned, Set<Long> needed, long[] keysyms, int restFrom) {
		Set<Long> missing = new LinkedHashSet<>(needed);
		boolean[] taken = pinned.clone();
		for (int slot = 0; slot < binding.length; slot++) {
			if (!pinned[slot] && missing.remove(binding[slot])) {
				taken[slot] = true;
			}
		}
		if (missing.isEmpty()) {
			return null;
		}
		Set<Long> neededLater = new HashSet<>();
		for (int i = restFrom; i < keysyms.length; i++) {
			neededLater.add(keysyms[i]);
		}
		int low = Integer.MAX_VALUE;
		int high = -1;
		for (long keysym : missing) {
			int slot = freeSlot(binding, taken, neededLater);
			binding[slot] = keysym;
			taken[slot] = true;
			low = Math.min(low, slot);
			high = Math.max(high, slot);
		}
		return new Rebind(this.block.first() + low, Arrays.copyOfRange(binding, low, high + 1));
	}

	private static int freeSlot(long[] binding, boolean[] taken, Set<Long> neededLater) {
		int fallback = -1;
		int unneeded = -1;
		for (int slot = 0; slot < binding.length; slot++) {
			if (taken[slot]) {
				continue;
			}
			if (binding[slot] == X11Keysyms.NO_SYMBOL) {
				return slot;
			}
			if (unneeded < 0 && !neededLater.contains(binding[slot])) {
				unneeded = slot;
			}
			if (fallback < 0) {
				fallback = slot;
			}
		}
		return (unneeded >= 0) ? unneeded : fallback;
	}

	private static int slotOf(long[] binding, long keysym) {
		for (int slot = 0; slot < binding.length; slot++) {
			if (binding[slot] == keysym) {
				return slot;
			}
		}
		throw new IllegalStateException("keysym 0x" + Long.toHexString(keysym) + " was planned but not bound");
	}

	private static DeskhandException cannotBind(long keysym, int blockSize) {
		String reason = (blockSize == 0)
				? "the keymap has no spare keycodes to bind it to (it needs a run of at least "
						+ X11KeycodeBlock.MINIMUM_SIZE + " keycodes that are empty or hold only XF86 media keys)"
				: "all " + blockSize + " spare keycodes are held down";
		return new DeskhandException(ErrorCode.E_UNSUPPORTED,
				String.format("cannot type keysym 0x%x: the keyboard layout lacks it and %s", keysym, reason));
	}

}
